import { ChunkFields, UploadFields } from '@parley/contracts';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { refuseInvalidInput } from '../../http/text-guard.ts';
import { parseOrRefuse } from '../../http/validation.ts';

export type UploadInput = z.output<typeof UploadFields>;
export type ChunkInput = z.output<typeof ChunkFields>;

const TRUE = new Set(['true', '1', 'on', 'yes']);
const METADATA_NOT_OBJECT = 'Metadata must be a JSON object of names and values.';

/**
 * Multipart text fields as UploadFields expects them: `metadata` is a JSON object (its values become
 * strings), `force` a boolean, empty values are absent.
 */
function formValues(raw: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value.trim() === '') continue;
    values[name] = value;
  }
  if (typeof values.force === 'string') values.force = TRUE.has(values.force.trim().toLowerCase());
  if (typeof values.metadata === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.metadata);
    } catch {
      throw badRequest(METADATA_NOT_OBJECT, 'validation_error', 'metadata');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badRequest(METADATA_NOT_OBJECT, 'validation_error', 'metadata');
    }
    // Before its values are written out as text: JSON.stringify cannot go 10,000 levels deep.
    refuseInvalidInput({ metadata: parsed });
    const entries: [string, unknown][] = Object.entries(parsed);
    values.metadata = Object.fromEntries(
      entries
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    );
  }
  return values;
}

export function parseUploadFields(raw: Record<string, string>): UploadInput {
  return parseOrRefuse(UploadFields, formValues(raw));
}

export function parseChunkFields(raw: Record<string, string>): ChunkInput {
  return parseOrRefuse(ChunkFields, formValues(raw));
}
