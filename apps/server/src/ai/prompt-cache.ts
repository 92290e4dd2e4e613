import { createHash } from 'node:crypto';
import type { SystemModelMessage } from 'ai';
import { z } from 'zod';

/**
 * The instructions of a call whose instructions and schema many calls share (every analysis with one
 * prompt), sent so that providers cache that prefix. Anthropic caches a request up to a block marked
 * cache_control (its output schema or json tool comes before the system block); OpenAI caches repeated
 * prefixes by itself and sends calls with the same prompt_cache_key to the same cache. Other providers
 * ignore both settings.
 */
export function cachedPrefix(instructions: string, schema: z.ZodType) {
  const key = createHash('sha256')
    .update(instructions)
    .update(JSON.stringify(z.toJSONSchema(schema)))
    .digest('base64url')
    .slice(0, 32);
  const system: SystemModelMessage = {
    role: 'system',
    content: instructions,
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
  };
  return { instructions: system, providerOptions: { openai: { promptCacheKey: key } } };
}
