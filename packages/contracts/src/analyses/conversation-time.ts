import { parseBulkDate } from '../bulk/rules.ts';
import { dayInRange } from '../dates.ts';

/**
 * Where an analysis's conversation time came from, strongest first: declared with the upload (the API's
 * conversation_at, a metadata or CSV `date`), read from the conversation (a chat's first message), the
 * file's own (a Drive file's created time), else the upload time.
 */
export const CONVERSATION_TIME_SOURCES = ['declared', 'conversation', 'file', 'upload'] as const;
export type ConversationTimeSource = (typeof CONVERSATION_TIME_SOURCES)[number];

/**
 * A conversation time as given: `zoned` times are instants (an ISO time with Z or an offset); the others are a
 * wall-clock 'YYYY-MM-DDTHH:MM:SS' of the project's time zone (the server converts them where the zone is
 * known). A bare date is taken at noon, so the day stays the same in the zones next to it.
 */
export interface ConversationTime {
  at: string;
  zoned: boolean;
}

const ZONE = /(Z|[+-]\d{2}:\d{2})$/;

/** A date or date and time (parseBulkDate's forms) as a conversation time; null when it is none or out of range. */
export function conversationTimeOf(text: string): ConversationTime | null {
  const parsed = parseBulkDate(text);
  if (parsed === null || !dayInRange(parsed.slice(0, 10))) return null;
  if (parsed.length === 10) return { at: `${parsed}T12:00:00`, zoned: false };
  return { at: parsed, zoned: ZONE.test(parsed) };
}

/**
 * The conversation time an upload declares: its conversation_at, else a metadata value named `date` (any
 * case; what a bulk row's date column becomes) that is a date. Null: none declared.
 */
export function declaredConversationTime(
  conversationAt: string | undefined,
  metadata: Readonly<Record<string, string>>,
): ConversationTime | null {
  if (conversationAt) return conversationTimeOf(conversationAt);
  const key = Object.keys(metadata).find((name) => name.trim().toLowerCase() === 'date');
  return key === undefined ? null : conversationTimeOf(metadata[key]!);
}
