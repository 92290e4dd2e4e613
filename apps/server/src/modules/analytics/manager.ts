import type {
  DayRange,
  FieldEra,
  ManagerDashboardQuery,
  ManagerDashboardResponse,
  ManagerFigures,
} from '@parley/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import {
  byRepresentative,
  type ReportItems,
  type RepTally,
  reportFigures,
  reportItems,
} from './checklist.ts';
import { askedVersion, eraPathColumn, joinLoneEras, promptEras, type VersionScope } from './eras.ts';
import { scopeConditions } from './filters.ts';
import { promptWithPaths } from './prompt-fields.ts';
import { dayTallyColumns, groupBy } from './tally.ts';

type Data = ManagerDashboardResponse['data'];

/**
 * A representative's values of one path and type in one period (its index in the query). `firstCount` counts
 * only the days this is the first period of: the periods may overlap, and a field's count is over their days.
 */
type PeriodTally = RepTally & { period: number; firstCount: number };

/**
 * Each period's day sums by representative, path and type, in one statement: a day counts in every period it
 * is in. Each period is aggregated on its own (a lateral subquery): one grouping over all periods' rows at
 * once would be 4 times as many groups, sorted on disk instead of hashed in memory.
 */
async function periodTallies(
  ctx: AppContext,
  access: ProjectAccess,
  query: ManagerDashboardQuery & VersionScope,
  paths: string[],
  eras: FieldEra[],
): Promise<PeriodTally[]> {
  const { period: periods, prompt_id, prompt_version_id, department, representative } = query;
  const path = eraPathColumn(days, eras);
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
  const columns = {
    representative: sql`${days.representative}`,
    path,
    ...dayTallyColumns,
    firstCount: sql`coalesce(sum(${days.analyses}) FILTER (WHERE periods.period = CASE ${firstPeriod} END), 0)::int`,
  };
  const { rows } = await ctx.db.execute<PeriodTally & Record<string, unknown>>(sql`
    SELECT periods.period, tallies.*
    FROM (VALUES ${ranges}) AS periods(period, first_day, last_day)
    CROSS JOIN LATERAL (
      SELECT ${sql.join(
        Object.entries(columns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
        sql`, `,
      )}
      FROM ${days}
      WHERE ${and(
        ...scopeConditions(days, access, { prompt_id, prompt_version_id, department, representative }),
        inArray(days.path, paths),
        sql`${days.analysisDate} BETWEEN periods.first_day AND periods.last_day`,
      )}
      GROUP BY 1, 2, 3 -- representative, path (an expression: by position) and type
    ) AS tallies`);
  return joinLoneEras(rows);
}

/** A figure as precise as the page shows it (a pass rate to 0.1 pp): more digits only make the answer longer. */
const shown = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

/**
 * A group's figures over the periods (in the query's order; a period without analyses has none): what the
 * table shows, the knocked-out analyses, per item a value and a count per period (none when they are the analyses), in the order of the
 * report's items.
 */
function figuresOf(
  tallies: PeriodTally[],
  periods: readonly DayRange[],
  report: ReportItems,
): ManagerFigures {
  const byPeriod = periods.map((_, index) =>
    reportFigures(
      tallies.filter((row) => row.period === index),
      report,
    ),
  );
  const analyses = byPeriod.map((figures) => figures.analyses);
  const countsOf = (path: string) => {
    const counts = byPeriod.map((figures) => figures.cells[path]?.count ?? 0);
    return counts.every((count, period) => count === analyses[period]) ? null : counts;
  };
  return {
    analyses,
    average_score: byPeriod.map((figures) => shown(figures.average_score)),
    knockouts: byPeriod.map((figures) => figures.knockouts),
    values: report.items.map((item) =>
      byPeriod.map((figures) => shown(figures.cells[item.path]?.value ?? null)),
    ),
    counts: report.items.map((item) => countsOf(item.path)),
  };
}

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
  const versioned = { ...query, ...(await askedVersion(ctx.db, access, query)) };
  const [{ content, paths }, eras] = await Promise.all([
    promptWithPaths(ctx.db, access.project.id, query.prompt_id),
    promptEras(ctx.db, access.project.id, query.prompt_id, versioned),
  ]);
  const tallies = paths.length === 0 ? [] : await periodTallies(ctx, access, versioned, paths, eras);
  const report = reportItems(
    content,
    tallies.map((row) => ({ ...row, count: row.firstCount })),
  );
  const rows = [...groupBy(tallies, (row) => row.representative)].map(([representative, rows]) => ({
    representative,
    ...figuresOf(rows, query.period, report),
  }));
  return {
    periods: query.period,
    fields: report.items,
    team: figuresOf(tallies, query.period, report),
    rows: rows.sort(byRepresentative),
  };
}
