import { z } from 'zod';
import { SPEAKER_ROLES } from '../analyses/roles.ts';
import { AnalyticsFilters } from '../analytics/api.ts';
import { type MilliUnits, milliUnits, toMilliUnits } from '../billing/units.ts';
import { Day, Id } from '../inputs.ts';
import { UI_LANGUAGES } from '../languages.ts';

// Trackers (issue 38 part 1): per project, admins and owners define them, every member uses them. A keyword
// tracker is a list of words and phrases in one language; an analysis "hits" it when a piece of its transcript
// (a segment of a recording, a message of a chat) contains one of them, matched on word stems with PostgreSQL's
// text search configuration of that language, exactly (word for word) where PostgreSQL has none. Optional
// conditions: who said it, and within the first or last N seconds of the conversation. A smart tracker is a
// statement ("the customer says they will cancel") the analysis model answers, said or not with a quote, in the
// same structured call as the scorecard; applying it to past analyses is a priced background job.

export const TRACKER_KINDS = ['keywords', 'smart'] as const;
export type TrackerKind = (typeof TRACKER_KINDS)[number];

/** Who must have said a phrase: anyone, or the speaker whose role is representative or customer. */
export const TRACKER_SPEAKERS = ['anyone', 'representative', 'customer'] as const;
export type TrackerSpeaker = (typeof TRACKER_SPEAKERS)[number];

/** A time window from the conversation's start (`first`) or back from its end (`last`). */
export const TRACKER_WINDOW_EDGES = ['first', 'last'] as const;
export type TrackerWindowEdge = (typeof TRACKER_WINDOW_EDGES)[number];

export const TRACKERS = {
  nameMax: 100,
  trackersMax: 50,
  phrasesMax: 50,
  phraseMax: 100,
  windowSecondsMax: 3600,
  /** Moments kept per analysis and tracker (the count of hits is kept whole). */
  momentsMax: 20,
  /** Characters of a moment's text answered (the segment, cut around the hit). */
  momentTextMax: 300,
  statementMax: 300,
} as const;

const name = z.string().trim().min(1, 'Please enter a name.').max(TRACKERS.nameMax);
const phrases = z
  .array(z.string().trim().min(1, 'Please enter a word or phrase.').max(TRACKERS.phraseMax))
  .min(1, 'Please enter at least one word or phrase.')
  .max(TRACKERS.phrasesMax, `A tracker can have at most ${TRACKERS.phrasesMax} words and phrases.`)
  .transform((list) => [...new Set(list)]);
const TrackerWindow = z.object({
  edge: z.enum(TRACKER_WINDOW_EDGES),
  seconds: z.number().int().min(1).max(TRACKERS.windowSecondsMax),
});
export type TrackerWindow = z.infer<typeof TrackerWindow>;

const statement = z
  .string()
  .trim()
  .min(1, 'Please enter the statement the model answers.')
  .max(TRACKERS.statementMax, `A statement can have at most ${TRACKERS.statementMax} characters.`);

const KeywordTrackerCreateRequest = z.object({
  kind: z.literal('keywords').default('keywords'),
  name,
  /** The language of the phrases: which text search configuration stems them (trackers/matching.ts). */
  language: z.enum(UI_LANGUAGES),
  phrases,
  speaker: z.enum(TRACKER_SPEAKERS).default('anyone'),
  /** null: anywhere in the conversation. Pieces without a time (chat messages without one) never match a window. */
  window: TrackerWindow.nullable().default(null),
});

const SmartTrackerCreateRequest = z.object({
  kind: z.literal('smart'),
  name,
  /** What the analysis model answers for each conversation: whether it was said, with a quote. */
  statement,
  /** The statement's language (shown with it; the model reads any). */
  language: z.enum(UI_LANGUAGES).default('en'),
});

export type KeywordTrackerCreateRequest = z.input<typeof KeywordTrackerCreateRequest>;
export type SmartTrackerCreateRequest = z.input<typeof SmartTrackerCreateRequest>;

/** A new tracker by its `kind`: keywords (also when `kind` is left out, as before smart trackers) or smart. */
export const TrackerCreateRequest = z.discriminatedUnion('kind', [
  KeywordTrackerCreateRequest,
  SmartTrackerCreateRequest,
]);
export type TrackerCreateRequest = z.input<typeof TrackerCreateRequest>;

/**
 * Changes to a tracker. A change of language, phrases, speaker or window applies a keyword tracker anew to past
 * analyses; a smart tracker's new statement answers new analyses (past ones only through "apply", priced). The
 * fields of the other kind are refused (400), as is a `kind` that is not the tracker's (it cannot change).
 */
export const TrackerUpdateRequest = z.object({
  kind: z.enum(TRACKER_KINDS).optional(),
  name: name.optional(),
  language: z.enum(UI_LANGUAGES).optional(),
  phrases: phrases.optional(),
  speaker: z.enum(TRACKER_SPEAKERS).optional(),
  window: TrackerWindow.nullable().optional(),
  statement: statement.optional(),
});
export type TrackerUpdateRequest = z.input<typeof TrackerUpdateRequest>;

/**
 * Applying a tracker to the project's past analyses (in the background, free for keyword trackers): `running`
 * with how many of `total` analyses are done, `done` once every completed analysis was looked at. A smart
 * tracker's is its last priced run ("Apply to past analyses"): `done` 0 of 0 before any.
 */
/** A smart tracker's priced run over past analyses (tracker_runs). */
export const TRACKER_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const TRACKER_APPLY_STATUSES = ['running', 'done'] as const;
export const TrackerApply = z.object({
  status: z.enum(TRACKER_APPLY_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  finished_at: z.string().nullable(),
  /** A smart tracker's: why its last run failed (e.g. insufficient funds when it was charged), else null. */
  error: z.string().nullable().optional(),
});

export const Tracker = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(TRACKER_KINDS),
  name: z.string(),
  language: z.enum(UI_LANGUAGES),
  phrases: z.array(z.string()),
  speaker: z.enum(TRACKER_SPEAKERS),
  window: TrackerWindow.nullable(),
  /** A smart tracker's statement; null for keyword trackers (whose phrases are empty for smart ones). */
  statement: z.string().nullable(),
  apply: TrackerApply,
  /** Analyses that hit it, of those the caller sees. */
  analyses_hit: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tracker = z.infer<typeof Tracker>;

export const TrackerResponse = z.object({ data: Tracker });
export const TrackerListResponse = z.object({ data: z.array(Tracker) });
export const TrackerParams = z.object({ id: Id, trackerId: Id });

/**
 * Where a tracker was hit in an analysis: the piece of the transcript (its index among the transcript's
 * pieces as the analysis answers them), its start in seconds (null: a chat message without a time), the
 * speaker's role when known, and the piece's text (cut to TRACKERS.momentTextMax around the hit). A smart
 * tracker's moment is the piece its quote was found in; a quote found in no piece has segment null (and no
 * seconds or role) with the quote as its text.
 */
export const TrackerMoment = z.object({
  segment: z.number().int().nullable(),
  seconds: z.number().nullable(),
  role: z.enum(SPEAKER_ROLES).nullable(),
  text: z.string(),
});
export type TrackerMoment = z.infer<typeof TrackerMoment>;

export const AnalysisTrackerHit = z.object({
  tracker_id: z.number().int(),
  name: z.string(),
  /** Pieces of the transcript that hit it (its moments are the first TRACKERS.momentsMax of them). */
  hits: z.number().int(),
  moments: z.array(TrackerMoment),
});
export type AnalysisTrackerHit = z.infer<typeof AnalysisTrackerHit>;
export const AnalysisTrackerHitsResponse = z.object({ data: z.array(AnalysisTrackerHit) });

export const TRACKER_STATS_GROUPS = ['representative', 'department', 'month'] as const;
export type TrackerStatsGroup = (typeof TRACKER_STATS_GROUPS)[number];

/** Hit rates of the project's trackers (or one), per representative, department or month of the conversation. */
export const TrackerStatsQuery = AnalyticsFilters.omit({ prompt_version: true }).extend({
  tracker_id: Id.optional(),
  group_by: z.enum(TRACKER_STATS_GROUPS).default('representative'),
});
export type TrackerStatsQuery = z.infer<typeof TrackerStatsQuery>;

export const TrackerStatsRow = z.object({
  tracker_id: z.number().int(),
  /** The representative, the department (null: none given) or the month 'YYYY-MM' (the project's time zone). */
  key: z.string().nullable(),
  /** Completed analyses in the group (those the caller sees, within the filters). */
  analyses: z.number().int(),
  /** Of them, the analyses that hit the tracker. */
  hit: z.number().int(),
});
export type TrackerStatsRow = z.infer<typeof TrackerStatsRow>;
export const TrackerStatsResponse = z.object({
  data: z.object({
    group_by: z.enum(TRACKER_STATS_GROUPS),
    rows: z.array(TrackerStatsRow),
  }),
});
export type TrackerStatsResponse = z.infer<typeof TrackerStatsResponse>;

/** Applying a smart tracker to past analyses: the completed analyses created in the range (both ends optional). */
export const TrackerApplyRange = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The start date must not be after the end date.',
    path: ['to'],
  });
export type TrackerApplyRange = z.infer<typeof TrackerApplyRange>;

/** What applying a smart tracker to past analyses would cost: a model call per analysis. */
export const TrackerApplyEstimate = z.object({
  analyses: z.number().int(),
  units: z.number(),
});
export type TrackerApplyEstimate = z.infer<typeof TrackerApplyEstimate>;
export const TrackerApplyEstimateResponse = z.object({ data: TrackerApplyEstimate });

/** The price of a smart tracker's run over `analyses` past analyses at `modelUnits` per model call. */
export function trackerApplyUnitsMilli(modelUnits: number, analyses: number): MilliUnits {
  return milliUnits(toMilliUnits(modelUnits) * analyses);
}
