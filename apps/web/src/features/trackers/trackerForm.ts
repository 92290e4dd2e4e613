import {
  type Tracker,
  TrackerCreateRequest,
  type TrackerSpeaker,
  type TrackerUpdateRequest,
  type TrackerWindowEdge,
  type UiLanguage,
} from '@parley/contracts';

/** Where in the conversation a phrase counts: anywhere, or within the first or last N seconds. */
export type WindowChoice = 'anywhere' | TrackerWindowEdge;

/** What the tracker dialog edits: the seconds as typed. */
export interface TrackerDraft {
  name: string;
  language: UiLanguage;
  phrases: string[];
  speaker: TrackerSpeaker;
  window: WindowChoice;
  seconds: string;
}

/** A window's seconds offered when one is first chosen. */
const DEFAULT_WINDOW_SECONDS = 60;

export function draftOf(tracker: Tracker | null, language: UiLanguage): TrackerDraft {
  return {
    name: tracker?.name ?? '',
    language: tracker?.language ?? language,
    phrases: tracker?.phrases ?? [],
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
export type Problems = Partial<Record<'name' | 'phrases' | 'seconds', string>>;

type Checked = { body: TrackerCreateRequest; problems: null } | { body: null; problems: Problems };

/** The tracker the draft stands for, checked by the contracts schema: the body, or what is wrong where. */
export function checkDraft(draft: TrackerDraft): Checked {
  const seconds = draft.seconds.trim() === '' ? Number.NaN : Number(draft.seconds);
  const parsed = TrackerCreateRequest.safeParse({
    name: draft.name,
    language: draft.language,
    phrases: draft.phrases,
    speaker: draft.speaker,
    window: draft.window === 'anywhere' ? null : { edge: draft.window, seconds },
  });
  if (parsed.success) return { body: parsed.data, problems: null };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const [first] = issue.path;
    if (first === 'name') problems.name ??= 'trackers.invalid.name';
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

const sameWindow = (a: TrackerCreateRequest['window'], b: Tracker['window']) =>
  (a ?? null) === null ? b === null : b !== null && a?.edge === b.edge && a?.seconds === b.seconds;

/**
 * The changes a checked draft makes to a tracker: only what differs, since a change of what it matches applies
 * the tracker anew to past analyses (a new name alone does not). Empty when nothing changed.
 */
export function changesOf(tracker: Tracker, body: TrackerCreateRequest): TrackerUpdateRequest {
  const changes: TrackerUpdateRequest = {};
  if (body.name.trim() !== tracker.name) changes.name = body.name;
  if (body.language !== tracker.language) changes.language = body.language;
  if (body.phrases.join('\n') !== tracker.phrases.join('\n')) changes.phrases = body.phrases;
  if ((body.speaker ?? 'anyone') !== tracker.speaker) changes.speaker = body.speaker;
  if (!sameWindow(body.window, tracker.window)) changes.window = body.window ?? null;
  return changes;
}

/** Whether a change re-applies the tracker to past analyses (anything but its name). */
export const reapplies = (changes: TrackerUpdateRequest) =>
  Object.keys(changes).some((key) => key !== 'name');
