import {
  type ConversationSegment,
  type ConversationTime,
  conversationTimeOf,
  taskError,
  transcriptToText,
} from '@parley/contracts';
import { parseChatLines } from './chat-lines.ts';
import { MediaError } from './ffmpeg.ts';

/** Largest text conversation read (a chat export; bigger files are surely not one conversation). */
export const MAX_TEXT_BYTES = 20 * 1024 * 1024;

export const TEXT_ERRORS = {
  empty: taskError('text_empty'),
  tooLarge: taskError('text_too_large', { megabytes: MAX_TEXT_BYTES / 1024 / 1024 }),
  badJson: taskError('text_bad_json'),
} as const;

const SPEAKER_KEYS = ['speaker', 'author', 'role', 'name', 'from', 'sender', 'user'] as const;
/** An author given as an object ({ author: { name: 'Ann' } }). */
const NAME_KEYS = ['name', 'display_name', 'displayName', 'username', 'id'] as const;
const TEXT_KEYS = ['text', 'message', 'content', 'body'] as const;
const TIME_KEYS = ['time', 'timestamp', 'start', 'date', 'created_at'] as const;

/**
 * A text conversation (media kind 'text') as segments: a .json chat export (an array of
 * {speaker|author|role, text|message|content, time?}, or an object holding such an array under
 * messages/conversation/items/data; app notices such as Telegram's service messages left out) or a .txt
 * chat export (see chat-lines.ts).
 */
export function parseTextConversation(raw: string, fileName: string): ConversationSegment[] {
  return readTextConversation(raw, fileName).segments;
}

/** The conversation's segments, and when its first message was sent (null when the chat does not say). */
export function readTextConversation(
  raw: string,
  fileName: string,
): { segments: ConversationSegment[]; startedAt: ConversationTime | null } {
  const text = raw.replace(/^\uFEFF/, '');
  const json = /\.json$/i.test(fileName) || /^\s*[[{]/.test(text) ? parseJsonChat(text, fileName) : null;
  const { segments, startedAt } = json ?? parseChatLines(text);
  const cleaned = segments.filter((segment) => segment.text.trim() !== '');
  if (cleaned.length === 0) throw new MediaError(TEXT_ERRORS.empty);
  return { segments: cleaned, startedAt };
}

/** The conversation as the model reads it and as it is billed (characters of this text). */
export function conversationText(segments: readonly ConversationSegment[]): string {
  return transcriptToText(segments);
}

function parseJsonChat(
  text: string,
  fileName: string,
): { segments: ConversationSegment[]; startedAt: ConversationTime | null } | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    if (/\.json$/i.test(fileName)) throw new MediaError(TEXT_ERRORS.badJson);
    return null;
  }
  if (!Array.isArray(data) && isRecord(data)) {
    const record = data;
    data = ['messages', 'conversation', 'items', 'data', 'chat']
      .map((key) => record[key])
      .find(Array.isArray);
  }
  if (!Array.isArray(data)) throw new MediaError(TEXT_ERRORS.badJson);
  const times: Array<number | null> = [];
  let firstStamp: unknown;
  const messages = data.flatMap((item): ConversationSegment[] => {
    if (typeof item === 'string') {
      times.push(null);
      return [{ start: null, end: null, speaker: null, text: item }];
    }
    if (!isRecord(item)) throw new MediaError(TEXT_ERRORS.badJson);
    if (item.type === 'service') return [];
    const stamp = pick(item, TIME_KEYS);
    if (times.length === 0) firstStamp = stamp;
    times.push(parseTime(stamp));
    return [
      {
        start: null,
        end: null,
        speaker: speakerName(pick(item, SPEAKER_KEYS)),
        text: contentText(pick(item, TEXT_KEYS)),
      },
    ];
  });
  // Absolute dates become seconds from the first message; plain numbers and mm:ss are already relative.
  const first = times.find((time): time is number => time !== null);
  const absolute = first !== undefined && first > 1e9;
  const segments = messages.map((message, index) => {
    const time = times[index] ?? null;
    const start = time === null ? null : absolute ? time - first! : time;
    return { ...message, start, end: start };
  });
  return { segments, startedAt: absoluteTime(firstStamp) };
}

/** A message's stamp as a date and time: epoch seconds or milliseconds, or an ISO date (with or without zone). */
function absoluteTime(stamp: unknown): ConversationTime | null {
  if (typeof stamp === 'number' && Number.isFinite(stamp) && stamp > 1e9) {
    const date = new Date(stamp > 1e11 ? stamp : stamp * 1000);
    return Number.isNaN(date.getTime()) ? null : conversationTimeOf(date.toISOString());
  }
  return typeof stamp === 'string' ? conversationTimeOf(stamp) : null;
}

function speakerName(value: unknown): string | null {
  const name = isRecord(value) ? pick(value, NAME_KEYS) : value;
  if (typeof name === 'number') return String(name);
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

function contentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return (
      value
        .map((part) =>
          typeof part === 'string' ? part : isRecord(part) ? contentText(pick(part, TEXT_KEYS)) : '',
        )
        .filter(Boolean)
        // Parts that bring their own spacing (Telegram's 'See ' + link) join as they are.
        .reduce(
          (text, part) => (!text || /\s$/.test(text) || /^\s/.test(part) ? text + part : `${text} ${part}`),
          '',
        )
    );
  }
  return '';
}

/** Seconds: a number, 'h:mm:ss' / 'mm:ss', or a date (epoch seconds, compared to the first message). */
function parseTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 1e11 ? value / 1000 : value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date / 1000;
}

function pick(item: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (item[key] !== undefined && item[key] !== null) return item[key];
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
