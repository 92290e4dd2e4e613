import type { TimedWord } from '../../ai/transcriber.ts';

/**
 * A segment's timed words, compact as the pipeline keeps them until the recording is redacted: four numbers a
 * word, [firstCharacter, endCharacter, startMs, endMs, …], the characters of the segment's text the word was
 * found at (-1, -1 when it was not found there).
 */
export type WordTimings = number[];

/** A transcript segment as transcribed: its times, its text and, when the service timed them, its words. */
export interface TimedSegment {
  start: number;
  end: number;
  text: string;
  timings?: WordTimings;
}

/** Characters [start, end) of one segment's text that were redacted. */
export interface TextSpan {
  segment: number;
  start: number;
  end: number;
}

/** Seconds added before and after each redacted stretch: a word's edges are never exact. */
export const AUDIO_PADDING_SECONDS = 0.15;

/**
 * The stretches of the recording, in milliseconds, where the redacted text was said: [start0, end0, start1,
 * end1, …], sorted, padded and merged (compact enough for 10,000 spans in the task's pipeline state).
 *
 * A span's time comes from the words it covers; without words (a service or model that does not time them)
 * or when none of them was found in the text, the segment's time is spread over its characters. A segment
 * without any time (a service that answered text only) cannot tell where a value was said: the whole
 * recording is covered, never a guess that could leave it audible.
 */
export function audioSpans(
  segments: readonly TimedSegment[],
  spans: readonly TextSpan[],
  durationSeconds: number,
  padding = AUDIO_PADDING_SECONDS,
): number[] {
  const stretches: Array<[number, number]> = [];
  for (const span of spans) {
    const segment = segments[span.segment];
    if (!segment || span.end <= span.start) continue;
    const time = fromWords(segment.timings ?? [], span);
    if (!time && !(segment.end > segment.start)) {
      stretches.push([0, durationSeconds]);
      continue;
    }
    const { start, end } = time ?? byCharacters(segment, span);
    stretches.push([start - padding, end + padding]);
  }
  return mergeStretches(stretches, durationSeconds);
}

/** Packs a segment's words with where each stands in its text (found in order, ignoring case). */
export function wordTimings(text: string, words: readonly TimedWord[]): WordTimings {
  const haystack = text.toLowerCase();
  const packed: number[] = [];
  let cursor = 0;
  for (const word of words) {
    const needle = word.text.toLowerCase();
    const at = needle ? haystack.indexOf(needle, cursor) : -1;
    // A word found far ahead is another occurrence: it stays unplaced rather than skip text.
    const placed = at >= 0 && at - cursor <= needle.length + 40;
    if (placed) cursor = at + needle.length;
    packed.push(
      placed ? at : -1,
      placed ? at + needle.length : -1,
      Math.round(word.start * 1000),
      Math.round(word.end * 1000),
    );
  }
  return packed;
}

/** The time of the words a span covers (and of unplaced words among or right beside them), in seconds. */
function fromWords(timings: WordTimings, span: TextSpan): { start: number; end: number } | null {
  const count = timings.length / 4;
  const placed = (i: number) => timings[i * 4]! >= 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < count; i++) {
    if (!placed(i) || timings[i * 4 + 1]! <= span.start || timings[i * 4]! >= span.end) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return null;
  // A span reaching past its first or last placed word into unplaced ones takes their time too.
  if (timings[first * 4]! > span.start && first > 0 && !placed(first - 1)) first -= 1;
  if (timings[last * 4 + 1]! < span.end && last < count - 1 && !placed(last + 1)) last += 1;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (let i = first; i <= last; i++) {
    start = Math.min(start, timings[i * 4 + 2]!);
    end = Math.max(end, timings[i * 4 + 3]!);
  }
  return { start: start / 1000, end: end / 1000 };
}

function byCharacters(segment: TimedSegment, span: TextSpan): { start: number; end: number } {
  const length = Math.max(1, segment.text.length);
  const duration = segment.end - segment.start;
  return {
    start: segment.start + (duration * span.start) / length,
    end: segment.start + (duration * Math.min(span.end, length)) / length,
  };
}

/** Sorted, clamped to the recording, overlapping or touching stretches joined; flat milliseconds. */
export function mergeStretches(stretches: Array<[number, number]>, durationSeconds: number): number[] {
  const limit = Math.max(0, durationSeconds);
  const sorted = stretches
    .map(([start, end]): [number, number] => [Math.max(0, start), Math.min(limit, end)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 0.05) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.flatMap(([start, end]) => [Math.floor(start * 1000), Math.ceil(end * 1000)]);
}
