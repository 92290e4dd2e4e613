import { z } from 'zod';
import { Id } from '../inputs.ts';
import { PROVIDERS } from './models.ts';
import { PROMPT_NAME_MAX, Prompt, PromptInput } from './schema.ts';

// The routes: packages/contracts/src/routes/prompts.ts and models.ts.

export const ProviderInfoSchema = z.object({
  id: z.enum(PROVIDERS),
  name: z.string(),
  available: z.boolean(),
});
export const ModelInfoSchema = z.object({
  model: z.string(),
  display_name: z.string(),
  max_tokens: z.number().int(),
  context_window: z.number().int(),
  units: z.number(),
  /** The provider retired it: not offered for new choices, still named where it was used. */
  retired: z.boolean().optional(),
});
export const ProvidersResponse = z.object({ data: z.array(ProviderInfoSchema) });
export const ModelsResponse = z.object({ data: z.array(ModelInfoSchema) });
export const ProviderParams = z.object({ provider: z.enum(PROVIDERS) });

export const PromptParams = z.object({
  id: Id,
  promptId: Id,
});
export const PromptByNameQuery = z.object({ name: z.string().trim().min(1).max(PROMPT_NAME_MAX) });
export const PromptResponse = z.object({ data: Prompt });
export const PromptListResponse = z.object({ data: z.array(Prompt) });
export const SavePromptRequest = PromptInput;

export const GeneratePromptRequest = z.object({
  taskDescription: z
    .string()
    .trim()
    .min(1, 'Please describe the prompt you want the AI to generate.')
    .max(10_000),
  /** Set when improving an existing prompt: the AI starts from it. */
  promptId: Id.optional(),
});
/** A generated prompt: complete form data, not saved yet. */
export const GeneratedPromptResponse = z.object({
  data: PromptInput.required().partial({ knockoutCap: true }),
});
