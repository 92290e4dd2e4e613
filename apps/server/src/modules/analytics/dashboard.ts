import { type DashboardQuery, type DashboardResponse, previousRange } from '@parley/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import {
  type DashboardScope,
  type ItemOutcomes,
  mostMissed,
  recentAnalyses,
  representativeRanking,
  scoreTrend,
} from './dashboard-lists.ts';
import { askedVersion } from './eras.ts';
import {
  checkedDays,
  completeRange,
  type DaysAsked,
  daysCondition,
  finalRows,
  scopeConditions,
} from './filters.ts';

type Data = DashboardResponse['data'];

/** Whether a day is of the current period (the first column, grouped by position: it holds a parameter). */
function currentColumn(asked: DaysAsked) {
  return asked.from ? sql<boolean>`${days.analysisDate} >= ${asked.from}::date` : sql<boolean>`true`;
}

/** Both periods' days: from the previous period's start to the current period's end. */
const spanningDays = ({ days: asked, previous }: DashboardScope): DaysAsked => ({
  from: previous?.start ?? asked.from,
  to: asked.to,
});

/** Both periods' day sums in scope. */
const spanning = (at: DashboardScope) => [...at.scope(days), ...daysCondition(days, spanningDays(at))];

/** Analyses, the sum of their final scores and the units charged for them, per period. */
function finalTotals(ctx: AppContext, at: DashboardScope) {
  return ctx.db
    .select({
      current: currentColumn(at.days),
      analyses: sql<number>`sum(${days.analyses})::int`,
      scoreSum: sql<number>`sum(${days.scoreSum})::float8`,
      scored: sql<number>`sum(${days.scored})::int`,
      units: sql<number>`sum(${days.unitsMilli})::float8`,
      knockouts: sql<number>`sum(${days.knockouts})::int`,
    })
    .from(days)
    .where(and(finalRows(days), ...spanning(at)))
    .groupBy(sql`1`);
}

/** Yes/no items passed and missed per period, prompt and path. */
function checklistOutcomes(ctx: AppContext, at: DashboardScope): Promise<ItemOutcomes[]> {
  return ctx.db
    .select({
      current: currentColumn(at.days),
      promptId: days.promptId,
      path: days.path,
      passed: sql<number>`sum(${days.passed})::int`,
      missed: sql<number>`sum(${days.missed})::int`,
    })
    .from(days)
    .where(and(inArray(days.valueType, ['bool', 'ok']), ...spanning(at)))
    .groupBy(sql`1`, days.promptId, days.path);
}

function passRate(rows: ItemOutcomes[], current: boolean): number | null {
  let passed = 0;
  let answered = 0;
  for (const row of rows) {
    if (row.current !== current) continue;
    passed += row.passed;
    answered += row.passed + row.missed;
  }
  return answered === 0 ? null : passed / answered;
}

/**
 * The project dashboard for the days asked and optionally one prompt (and one of its versions): analyses,
 * average final score, pass rate of yes/no items (a knockout answer counts as missed: contracts
 * extractFieldValues), knocked-out analyses and units used, each beside the period before (when the range is complete); the score's
 * trend, the best and worst representatives, the most missed items and the newest analyses.
 */
export async function projectDashboard(
  ctx: AppContext,
  access: ProjectAccess,
  query: DashboardQuery,
): Promise<Data> {
  const asked = checkedDays(query);
  const range = completeRange(asked);
  const previous = range ? previousRange(range) : null;
  const { prompt_version_id } = await askedVersion(ctx.db, access, query);
  const at: DashboardScope = {
    scope: (table) => scopeConditions(table, access, { prompt_id: query.prompt_id, prompt_version_id }),
    days: asked,
    range,
    previous,
  };
  const [totals, outcomes, trend, ranking, recent] = await Promise.all([
    finalTotals(ctx, at),
    checklistOutcomes(ctx, at),
    scoreTrend(ctx, at, query.week_start),
    representativeRanking(ctx, at),
    recentAnalyses(ctx, access, at),
  ]);
  const of = (current: boolean) => totals.find((row) => row.current === current);
  const change = (figure: (current: boolean) => number | null) => ({
    current: figure(true),
    previous: previous ? figure(false) : null,
  });
  return {
    previous: previous && { from: previous.start, to: previous.end },
    analyses: change((current) => of(current)?.analyses ?? 0),
    average_score: change((current) => {
      const period = of(current);
      return period?.scored ? period.scoreSum / period.scored : null;
    }),
    pass_rate: change((current) => passRate(outcomes, current)),
    units_used_milli: change((current) => of(current)?.units ?? 0),
    knockouts: change((current) => of(current)?.knockouts ?? 0),
    trend,
    ...ranking,
    most_missed: await mostMissed(ctx, access, outcomes),
    recent,
  };
}
