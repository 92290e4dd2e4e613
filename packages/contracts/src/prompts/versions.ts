import { z } from 'zod';
import { Id } from '../inputs.ts';
import { type PromptData, PromptInput } from './schema.ts';

// Scorecard versions: every saved change of a prompt (routes: packages/contracts/src/routes/prompts.ts).

/**
 * published: what new analyses use (one per prompt); draft: saved, not used until published (one per prompt
 * at a time); superseded: published once, replaced since.
 */
export const PROMPT_VERSION_STATES = ['published', 'draft', 'superseded'] as const;
export type PromptVersionState = (typeof PROMPT_VERSION_STATES)[number];

/** Who saved a version: a member, through the app or one of their API keys; all null when unknown. */
export const PromptVersionAuthor = z.object({
  user_id: z.number().int().nullable(),
  /** The member's name (or e-mail when they have none). */
  name: z.string().nullable(),
  /** The name of the API key the version was saved with; null when saved in the app. */
  api_key: z.string().nullable(),
});

export const PromptVersionSummary = z.object({
  id: z.number().int(),
  prompt_id: z.number().int(),
  /** 1, 2, 3 … per prompt, in the order the versions were made. */
  number: z.number().int(),
  state: z.enum(PROMPT_VERSION_STATES),
  /** Null for versions made before authors were kept, or by the server (a retired model replaced). */
  author: PromptVersionAuthor.nullable(),
  created_at: z.string(),
  /** When it was published; null for a draft and for versions published before this was kept. */
  published_at: z.string().nullable(),
});
export type PromptVersionSummary = z.output<typeof PromptVersionSummary>;

/** A version with the prompt as it was saved (settings and fields). */
export const PromptVersion = PromptVersionSummary.extend({ prompt: PromptInput });
export type PromptVersion = z.output<typeof PromptVersion>;

export const PromptVersionParams = z.object({ id: Id, promptId: Id, versionId: Id });

/** Versions listed per page (newest first); a long-edited prompt has hundreds. */
export const PROMPT_VERSION_PAGE = { default: 20, max: 100 } as const;

export const PromptVersionListQuery = z.object({
  /** Versions numbered below this one (the previous page's next_before). */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(PROMPT_VERSION_PAGE.max).default(PROMPT_VERSION_PAGE.default),
});
export const PromptVersionListResponse = z.object({
  data: z.array(PromptVersionSummary),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export const PromptVersionResponse = z.object({ data: PromptVersion });

/**
 * A version's stored data of any age as prompt data: settings a later release renamed or dropped fall back
 * to their defaults (the stored data is the pipeline's snapshot, which also holds id, projectId, unitsMilli).
 */
export function readVersionPrompt(data: Record<string, unknown>): PromptData {
  const first = PromptInput.safeParse(data);
  if (first.success) return first.data;
  const broken = new Set(first.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !broken.has(key)));
  return PromptInput.parse({ scriptName: '', ...kept });
}
