import { z } from 'zod';
import { Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { AnalyticsField } from './api.ts';
import type { AnalyticsValueType } from './field-values.ts';
import { MAX_DASHBOARD_PERIODS, parsePeriodParam } from './periods.ts';

/** Names filtered on (departments, representatives): at most this many of each. */
export const MANAGER_FILTER_NAMES_MAX = 100;

/**
 * A query parameter that may repeat (`?department=a&department=b`): one value or many, as a list of distinct,
 * non-empty, trimmed names.
 */
export const repeatedNames = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(MANAGER_FILTER_NAMES_MAX)])
  .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).map((name) => name.trim()))])
  .transform((names) => names.filter((name) => name.length > 0))
  .pipe(z.array(z.string().max(200)).max(MANAGER_FILTER_NAMES_MAX));

/** 'YYYY-MM-DD..YYYY-MM-DD'. */
const PERIOD_PARAM_LENGTH = 22;
const periodsParam = z
  .union([
    z.string().max(PERIOD_PARAM_LENGTH),
    z.array(z.string().max(PERIOD_PARAM_LENGTH)).max(MAX_DASHBOARD_PERIODS),
  ])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.string()).min(1).max(MAX_DASHBOARD_PERIODS))
  .transform((values, context) =>
    values.map((value) => {
      const range = parsePeriodParam(value);
      if (!range) {
        context.addIssue({ code: 'custom', message: `Not a period 'YYYY-MM-DD..YYYY-MM-DD': ${value}` });
        return { start: '', end: '' };
      }
      return range;
    }),
  );

/**
 * The manager dashboard's comparison: a prompt, 1 to 4 periods (`period=2026-11-01..2026-11-07`, repeated,
 * days in the project's time zone), and optionally departments and representatives (repeated; any of them
 * matches, case-insensitively). Team leaders see their teams' analyses only.
 */
export const ManagerDashboardQuery = z.object({
  prompt_id: Id,
  /** The number of the prompt's scorecard version the analyses ran with. */
  prompt_version: wholeNumber(1, PG_INTEGER_MAX).optional(),
  period: periodsParam,
  department: repeatedNames.optional(),
  representative: repeatedNames.optional(),
});
export type ManagerDashboardQuery = z.infer<typeof ManagerDashboardQuery>;
export type ManagerDashboardQueryInput = z.input<typeof ManagerDashboardQuery>;

/**
 * What the comparison's table shows of a representative (or of the team), period by period in the order asked
 * (oldest first): the analyses, their average final score, and per item of `fields` (in that order) its figure
 * and the analyses behind it. Figures are rounded to 3 decimals (pass rates to 0.1 pp), as precise as the
 * page shows them.
 */
export const ManagerFigures = z.object({
  /** Per period. */
  analyses: z.array(z.number().int()),
  /** Per period; null without analyses. */
  average_score: z.array(z.number().nullable()),
  /**
   * Per item, per period: the pass rate 0..1 (yes/no items) or the mean score (marks, numbers), as in the
   * checklist report; null when there is nothing to rate.
   */
  values: z.array(z.array(z.number().nullable())),
  /**
   * Per item, per period: the analyses with a value of the item (n/a included); null for an item every one of
   * the group's analyses has (its counts are `analyses`), as most items are.
   */
  counts: z.array(z.array(z.number().int()).nullable()),
  /** Per period: the knocked-out analyses. Absent from servers before knockouts. */
  knockouts: z.array(z.number().int()).optional(),
});
export type ManagerFigures = z.infer<typeof ManagerFigures>;

export const ManagerRow = ManagerFigures.extend({
  /** null: analyses without a representative. */
  representative: z.string().nullable(),
});
export type ManagerRow = z.infer<typeof ManagerRow>;

export const ManagerDashboardResponse = z.object({
  data: z.object({
    periods: z.array(z.object({ start: z.string(), end: z.string() })),
    /** The prompt's yes/no items, marks and numbers, in the prompt's order. */
    fields: z.array(AnalyticsField),
    /** The whole team (within the filters). */
    team: ManagerFigures,
    /** Representatives with analyses in any of the periods, alphabetically (no representative last). */
    rows: z.array(ManagerRow),
  }),
});
export type ManagerDashboardResponse = z.infer<typeof ManagerDashboardResponse>;

/**
 * Which way is better for a field: up for pass rates, marks and the final score; numbers (a count of
 * filler words, a duration) have no known direction and their changes are shown without judging them.
 */
export type FieldDirection = 'up' | 'none';

export function fieldDirection(type: AnalyticsValueType): FieldDirection {
  return type === 'int' || type === 'float' ? 'none' : 'up';
}

/** A change between two periods' values and whether it is good, bad or neither. */
export interface PeriodChange {
  delta: number;
  verdict: 'better' | 'worse' | 'same' | 'neutral';
}

/** The change from `previous` to `current`, or null when either is missing. */
export function periodChange(
  previous: number | null | undefined,
  current: number | null | undefined,
  direction: FieldDirection,
): PeriodChange | null {
  if (previous === null || previous === undefined || current === null || current === undefined) return null;
  const delta = current - previous;
  if (Math.abs(delta) < 1e-9) return { delta: 0, verdict: 'same' };
  if (direction === 'none') return { delta, verdict: 'neutral' };
  return { delta, verdict: delta > 0 ? 'better' : 'worse' };
}
