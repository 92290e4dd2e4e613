import { type DashboardQuery, type DashboardResponse, previousRange } from '@parley/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tasks, analysisFieldValues as values } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import {
  type DashboardScope,
  type ItemOutcomes,
  mostMissed,
  recentAnalyses,
  representativeRanking,
  scoreTrend,
} from './dashboard-lists.ts';
import {
  checkedDays,
  completeRange,
  type DaysAsked,
  daysCondition,
  finalRows,
  scopeConditions,
} from './filters.ts';

type Data = DashboardResponse['data'];

/** Whether a row is of the current period (the first column, grouped by position: it holds a parameter). */
function currentColumn(days: DaysAsked) {
  return days.from ? sql<boolean>`${values.analysisDate} >= ${days.from}::date` : sql<boolean>`true`;
}

/** Both periods' days: from the previous period's start to the current period's end. */
const spanningDays = ({ days, previous }: DashboardScope): DaysAsked => ({
  from: previous?.start ?? days.from,
  to: days.to,
});

/**
 * The tasks made on these days in any time zone (a day of the project lies within the UTC day before and
 * after it): lets the planner read the period's tasks by their creation instead of looking each one up.
 */
function tasksAround(projectId: number, days: DaysAsked): SQL[] {
  const conditions = [eq(tasks.projectId, projectId)];
  if (days.from)
    conditions.push(sql`${tasks.createdAt} >= (${days.from}::date - 1)::timestamp AT TIME ZONE 'UTC'`);
  if (days.to)
    conditions.push(sql`${tasks.createdAt} < (${days.to}::date + 2)::timestamp AT TIME ZONE 'UTC'`);
  return conditions;
}

/** Analyses, their average final score and the units charged for them, per period. */
function finalFigures(ctx: AppContext, projectId: number, at: DashboardScope) {
  const days = spanningDays(at);
  return ctx.db
    .select({
      current: currentColumn(at.days),
      analyses: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${values.score})`,
      units: sql<number>`coalesce(sum(${tasks.unitsChargedMilli}), 0)::float8`,
    })
    .from(values)
    .innerJoin(tasks, and(eq(tasks.id, values.taskId), ...tasksAround(projectId, days)))
    .where(and(...at.scope, finalRows, ...daysCondition(days)))
    .groupBy(sql`1`);
}

/** Yes/no items passed and missed per period, prompt and path. */
function checklistOutcomes(ctx: AppContext, at: DashboardScope): Promise<ItemOutcomes[]> {
  return ctx.db
    .select({
      current: currentColumn(at.days),
      promptId: values.promptId,
      path: values.path,
      passed: sql<number>`count(*) filter (where ${values.outcome} = 'passed')::int`,
      missed: sql<number>`count(*) filter (where ${values.outcome} = 'missed')::int`,
      versionId: sql<number | null>`max(${values.promptVersionId})`,
    })
    .from(values)
    .where(and(...at.scope, inArray(values.valueType, ['bool', 'ok']), ...daysCondition(spanningDays(at))))
    .groupBy(sql`1`, values.promptId, values.path);
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
 * The project dashboard for the days asked and optionally one prompt: analyses, average final score, pass rate
 * of yes/no items and units used, each beside the period before (when the range is complete); the score's
 * trend, the best and worst representatives, the most missed items and the newest analyses.
 */
export async function projectDashboard(
  ctx: AppContext,
  access: ProjectAccess,
  query: DashboardQuery,
): Promise<Data> {
  const days = checkedDays(query);
  const range = completeRange(days);
  const previous = range ? previousRange(range) : null;
  const at: DashboardScope = {
    scope: scopeConditions(access, { prompt_id: query.prompt_id }),
    days,
    range,
    previous,
  };
  const [figures, outcomes, trend, ranking, recent] = await Promise.all([
    finalFigures(ctx, access.project.id, at),
    checklistOutcomes(ctx, at),
    scoreTrend(ctx, at, query.week_start),
    representativeRanking(ctx, at),
    recentAnalyses(ctx, access, at),
  ]);
  const of = (current: boolean) => figures.find((row) => row.current === current);
  const change = (figure: (current: boolean) => number | null) => ({
    current: figure(true),
    previous: previous ? figure(false) : null,
  });
  return {
    previous: previous && { from: previous.start, to: previous.end },
    analyses: change((current) => of(current)?.analyses ?? 0),
    average_score: change((current) => of(current)?.average ?? null),
    pass_rate: change((current) => passRate(outcomes, current)),
    units_used_milli: change((current) => of(current)?.units ?? 0),
    trend,
    ...ranking,
    most_missed: await mostMissed(ctx, access, outcomes),
    recent,
  };
}
