import type { TranscriptSegment } from '../analyses/detail.ts';
import type { SpeakerRole } from '../analyses/roles.ts';
import type { UiLanguage } from '../languages.ts';
import type { TrackerSpeaker, TrackerWindow } from './api.ts';
import { TRACKERS } from './api.ts';

/**
 * PostgreSQL's text search configuration per UI language: its Snowball stemmer where PostgreSQL has one
 * (a phrase then matches other forms of its words: "cancel" finds "cancelled", "kündigen" finds "kündige" and
 * "Kündigung" — not "gekündigt", which the German stemmer keeps apart),
 * 'simple' (exact words, lower-cased) for Ukrainian, Polish and Bulgarian, which it has none for.
 */
export const TRACKER_TEXT_SEARCH_CONFIGS: Record<UiLanguage, string> = {
  en: 'english',
  uk: 'simple',
  pl: 'simple',
  ru: 'russian',
  es: 'spanish',
  de: 'german',
  pt: 'portuguese',
  it: 'italian',
  fr: 'french',
  tr: 'turkish',
  bg: 'simple',
};

/** Whether a language's phrases are matched on word stems (else word for word). */
export const stemsWords = (language: UiLanguage) => TRACKER_TEXT_SEARCH_CONFIGS[language] !== 'simple';

/** Whether a piece said by a speaker of `role` (null: unknown) can hit a tracker asking for `speaker`. */
export function speakerMatches(speaker: TrackerSpeaker, role: SpeakerRole | null): boolean {
  return speaker === 'anyone' || speaker === role;
}

/**
 * Whether a piece starting at `start` seconds lies in the tracker's window of a conversation `length` seconds
 * long (the end of its last timed piece). Without a window every piece does; with one, a piece without a time
 * never does, nor does any piece of a conversation whose length is unknown when the window is at the end.
 */
export function inWindow(window: TrackerWindow | null, start: number | null, length: number | null): boolean {
  if (!window) return true;
  if (start === null) return false;
  if (window.edge === 'first') return start < window.seconds;
  return length !== null && start >= length - window.seconds;
}

/** A conversation's length for windows: the latest end (or start) of its timed pieces; null when none has a time. */
export function conversationLength(segments: readonly TranscriptSegment[]): number | null {
  let length: number | null = null;
  for (const segment of segments) {
    const time = segment.end ?? segment.start;
    if (time !== null && (length === null || time > length)) length = time;
  }
  return length;
}

/**
 * The pieces of a transcript a tracker looks at (its speaker and window conditions), with their index among
 * all pieces. `roleOf` gives a speaker label's role (the analysis's speaker roles).
 */
export function candidateSegments(
  segments: readonly TranscriptSegment[],
  tracker: { speaker: TrackerSpeaker; window: TrackerWindow | null },
  roleOf: (speaker: string | null) => SpeakerRole | null,
): { index: number; segment: TranscriptSegment; role: SpeakerRole | null }[] {
  const length = tracker.window?.edge === 'last' ? conversationLength(segments) : null;
  return segments.flatMap((segment, index) => {
    const role = roleOf(segment.speaker);
    if (!speakerMatches(tracker.speaker, role) || !inWindow(tracker.window, segment.start, length)) return [];
    return [{ index, segment, role }];
  });
}

/**
 * A moment's text: the piece whole when short enough, else TRACKERS.momentTextMax characters around `at` (the
 * first character of the hit, when known) with an ellipsis on the cut sides.
 */
export function momentText(text: string, at = 0): string {
  const max = TRACKERS.momentTextMax;
  if (text.length <= max) return text;
  const start = Math.max(0, Math.min(at - Math.floor(max / 3), text.length - max));
  const end = start + max;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
