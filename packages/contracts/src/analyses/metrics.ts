import { z } from 'zod';
import type { ConversationSegment } from './transcript.ts';

/**
 * Conversation metrics of an audio task (chats: chatMetrics below), computed from the timed transcript segments (tasks.metrics).
 * Pure functions; segments without times or text are ignored; a segment without a speaker counts as
 * speaker 'Unknown'. Times are in seconds, rounded to 2 decimals; shares are 0..1, rounded to 4.
 *
 * - talk time of a speaker: the union of their segments (their own overlapping segments count once);
 *   talk ratio: talk time / the sum of all speakers' talk times.
 * - longest monologue: the longest run of one speaker's consecutive segments with no other speaker's
 *   segment starting in between, from the run's first start to its last end.
 * - silence share: the part of the conversation (its duration, else the last segment's end) in which
 *   nobody speaks.
 * - overlaps: a segment that starts while another speaker's segment is still running. It is an
 *   interruption when the speaker who was talking stops before the newcomer does (the newcomer takes
 *   the floor); back-channel remarks inside the other's speech are overlaps only.
 * - speaking rate: words per minute of the speaker's talk time.
 * - questions: sentences ending in a question mark (?, ？ or ؟; '??' counts once).
 */
export const SpeakerMetrics = z.object({
  speaker: z.string(),
  talkSeconds: z.number(),
  talkRatio: z.number(),
  words: z.number().int(),
  wordsPerMinute: z.number().nullable(),
  questions: z.number().int(),
  /** Interruptions this speaker made. */
  interruptions: z.number().int(),
});
export type SpeakerMetrics = z.infer<typeof SpeakerMetrics>;

export const ConversationMetrics = z.object({
  durationSeconds: z.number(),
  speakers: z.array(SpeakerMetrics),
  longestMonologue: z.object({ speaker: z.string(), seconds: z.number(), start: z.number() }).nullable(),
  silenceShare: z.number(),
  overlaps: z.number().int(),
  interruptions: z.number().int(),
});
export type ConversationMetrics = z.infer<typeof ConversationMetrics>;

interface Timed {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f + 0;
};

function timed(segments: readonly ConversationSegment[]): Timed[] {
  return segments
    .filter(
      (s): s is ConversationSegment & { start: number; end: number } =>
        typeof s.start === 'number' && typeof s.end === 'number' && s.end > s.start && s.text.trim() !== '',
    )
    .map((s) => ({ start: s.start, end: s.end, speaker: s.speaker ?? 'Unknown', text: s.text }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Total length of the union of intervals. */
export function unionSeconds(intervals: ReadonlyArray<{ start: number; end: number }>): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let current: { start: number; end: number } | null = null;
  for (const interval of sorted) {
    if (current && interval.start <= current.end) {
      current.end = Math.max(current.end, interval.end);
    } else {
      if (current) total += current.end - current.start;
      current = { start: interval.start, end: interval.end };
    }
  }
  if (current) total += current.end - current.start;
  return total;
}

export function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function countQuestions(text: string): number {
  return (text.match(/[?？؟]+/gu) ?? []).length;
}

export interface SpeakerRun {
  speaker: string;
  start: number;
  end: number;
}

/** Runs of consecutive segments of one speaker (no other speaker's segment starting in between). */
export function speakerRuns(segments: readonly ConversationSegment[]): SpeakerRun[] {
  const runs: SpeakerRun[] = [];
  for (const segment of timed(segments)) {
    const run = runs.at(-1);
    if (run && run.speaker === segment.speaker) run.end = Math.max(run.end, segment.end);
    else runs.push({ speaker: segment.speaker, start: segment.start, end: segment.end });
  }
  return runs;
}

/** The longest run (the first of equals), as the metrics keep it. */
export function longestRun(runs: readonly SpeakerRun[]): ConversationMetrics['longestMonologue'] {
  const longest = runs.reduce<SpeakerRun | null>(
    (best, run) => (!best || run.end - run.start > best.end - best.start ? run : best),
    null,
  );
  return longest
    ? { speaker: longest.speaker, seconds: longest.end - longest.start, start: longest.start }
    : null;
}

export function conversationMetrics(
  segments: readonly ConversationSegment[],
  durationSeconds?: number | null,
): ConversationMetrics {
  const list = timed(segments);
  const lastEnd = list.reduce((max, s) => Math.max(max, s.end), 0);
  const duration = Math.max(durationSeconds ?? 0, lastEnd);

  const names = [...new Set(list.map((s) => s.speaker))];
  const talk = new Map(names.map((name) => [name, unionSeconds(list.filter((s) => s.speaker === name))]));
  const totalTalk = [...talk.values()].reduce((a, b) => a + b, 0);

  // Overlaps and interruptions: a segment starting inside another speaker's running segment.
  let overlaps = 0;
  let interruptions = 0;
  const interruptionsBy = new Map<string, number>();
  list.forEach((segment, index) => {
    const running = list
      .slice(0, index)
      .filter((other) => other.speaker !== segment.speaker && other.end > segment.start);
    if (running.length === 0) return;
    overlaps += 1;
    if (running.some((other) => other.end < segment.end)) {
      interruptions += 1;
      interruptionsBy.set(segment.speaker, (interruptionsBy.get(segment.speaker) ?? 0) + 1);
    }
  });

  const monologue = longestRun(speakerRuns(list));

  const speech = unionSeconds(list);
  return {
    durationSeconds: round(duration, 2),
    speakers: names.map((speaker) => {
      const own = list.filter((s) => s.speaker === speaker);
      const seconds = talk.get(speaker) ?? 0;
      const words = own.reduce((total, s) => total + countWords(s.text), 0);
      return {
        speaker,
        talkSeconds: round(seconds, 2),
        talkRatio: totalTalk > 0 ? round(seconds / totalTalk, 4) : 0,
        words,
        wordsPerMinute: seconds > 0 ? round(words / (seconds / 60), 1) : null,
        questions: own.reduce((total, s) => total + countQuestions(s.text), 0),
        interruptions: interruptionsBy.get(speaker) ?? 0,
      };
    }),
    longestMonologue: monologue
      ? { speaker: monologue.speaker, seconds: round(monologue.seconds, 2), start: round(monologue.start, 2) }
      : null,
    silenceShare: duration > 0 ? round(Math.max(0, duration - speech) / duration, 4) : 0,
    overlaps,
    interruptions,
  };
}

/**
 * The metrics of a chat (a text conversation): its messages have no length in time, so instead of talk
 * time, speed and interruptions it has messages and the share of words per author. When messages have
 * times, the response time is the time from a message to the next one by another author (median: one
 * overnight pause would swamp an average).
 */
export const ChatSpeakerMetrics = z.object({
  speaker: z.string(),
  messages: z.number().int(),
  words: z.number().int(),
  wordShare: z.number(),
  questions: z.number().int(),
  /** Median time this author took to answer; null without times. */
  responseSeconds: z.number().nullable(),
});
export type ChatSpeakerMetrics = z.infer<typeof ChatSpeakerMetrics>;

export const ChatMetrics = z.object({
  kind: z.literal('chat'),
  messages: z.number().int(),
  /** From the first message's time to the last one's; null without times. */
  durationSeconds: z.number().nullable(),
  speakers: z.array(ChatSpeakerMetrics),
  /** The message with the most words (the first of equals). */
  longestMessage: z
    .object({ speaker: z.string(), words: z.number().int(), start: z.number().nullable() })
    .nullable(),
  /** Median response time over every author; null without times. */
  responseSeconds: z.number().nullable(),
});
export type ChatMetrics = z.infer<typeof ChatMetrics>;

/** What an analysis stores as its metrics: a chat's, or a recording's (stored before chats had any: no kind). */
export const AnalysisMetrics = z.union([ChatMetrics, ConversationMetrics]);
export type AnalysisMetrics = z.infer<typeof AnalysisMetrics>;

export const isChatMetrics = (metrics: AnalysisMetrics): metrics is ChatMetrics =>
  'kind' in metrics && metrics.kind === 'chat';

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function chatMetrics(segments: readonly ConversationSegment[]): ChatMetrics {
  const messages = segments
    .filter((s) => s.text.trim() !== '')
    .map((s) => ({
      speaker: s.speaker ?? 'Unknown',
      start: s.start,
      text: s.text,
      words: countWords(s.text),
    }));
  const names = [...new Set(messages.map((m) => m.speaker))];
  const totalWords = messages.reduce((total, m) => total + m.words, 0);

  const responses = new Map<string, number[]>();
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    if (!previous || previous.speaker === message.speaker) return;
    if (previous.start === null || message.start === null) return;
    const list = responses.get(message.speaker) ?? [];
    list.push(Math.max(0, message.start - previous.start));
    responses.set(message.speaker, list);
  });
  const roundOrNull = (value: number | null) => (value === null ? null : round(value, 2));

  const longest = messages.reduce<(typeof messages)[number] | null>(
    (best, m) => (!best || m.words > best.words ? m : best),
    null,
  );
  const times = messages.flatMap((m) => (m.start === null ? [] : [m.start]));
  return {
    kind: 'chat',
    messages: messages.length,
    durationSeconds: times.length > 0 ? round(Math.max(...times) - Math.min(...times), 2) : null,
    speakers: names.map((speaker) => {
      const own = messages.filter((m) => m.speaker === speaker);
      const words = own.reduce((total, m) => total + m.words, 0);
      return {
        speaker,
        messages: own.length,
        words,
        wordShare: totalWords > 0 ? round(words / totalWords, 4) : 0,
        questions: own.reduce((total, m) => total + countQuestions(m.text), 0),
        responseSeconds: roundOrNull(median(responses.get(speaker) ?? [])),
      };
    }),
    longestMessage: longest
      ? { speaker: longest.speaker, words: longest.words, start: roundOrNull(longest.start) }
      : null,
    responseSeconds: roundOrNull(median([...responses.values()].flat())),
  };
}
