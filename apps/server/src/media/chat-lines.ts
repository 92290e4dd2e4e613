import type { ConversationSegment, ConversationTime } from '@parley/contracts';

/**
 * A .txt chat export as messages. Each line may start with a stamp: a date and time (WhatsApp and similar:
 * '12/31/23, 9:41 PM - Ann: Hi', '[31.12.23, 21:41:05] Ann: Hi', '2023-12-31 21:41 Ann: Hi'), a clock
 * time with AM/PM ('[9:41 PM] Ann: Hi') or a time from the start ('[0:05] Ann: Hi'), then 'Name: text'.
 * In a file whose messages carry stamps, a line without one continues the message before it (a message
 * may hold 'Note: ...' or '10:30 works'); otherwise every 'Name: text' line starts a message. Stamped
 * lines without a name are the app's notices ('Messages and calls are end-to-end encrypted', 'Ann
 * joined') and are left out. Dates and clock times become seconds from the first message; the first
 * message's date and time (no zone: the chat's own clock) is when the chat started.
 */
export function parseChatLines(text: string): {
  segments: ConversationSegment[];
  startedAt: ConversationTime | null;
} {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(BIDI_MARKS, ''))
    .filter((line) => line.trim() !== '')
    .map(readLine);
  // The stamp most lines start with marks the messages ('10:30 works for me' inside a WhatsApp message
  // continues it); a file with more unstamped 'Name: text' lines than stamped ones goes by names.
  const kinds = new Map<Stamp['kind'], number>();
  for (const { stamp } of lines) if (stamp) kinds.set(stamp.kind, (kinds.get(stamp.kind) ?? 0) + 1);
  const [mainKind, stamped] = [...kinds].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const namedOnly = lines.filter((line) => line.stamp === null && line.name !== null).length;
  const stampsStartMessages = stamped > namedOnly;
  const dayFirst = dayComesFirst(lines.flatMap((line) => (line.stamp?.kind === 'date' ? [line.stamp] : [])));
  const clock = new RelativeClock();

  const segments: ConversationSegment[] = [];
  let startedAt: ConversationTime | null = null;
  // The message that lines without a start continue; null after a notice (its lines are left out too).
  let current: ConversationSegment | null = null;
  let afterNotice = false;
  for (const line of lines) {
    const starts = stampsStartMessages ? line.stamp?.kind === mainKind : line.name !== null;
    if (!starts) {
      if (current) current.text = current.text ? `${current.text}\n${line.raw.trim()}` : line.raw.trim();
      else if (!afterNotice) {
        // Text before the first message: a message of nobody in particular.
        current = { start: null, end: null, speaker: null, text: line.raw.trim() };
        segments.push(current);
      }
      continue;
    }
    const start = line.stamp ? clock.seconds(line.stamp, dayFirst) : null;
    const notice = line.stamp !== null && line.stamp.kind !== 'elapsed' && line.name === null;
    if (notice || SYSTEM_NOTICE.test(line.body)) {
      current = null;
      afterNotice = true;
      continue;
    }
    current = { start, end: start, speaker: line.name, text: line.body.trim() };
    if (segments.length === 0 && line.stamp?.kind === 'date') {
      const wallClock = new Date(dateSeconds(line.stamp, dayFirst) * 1000).toISOString().slice(0, 19);
      startedAt = { at: wallClock, zoned: false };
    }
    segments.push(current);
  }
  return { segments, startedAt };
}

type Stamp =
  | { kind: 'date'; parts: [number, number, number]; separator: string; time: ClockTime }
  | { kind: 'clock'; time: ClockTime }
  | { kind: 'elapsed'; seconds: number };

interface ClockTime {
  hour: number;
  minute: number;
  second: number;
  meridiem: 'am' | 'pm' | null;
}

interface Line {
  raw: string;
  stamp: Stamp | null;
  name: string | null;
  /** The text after the stamp and the name. */
  body: string;
}

/** Left-to-right and other invisible direction marks that WhatsApp puts around names and notices. */
const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?\s?[Mm]\.?(?!\p{L}))?`;
const DATED = new RegExp(
  String.raw`^\s*\[?(\d{1,4})([./-])(\d{1,2})[./-](\d{1,4})(?:,?\s+|T)(?:at\s+)?${TIME}\]?\s*(?:[-–—:]\s+)?(.*)$`,
  'u',
);
const CLOCK = new RegExp(String.raw`^\s*\[?${TIME}\]?\s*(?:[-–—]\s+)?(.*)$`, 'u');
const ELAPSED = /^\s*\[?((?:\d+:)?\d{1,2}:\d{2}(?:\.\d+)?)\]?\s*(?:[-–—]\s+)?(.*)$/;
/** 'Name: text' (or 'Name:' alone, the text on the next lines); a name has something besides digits. */
const NAMED = /^([^:]{1,40}?):(?:\s+([\s\S]*))?$/;
/** Notices an app writes as if someone had sent them (WhatsApp on iPhone: under the chat's name). */
const SYSTEM_NOTICE =
  /^(?:Messages and calls are end-to-end encrypted|Messages to this (?:group|chat) are now secured)/i;

function readLine(raw: string): Line {
  const { stamp, rest } = readStamp(raw);
  const named = NAMED.exec(rest.trim());
  const name = named?.[1]?.trim() ?? '';
  if (named && /[^\d\s]/u.test(name) && !/^https?$/i.test(name)) {
    return { raw, stamp, name, body: named[2] ?? '' };
  }
  return { raw, stamp, name: null, body: rest };
}

function readStamp(raw: string): { stamp: Stamp | null; rest: string } {
  const dated = DATED.exec(raw);
  if (dated) {
    const [, a, separator, b, c, ...time] = dated;
    return {
      stamp: {
        kind: 'date',
        parts: [Number(a), Number(b), Number(c)],
        separator: separator!,
        time: clockTime(time),
      },
      rest: time[4] ?? '',
    };
  }
  const clock = CLOCK.exec(raw);
  if (clock?.[4]) return { stamp: { kind: 'clock', time: clockTime(clock.slice(1)) }, rest: clock[5] ?? '' };
  const elapsed = ELAPSED.exec(raw);
  if (elapsed?.[1] && elapsed[2]) {
    const parts = elapsed[1].split(':').map(Number);
    const seconds = parts.reduce((total, part) => total * 60 + part, 0);
    return { stamp: { kind: 'elapsed', seconds }, rest: elapsed[2] };
  }
  return { stamp: null, rest: raw };
}

function clockTime([hour, minute, second, meridiem]: Array<string | undefined>): ClockTime {
  const marker = meridiem?.toLowerCase();
  return {
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
    meridiem: marker === 'a' ? 'am' : marker === 'p' ? 'pm' : null,
  };
}

/**
 * Whether 'a/b/c' dates of this file are day/month (31/12/23, 31.12.23) or month/day (12/31/23): a part
 * above 12 decides; otherwise dots and 24-hour times are day first, slashes with AM/PM month first.
 */
function dayComesFirst(stamps: ReadonlyArray<Extract<Stamp, { kind: 'date' }>>): boolean {
  const short = stamps.filter((stamp) => stamp.parts[0] < 100);
  if (short.some((stamp) => stamp.parts[0] > 12)) return true;
  if (short.some((stamp) => stamp.parts[1] > 12)) return false;
  const us = short.some((stamp) => stamp.separator === '/' && stamp.time.meridiem !== null);
  return !us;
}

/** Seconds from the first dated or clock message; times from the start of the chat are kept as they are. */
class RelativeClock {
  private first: number | null = null;
  private lastClock: number | null = null;
  private days = 0;

  seconds(stamp: Stamp, dayFirst: boolean): number {
    if (stamp.kind === 'elapsed') return stamp.seconds;
    let absolute: number;
    if (stamp.kind === 'date') {
      absolute = dateSeconds(stamp, dayFirst);
    } else {
      // A clock time alone: a time earlier than the one before is on the next day.
      const time = secondsOfDay(stamp.time);
      if (this.lastClock !== null && time < this.lastClock) this.days += 1;
      this.lastClock = time;
      absolute = this.days * 86_400 + time;
    }
    this.first ??= absolute;
    return absolute - this.first;
  }
}

function secondsOfDay({ hour, minute, second, meridiem }: ClockTime): number {
  const hours = meridiem === null ? hour : (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  return hours * 3600 + minute * 60 + second;
}

function dateSeconds(stamp: Extract<Stamp, { kind: 'date' }>, dayFirst: boolean): number {
  const [a, b, c] = stamp.parts;
  const [year, month, day] = a >= 100 ? [a, b, c] : dayFirst ? [c, b, a] : [c, a, b];
  const fullYear = year < 100 ? 2000 + year : year;
  return Date.UTC(fullYear, month - 1, day) / 1000 + secondsOfDay(stamp.time);
}
