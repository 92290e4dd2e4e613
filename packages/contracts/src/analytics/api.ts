import { z } from 'zod';
import { WEEK_STARTS } from '../dates.ts';
import { Day, Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { ANALYTICS_VALUE_TYPES, FIELD_OUTCOMES } from './field-values.ts';

/**
 * The analytics pages' filters: a date range (days in the project's time zone, both included; missing:
 * unbounded), a prompt (the prompt that answered), a department and a representative (matched
 * case-insensitively, like the analyses list). Team leaders only ever see their teams' analyses.
 */
export const AnalyticsFilters = z.object({
  from: Day.optional(),
  to: Day.optional(),
  prompt_id: Id.optional(),
  /** The number of the prompt's scorecard version the analyses ran with; needs prompt_id. */
  prompt_version: wholeNumber(1, PG_INTEGER_MAX).optional(),
  department: z.string().trim().max(200).optional(),
  representative: z.string().trim().max(200).optional(),
});
export type AnalyticsFilters = z.infer<typeof AnalyticsFilters>;

const AnalyticsValueType = z.enum(ANALYTICS_VALUE_TYPES);
export const FieldOutcomeSchema = z.enum(FIELD_OUTCOMES);

/** A field of a prompt as analytics offers it. */
export const AnalyticsField = z.object({
  /** Dotted path, 'Discovery.Budget'. */
  path: z.string(),
  /** As shown: 'Discovery - Budget'. */
  label: z.string(),
  type: AnalyticsValueType,
  /** Highest score (1 for yes/no items, the highest mark), null when unbounded. */
  max: z.number().nullable(),
  /** Analyses with a value of this field (within the filters). */
  count: z.number().int(),
  /**
   * Set when the field's meaning changed between the scorecard versions counted: these figures are of the era
   * from this version number on, and `path` is its eraPath (contracts analytics/eras.ts).
   */
  version: z.number().int().nullable().optional(),
});
export type AnalyticsField = z.infer<typeof AnalyticsField>;

/** The analytics pages' limits (the server applies them; texts that name them read them from here). */
export const ANALYTICS_LIMITS = {
  /** Representatives are ranked on the dashboard with at least this many analyses in the period. */
  rankingMinAnalyses: 3,
  /** Yes/no items are listed as most missed with at least this many yes/no answers in the period. */
  missedMinAnswers: 3,
  /** Best and worst representatives and most missed items listed. */
  listSize: 5,
  /** Newest analyses on the dashboard. */
  recentAnalyses: 10,
  /** Values listed per explorer group (the most frequent). */
  explorerValues: 50,
} as const;

// ---------- status ----------

/** Existing analyses are copied into analytics once, in the background; the pages show its progress. */
export const AnalyticsStatusResponse = z.object({
  data: z.object({
    backfill: z.object({
      running: z.boolean(),
      done: z.number().int(),
      total: z.number().int(),
    }),
  }),
});
export type AnalyticsStatusResponse = z.infer<typeof AnalyticsStatusResponse>;

// ---------- dashboard ----------

export const DashboardQuery = AnalyticsFilters.pick({
  from: true,
  to: true,
  prompt_id: true,
  prompt_version: true,
}).extend({
  /** The trend's weeks (ranges over 62 days) start on the reader's locale's first day (contracts dates.ts). */
  week_start: z.enum(WEEK_STARTS).default('monday'),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

const Change = z.object({
  current: z.number().nullable(),
  /** The same figure over the period just before, as long as this one (null without a range). */
  previous: z.number().nullable(),
});

export const DashboardRep = z.object({
  representative: z.string(),
  analyses: z.number().int(),
  average_score: z.number().nullable(),
});

export const DashboardMissedItem = z.object({
  prompt_id: z.number().int(),
  prompt_name: z.string(),
  path: z.string(),
  label: z.string(),
  missed: z.number().int(),
  /** Answered yes or no (n/a not counted). */
  answered: z.number().int(),
  miss_rate: z.number(),
});

export const DashboardRecent = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  representative: z.string().nullable(),
  prompt_name: z.string().nullable(),
  final_score: z.number().nullable(),
  created_at: z.string(),
  /** When the conversation took place (what the dashboard's periods go by). */
  conversation_at: z.string(),
});

export const DashboardResponse = z.object({
  data: z.object({
    /** The previous period compared with (null without a complete range). */
    previous: z.object({ from: z.string(), to: z.string() }).nullable(),
    analyses: Change,
    average_score: Change,
    /** Share of yes/no items passed, 0..1 (n/a not counted; a knockout answer counts as missed). */
    pass_rate: Change,
    /** Knocked-out analyses (a knockout answer failed them). Absent from servers before knockouts. */
    knockouts: Change.optional(),
    /** Units charged for the analyses of the period, in milli-units. */
    units_used_milli: Change,
    /**
     * Average final score per day (or per week or month for ranges over 62 or 366 days, or without a complete
     * range); every period of the range (or from the first to the last analysis) has a point, empty ones 0
     * analyses and a null average.
     */
    trend: z.object({
      granularity: z.enum(['day', 'week', 'month']),
      points: z.array(
        z.object({
          period: z.string(),
          start: z.string(),
          analyses: z.number().int(),
          average_score: z.number().nullable(),
        }),
      ),
    }),
    /** Best and worst average final score, representatives with at least 3 analyses; up to 5 each. */
    top_representatives: z.array(DashboardRep),
    bottom_representatives: z.array(DashboardRep),
    /** The yes/no items missed most often (by miss rate, at least 3 answers); up to 5. */
    most_missed: z.array(DashboardMissedItem),
    recent: z.array(DashboardRecent),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

// ---------- fields of a prompt ----------

export const AnalyticsFieldsQuery = AnalyticsFilters.pick({
  from: true,
  to: true,
  prompt_version: true,
}).extend({
  prompt_id: Id,
});
export const AnalyticsFieldsResponse = z.object({ data: z.array(AnalyticsField) });

// ---------- explorer ----------

export const EXPLORER_GROUPS = ['representative', 'department', 'day', 'week', 'month'] as const;
export type ExplorerGroup = (typeof EXPLORER_GROUPS)[number];

export const ExplorerQuery = AnalyticsFilters.extend({
  prompt_id: Id,
  /** Dotted path of the field (or of one era of it: eraPath, as the fields list names it). */
  field: z.string().min(1).max(1000),
  group_by: z.enum(EXPLORER_GROUPS).default('representative'),
  /** For group_by=week: the week start of the reader's locale (contracts dates.ts). */
  week_start: z.enum(WEEK_STARTS).default('monday'),
});
export type ExplorerQuery = z.infer<typeof ExplorerQuery>;

export const ExplorerGroupRow = z.object({
  /** The representative, department (null: none given), 'YYYY-MM-DD', 'YYYYWW' or 'YYYYMM'. */
  key: z.string().nullable(),
  /** For time groups: the first and last day of the period. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** Analyses with a value of the field (n/a included). */
  count: z.number().int(),
  /** Scores: mean, lowest and highest; yes/no items: the pass rate 0..1 (no lowest or highest); else null. */
  average: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** yes/no items. */
  passed: z.number().int(),
  missed: z.number().int(),
  na: z.number().int(),
  /**
   * Answers of the field that knocked their analysis out (contracts prompts/knockouts.ts); for the final score,
   * the knocked-out analyses. Absent from servers before knockouts.
   */
  knockouts: z.number().int().optional(),
  /** Categories (and marks): analyses per value, most frequent first. */
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type ExplorerGroupRow = z.infer<typeof ExplorerGroupRow>;

export const ExplorerResponse = z.object({
  data: z.object({
    field: AnalyticsField,
    /** Sorted: names alphabetically, time oldest first. */
    groups: z.array(ExplorerGroupRow),
    total: ExplorerGroupRow,
  }),
});
export type ExplorerResponse = z.infer<typeof ExplorerResponse>;

// ---------- checklist report ----------

export const ChecklistQuery = AnalyticsFilters.extend({ prompt_id: Id });
export type ChecklistQuery = z.infer<typeof ChecklistQuery>;

export const ChecklistCell = z.object({
  /** Analyses with a value (n/a included). */
  count: z.number().int(),
  /** yes/no: pass rate 0..1 over passed + missed; marks and numbers: mean score; null when nothing to rate. */
  value: z.number().nullable(),
  /** value / max of the item (0..1) for the colour scale; null when unbounded or nothing to rate. */
  ratio: z.number().nullable(),
  na: z.number().int(),
});
export type ChecklistCell = z.infer<typeof ChecklistCell>;

export const ChecklistRow = z.object({
  representative: z.string().nullable(),
  analyses: z.number().int(),
  average_score: z.number().nullable(),
  /** Knocked-out analyses. Absent from servers before knockouts. */
  knockouts: z.number().int().optional(),
  /** By item path; an item without values for this representative is absent. */
  cells: z.record(z.string(), ChecklistCell),
});
export type ChecklistRow = z.infer<typeof ChecklistRow>;

export const ChecklistResponse = z.object({
  data: z.object({
    /** The prompt's yes/no, marks and number items, in the prompt's order. */
    items: z.array(AnalyticsField),
    rows: z.array(ChecklistRow),
    /** The whole team (all rows together). */
    total: ChecklistRow,
  }),
});
export type ChecklistResponse = z.infer<typeof ChecklistResponse>;
