import { z } from 'zod';
import { TASK_STATUSES } from '../analyses/status.ts';
import { PG_INTEGER_MAX } from '../inputs.ts';

/**
 * Access and erasure for one person (GDPR articles 15 and 17, issue 34): an admin looks for a phone number,
 * an email address or a name in the project's analyses, then exports or erases the conversations found.
 */
export const PERSON_SEARCH_KINDS = ['phone', 'email', 'name'] as const;
export type PersonSearchKind = (typeof PERSON_SEARCH_KINDS)[number];

export const DATA_REQUESTS = {
  /** Longest searched value. */
  valueMax: 200,
  /** Matches in one answer; the next ones come with `before`. */
  resultsMax: 100,
  /** Analyses read per search request (newest first); `next_before` goes on from there. */
  scanMax: 20_000,
  /** Analyses one export or erasure takes. */
  selectionMax: 200,
  /** Digits a phone number needs to be searched (fewer would match every order number). */
  phoneDigitsMin: 6,
  /** Words of a name, and the letters each needs. */
  nameWordsMax: 6,
  nameWordMin: 2,
} as const;

/** Where in an analysis the searched value was found. */
export const PERSON_MATCH_PLACES = [
  'title',
  'file_name',
  'metadata',
  'representative',
  'transcript',
  'transcript_original',
] as const;
export type PersonMatchPlace = (typeof PERSON_MATCH_PLACES)[number];

/** A cursor of the newest-first walk: the last analysis read, as `<conversation time ms>:<id>`. */
const Cursor = z
  .string()
  .max(40)
  .regex(/^\d{1,17}:\d{1,10}$/);

export const PersonSearchRequest = z.object({
  kind: z.enum(PERSON_SEARCH_KINDS),
  value: z.string().trim().min(1).max(DATA_REQUESTS.valueMax),
  /** Go on after this cursor (the previous answer's next_before). */
  before: Cursor.optional(),
});
export type PersonSearchRequest = z.infer<typeof PersonSearchRequest>;

export const PersonMatch = z.object({
  id: z.number(),
  conversation_at: z.string(),
  created_at: z.string(),
  status: z.enum(TASK_STATUSES),
  title: z.string().nullable(),
  file_name: z.string(),
  /** Already erased or expired: nothing personal left but what matched. */
  expired: z.boolean(),
  places: z.array(z.enum(PERSON_MATCH_PLACES)),
});
export type PersonMatch = z.infer<typeof PersonMatch>;

export const PersonSearchResponse = z.object({
  data: z.object({
    /** The value as it was looked for: a phone number in international form, an email in lower case. */
    searched: z.string(),
    matches: z.array(PersonMatch),
    /** Null when every analysis of the project was read; else pass it as `before` to read on. */
    next_before: z.string().nullable(),
  }),
});
export type PersonSearchResponse = z.infer<typeof PersonSearchResponse>;

const TaskId = z.number().int().positive().max(PG_INTEGER_MAX);

/** Analysis ids as a comma-separated list (a query parameter, so that the export is a plain download link). */
export const TaskIdList = z
  .string()
  .max(DATA_REQUESTS.selectionMax * 11)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'A comma-separated list of analysis ids.')
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .pipe(z.array(TaskId).min(1).max(DATA_REQUESTS.selectionMax));

export const PersonExportQuery = z.object({ task_ids: TaskIdList });

export const PersonEraseRequest = z.object({
  task_ids: z.array(TaskId).min(1).max(DATA_REQUESTS.selectionMax),
  /** What was searched: the audit trail keeps it masked, and a phone number can be blacklisted. */
  kind: z.enum(PERSON_SEARCH_KINDS),
  value: z.string().trim().min(1).max(DATA_REQUESTS.valueMax),
  /** Add the searched phone number to the project's blacklist in the same step (kind phone only). */
  blacklist: z.boolean().default(false),
  /** The client asked the person who erases and they confirmed: nothing erased can be brought back. */
  confirm: z.literal(true),
});
export type PersonEraseRequest = z.input<typeof PersonEraseRequest>;

export const PersonEraseResponse = z.object({
  data: z.object({
    /** Analyses erased (with the others of the same conversation file). */
    erased: z.number(),
    /** Chosen analyses left alone: still queued or running, or not found in the project. */
    skipped: z.number(),
    media_removed: z.number(),
    /** The number is on the blacklist now (added, or it was there already). */
    blacklisted: z.boolean(),
  }),
});
export type PersonEraseResponse = z.infer<typeof PersonEraseResponse>;

/** A searched value as the audit trail keeps it: enough to recognise it, never the value itself. */
export function maskPersonValue(kind: PersonSearchKind, value: string): string {
  const text = value.trim();
  if (kind === 'phone') {
    const digits = text.replace(/\D/g, '');
    return `${text.startsWith('+') ? '+' : ''}${'•'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
  }
  if (kind === 'email') {
    const [local = '', domain = ''] = text.toLowerCase().split('@');
    return `${local.slice(0, 1)}•••@${domain.slice(0, 1)}•••`;
  }
  return text
    .split(/\s+/)
    .map((word) => `${[...word][0] ?? ''}•••`)
    .join(' ');
}
