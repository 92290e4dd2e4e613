import {
  type KeywordTrackerCreateRequest,
  type Tracker,
  TrackerCreateRequest,
  type TrackerKind,
  type TrackerSpeaker,
  type TrackerUpdateRequest,
  type TrackerWindowEdge,
  type UiLanguage,
} from '@parley/contracts';
import type { TrackerSuggestion } from '../../shared/trackers/suggestion';

/** Where in the conversation a phrase counts: anywhere, or within the first or last N seconds. */
export type WindowChoice = 'anywhere' | TrackerWindowEdge;

/** What the tracker dialog edits: the seconds as typed. */
export interface TrackerDraft {
  kind: TrackerKind;
  name: string;
  /** A smart tracker's statement. */
  statement: string;
  language: UiLanguage;
  phrases: string[];
  speaker: TrackerSpeaker;
  window: WindowChoice;
  seconds: string;
}

/** A window's seconds offered when one is first chosen. */
const DEFAULT_WINDOW_SECONDS = 60;

/** The dialog's draft: of the tracker to change, else a new one (filled in with a suggestion when there is one). */
export function draftOf(
  tracker: Tracker | null,
  language: UiLanguage,
  suggestion: TrackerSuggestion | null = null,
): TrackerDraft {
  return {
    kind: tracker?.kind ?? 'keywords',
    name: tracker?.name ?? suggestion?.name ?? '',
    statement: tracker?.statement ?? '',
    language: tracker?.language ?? language,
    phrases: tracker?.phrases ?? suggestion?.phrases ?? [],
    speaker: tracker?.speaker ?? 'anyone',
    window: tracker?.window?.edge ?? 'anywhere',
    seconds: String(tracker?.window?.seconds ?? DEFAULT_WINDOW_SECONDS),
  };
}

/**
 * Phrases typed or pasted into the phrase input: a list pasted one per line (or comma-separated) becomes one
 * phrase per line; blanks and phrases already in the list are left out.
 */
export function addPhrases(phrases: readonly string[], typed: string): string[] {
  const next = [...phrases];
  for (const part of typed.split(/[\r\n,]/)) {
    const phrase = part.trim();
    if (phrase && !next.includes(phrase)) next.push(phrase);
  }
  return next;
}

/** A form error's place and what the form says there (a key of trackers.invalid). */
export type Problems = Partial<Record<'name' | 'phrases' | 'seconds' | 'statement', string>>;

type Checked = { body: TrackerCreateRequest; problems: null } | { body: null; problems: Problems };

/** The tracker the draft stands for, checked by the contracts schema: the body, or what is wrong where. */
export function checkDraft(draft: TrackerDraft): Checked {
  const seconds = draft.seconds.trim() === '' ? Number.NaN : Number(draft.seconds);
  const parsed = TrackerCreateRequest.safeParse(
    draft.kind === 'smart'
      ? { kind: 'smart', name: draft.name, statement: draft.statement, language: draft.language }
      : {
          name: draft.name,
          language: draft.language,
          phrases: draft.phrases,
          speaker: draft.speaker,
          window: draft.window === 'anywhere' ? null : { edge: draft.window, seconds },
        },
  );
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const [first] = issue.path;
    if (first === 'name') problems.name ??= 'trackers.invalid.name';
    else if (first === 'statement') problems.statement ??= 'trackers.invalid.statement';
    else if (first === 'window') problems.seconds ??= 'trackers.invalid.seconds';
    else if (first === 'phrases') {
      // The list's own issue (none, or too many) before one of a phrase (too long).
      const key =
        issue.path.length > 1
          ? 'trackers.invalid.phraseLength'
          : issue.code === 'too_big'
            ? 'trackers.invalid.phrasesMax'
            : 'trackers.invalid.phrasesMin';
      if (!problems.phrases || issue.path.length === 1) problems.phrases = key;
    }
  }
  return { body: null, problems };
}

const sameWindow = (a: KeywordTrackerCreateRequest['window'], b: Tracker['window']) =>
  (a ?? null) === null ? b === null : b !== null && a?.edge === b.edge && a?.seconds === b.seconds;

/**
 * The changes a checked draft makes to a tracker: only what differs, since a change of what it matches applies
 * the tracker anew to past analyses (a new name alone does not). Empty when nothing changed.
 */
export function changesOf(tracker: Tracker, body: TrackerCreateRequest): TrackerUpdateRequest {
  const changes: TrackerUpdateRequest = {};
  if (body.name.trim() !== tracker.name) changes.name = body.name;
  if (body.language !== undefined && body.language !== tracker.language) changes.language = body.language;
  if (body.kind === 'smart') {
    if (body.statement.trim() !== tracker.statement) changes.statement = body.statement;
    return changes;
  }
  if (body.phrases.join('\n') !== tracker.phrases.join('\n')) changes.phrases = body.phrases;
  if ((body.speaker ?? 'anyone') !== tracker.speaker) changes.speaker = body.speaker;
  if (!sameWindow(body.window, tracker.window)) changes.window = body.window ?? null;
  return changes;
}

/**
 * Whether a change re-applies a keyword tracker to past analyses (anything but its name); a smart tracker is
 * applied to past analyses only on request (priced).
 */
export const reapplies = (tracker: Tracker, changes: TrackerUpdateRequest) =>
  tracker.kind === 'keywords' && Object.keys(changes).some((key) => key !== 'name');
