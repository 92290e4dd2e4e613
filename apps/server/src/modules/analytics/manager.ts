import type { DayRange, ManagerDashboardQuery, ManagerDashboardResponse } from '@parley/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { PROMPT_TEXTS } from '../prompts/service.ts';
import {
  byRepresentative,
  type ReportItems,
  type RepTally,
  reportFigures,
  reportItems,
} from './checklist.ts';
import { daysCondition, scopeConditions } from './filters.ts';
import { promptWithPaths } from './prompt-fields.ts';
import { dayTallyColumns, groupBy } from './tally.ts';

type Data = ManagerDashboardResponse['data'];

/**
 * A representative's values of one path and type in one period (its index in the query). `firstCount` counts
 * only the days this is the first period of: the periods may overlap, and a field's count is over their days.
 */
type PeriodTally = RepTally & { period: number; firstCount: number };

/** The days from the earliest start to the latest end (lets the day sums' key narrow the scan). */
function spanOf(periods: readonly DayRange[]) {
  const starts = periods.map((period) => period.start).sort();
  const ends = periods.map((period) => period.end).sort();
  return { from: starts[0], to: ends.at(-1) };
}

/** Each period's day sums by representative, path and type, in one scan: a day counts in every period it is in. */
function periodTallies(
  ctx: AppContext,
  access: ProjectAccess,
  query: ManagerDashboardQuery,
  paths: string[],
): Promise<PeriodTally[]> {
  const { period: periods, prompt_id, department, representative } = query;
  const ranges = sql.join(
    periods.map((period, index) => sql`(${index}::int, ${period.start}::date, ${period.end}::date)`),
    sql`, `,
  );
  const firstPeriod = sql.join(
    periods.map(
      (period, index) =>
        sql`WHEN ${days.analysisDate} BETWEEN ${period.start}::date AND ${period.end}::date THEN ${index}::int`,
    ),
    sql` `,
  );
  return ctx.db
    .select({
      period: sql<number>`periods.period`,
      representative: days.representative,
      path: days.path,
      ...dayTallyColumns,
      firstCount: sql<number>`coalesce(sum(${days.analyses})
        FILTER (WHERE periods.period = CASE ${firstPeriod} END), 0)::int`,
    })
    .from(days)
    .innerJoin(
      sql`(VALUES ${ranges}) AS periods(period, first_day, last_day)`,
      sql`${days.analysisDate} BETWEEN periods.first_day AND periods.last_day`,
    )
    .where(
      and(
        ...scopeConditions(days, access, { prompt_id, department, representative }),
        inArray(days.path, paths),
        ...daysCondition(days, spanOf(periods)),
      ),
    )
    .groupBy(sql`periods.period`, days.representative, days.path, days.valueType) as Promise<PeriodTally[]>;
}

/** A group's figures in each period, in the query's order (a period without analyses: none, no cells). */
const figuresByPeriod = (tallies: PeriodTally[], periods: readonly DayRange[], report: ReportItems) =>
  periods.map((_, index) =>
    reportFigures(
      tallies.filter((row) => row.period === index),
      report,
    ),
  );

/**
 * The manager dashboard: the prompt's checklist items (as in the checklist report) per representative and for
 * the whole team, over 1 to 4 periods side by side, within the departments and representatives asked. The
 * fields' counts are analyses with a value on any of the periods' days (a day in two periods counted once).
 */
export async function managerDashboard(
  ctx: AppContext,
  access: ProjectAccess,
  query: ManagerDashboardQuery,
): Promise<Data> {
  const { content, paths } = await promptWithPaths(ctx.db, access.project.id, query.prompt_id);
  if (content === null) throw notFound(PROMPT_TEXTS.notFound);
  const tallies = paths.length === 0 ? [] : await periodTallies(ctx, access, query, paths);
  const report = reportItems(
    content,
    tallies.map((row) => ({ ...row, count: row.firstCount })),
  );
  const rows = [...groupBy(tallies, (row) => row.representative)].map(([representative, rows]) => ({
    representative,
    periods: figuresByPeriod(rows, query.period, report),
  }));
  return {
    periods: query.period,
    fields: report.items,
    team: figuresByPeriod(tallies, query.period, report),
    rows: rows.sort(byRepresentative),
  };
}
