import {
  type AnalyticsValueType,
  CATEGORY_TYPES,
  CHECKLIST_TYPES,
  type SpeakerRole,
} from '@parley/contracts';

/** What the model is handed about an insight's analyses (figures, never transcripts), and how it is shaped. */

export type PeriodUnit = 'week' | 'month';

/** Breakdown groups handed per field and kind (representatives with most analyses first, newest periods). */
export const BREAKDOWN_MAX = 30;

/** A group's figures: scores' mean, lowest and highest; yes/no items' answers and pass rate. */
export interface FigureStats {
  analyses: number;
  mean?: number | null;
  min?: number | null;
  max?: number | null;
  passed?: number;
  missed?: number;
  not_applicable?: number;
  /** Passed of passed and missed (n/a left out), in percent. */
  pass_rate_percent?: number | null;
}

export interface FieldFigures {
  /** Dotted path. */
  field: string;
  type: AnalyticsValueType;
  distinct_values: number;
  top_values: Array<{ value: string; count: number }>;
  overall: FigureStats;
  by_representative?: Array<{ representative: string | null } & FigureStats>;
  by_department?: Array<{ department: string | null } & FigureStats>;
  /** Periods by their first day. */
  by_period?: Array<{ period_start: string } & FigureStats>;
  /** Groups left out of the lists above (only the first BREAKDOWN_MAX are handed over). */
  groups_left_out?: { representatives?: number; departments?: number; periods?: number };
}

/** A group of a tracker's hit rate: a representative or a department (null: none recorded). */
export interface TrackerGroup {
  name: string | null;
  analyses: number;
  hit: number;
  hit_rate_percent: number | null;
}

/** A tracker's hit rate over the analyses within the filters: overall, per representative and department. */
export interface TrackerFigures {
  tracker: string;
  analyses: number;
  hit: number;
  hit_rate_percent: number | null;
  by_representative: TrackerGroup[];
  by_department: TrackerGroup[];
}

export interface InsightFigures {
  /** Completed analyses within the filters. */
  analyses: number;
  first_day: string;
  last_day: string;
  period: PeriodUnit;
  final_score: FieldFigures;
  fields: FieldFigures[];
  /** The project's trackers (absent when it has none). */
  trackers?: TrackerFigures[];
}

/**
 * A moment of a conversation: a piece of its transcript (its index, as tracker moments and search snippets
 * count them), its time, speaker and text; `tracker` names the tracker it hit.
 */
export interface EvidenceMoment {
  tracker?: string;
  /** null: a smart tracker's quote found in no piece (it cannot be cited). */
  segment: number | null;
  seconds: number | null;
  role: SpeakerRole | null;
  text: string;
}

/** One analysis of the evidence sample: who, when, its final score, and short quotes of the fields asked. */
export interface EvidenceAnalysis {
  analysis_id: number;
  date: string;
  representative: string | null;
  department: string | null;
  final_score: number | null;
  fields: Array<{ field: string; value: string | null; quote: string | null }>;
  /** The first moments of the trackers it hit. */
  moments: EvidenceMoment[];
}

/** A conversation that holds the phrase the transcripts were searched for, with the pieces that hold it. */
export interface SearchEvidence {
  analysis_id: number;
  date: string;
  representative: string | null;
  department: string | null;
  moments: EvidenceMoment[];
}

/** The aggregates of one group of rows of a field (all of them, one representative's, ...). */
export interface GroupCounts {
  analyses: number;
  scored: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  passed: number;
  missed: number;
  na: number;
}

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** A group's figures as the field's type has them: a category has counts only. */
export function statsOf(type: AnalyticsValueType, counts: GroupCounts): FigureStats {
  if (CHECKLIST_TYPES.includes(type)) {
    const answered = counts.passed + counts.missed;
    return {
      analyses: counts.analyses,
      passed: counts.passed,
      missed: counts.missed,
      not_applicable: counts.na,
      pass_rate_percent: answered === 0 ? null : round((100 * counts.passed) / answered, 1),
    };
  }
  if (CATEGORY_TYPES.includes(type)) return { analyses: counts.analyses };
  return { analyses: counts.analyses, mean: round(counts.mean, 2), min: counts.min, max: counts.max };
}

/** Whether a field's figures are broken down by representative, department and period (scores, yes/no items). */
export const hasBreakdowns = (type: AnalyticsValueType) => !CATEGORY_TYPES.includes(type);
