import {
  type ConversationTime,
  conversationTimeOf,
  dayInRange,
  type ReceiverMappingRow,
  UPLOAD_METADATA,
} from '@parley/contracts';

/**
 * The value at a dotted path of a call event ('data.user.name', 'payload.object.topic', 'CallSid'): own
 * properties only, array items by their index; undefined when any step is missing.
 */
export function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** A value as metadata text: trimmed and cut to the metadata's limit; null, missing and empty values give none. */
function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = (typeof value === 'object' ? JSON.stringify(value) : String(value)).trim();
  return text === '' ? null : text.slice(0, UPLOAD_METADATA.valueMax);
}

/** The analysis's metadata the mapping makes of a call event; fields the event does not have are left out. */
export function mappedMetadata(
  source: unknown,
  mapping: readonly ReceiverMappingRow[],
): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const row of mapping) {
    const text = textOf(valueAt(source, row.source));
    if (text !== null) metadata[row.metadata] = text;
  }
  return metadata;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 2822 as Twilio writes RecordingStartTime: 'Mon, 22 Aug 2011 17:46:04 +0000' (weekday optional). */
const RFC_2822 =
  /^(?:[A-Za-z]{3},\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s+([+-]\d{4}|GMT|UT|UTC|Z)$/;
/** Seconds (10 digits today) or milliseconds (13) since 1970. */
const UNIX = /^\d{1,15}(?:\.\d{1,6})?$/;
/** From here on a number is taken as milliseconds: 10^11 seconds is the year 5138. */
const MILLISECONDS_FROM = 1e11;

const pad = (n: number) => String(n).padStart(2, '0');

function instant(ms: number): ConversationTime | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const at = date.toISOString();
  return dayInRange(at.slice(0, 10)) ? { at, zoned: true } : null;
}

function rfc2822(text: string): ConversationTime | null {
  const match = RFC_2822.exec(text);
  if (!match) return null;
  const [, day, monthName, year, hh, mm, ss, zone] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  if (month < 0) return null;
  const offset = /^[+-]\d{4}$/.test(zone!) ? `${zone!.slice(0, 3)}:${zone!.slice(3)}` : 'Z';
  // The ISO reading checks the day and the time (no 30 February, no 25:00).
  return conversationTimeOf(
    `${year}-${pad(month + 1)}-${pad(Number(day))}T${hh}:${mm}:${ss ?? '00'}${offset}`,
  );
}

/**
 * When a call started, from the event's field: ISO 8601 (with a zone an instant, without one the project's
 * wall clock), RFC 2822 (Twilio's), or seconds or milliseconds since 1970. Anything else (or a day out of
 * range) gives none: the analysis is then dated by its arrival, the event is not refused.
 */
export function conversationTimeAt(source: unknown, path: string): ConversationTime | null {
  if (path === '') return null;
  const value = valueAt(source, path);
  if (typeof value === 'number') return instant(value < MILLISECONDS_FROM ? value * 1000 : value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length > 64) return null;
  if (UNIX.test(text)) {
    const number = Number(text);
    return instant(number < MILLISECONDS_FROM ? number * 1000 : number);
  }
  return conversationTimeOf(text) ?? rfc2822(text);
}
