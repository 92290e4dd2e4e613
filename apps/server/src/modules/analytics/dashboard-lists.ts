import {
  ANALYTICS_LIMITS,
  type DashboardResponse,
  type DayRange,
  fieldPathLabel,
  type WeekStart,
} from '@parley/contracts';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days, tasks, analysisFieldValues as values } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { type AnalyticsTable, type DaysAsked, daysCondition, finalRows } from './filters.ts';
import { periodKeyOfDay, periodRange, periodsBetween, trendPeriod } from './periods.ts';
import { promptNames } from './prompt-fields.ts';
import { groupBy } from './tally.ts';

type Data = DashboardResponse['data'];

/** What the dashboard's queries share: the rows in scope, the days asked and the period before them. */
export interface DashboardScope {
  /** The caller's rows of the prompt asked (all prompts without one) in either table. */
  scope: (table: AnalyticsTable) => SQL[];
  days: DaysAsked;
  range: DayRange | null;
  previous: DayRange | null;
}

/** A yes/no item's answers in one period (current: the days asked, else the period before). */
export interface ItemOutcomes {
  current: boolean;
  promptId: number;
  path: string;
  passed: number;
  missed: number;
}

const { rankingMinAnalyses, missedMinAnswers, listSize, recentAnalyses: recentSize } = ANALYTICS_LIMITS;

/**
 * The current period's final scores, by period: every period of the range (or of the analyses) has a point.
 * Rows are counted per day and the days folded into periods (by the contracts date helper).
 */
export async function scoreTrend(
  ctx: AppContext,
  at: DashboardScope,
  weekStart: WeekStart,
): Promise<Data['trend']> {
  const granularity = trendPeriod(at.range);
  const counted = await ctx.db
    .select({
      day: sql<string>`${days.analysisDate}::text`,
      analyses: sql<number>`sum(${days.analyses})::int`,
      scoreSum: sql<number>`sum(${days.scoreSum})::float8`,
      scored: sql<number>`sum(${days.scored})::int`,
    })
    .from(days)
    .where(and(...at.scope(days), finalRows(days), ...daysCondition(days, at.days)))
    .groupBy(days.analysisDate)
    .orderBy(days.analysisDate);
  const start = at.days.from ?? counted[0]?.day;
  const end = at.days.to ?? counted.at(-1)?.day;
  if (!start || !end) return { granularity, points: [] };
  const byPeriod = groupBy(counted, (day) => periodKeyOfDay(granularity, day.day, weekStart));
  const points = periodsBetween(granularity, { start, end }, weekStart).map((key) => {
    const inPeriod = byPeriod.get(key) ?? [];
    const sum = (pick: (day: (typeof counted)[number]) => number) =>
      inPeriod.reduce((total, day) => total + pick(day), 0);
    const scored = sum((day) => day.scored);
    return {
      period: key,
      start: periodRange(granularity, key, weekStart).start,
      analyses: sum((day) => day.analyses),
      average_score: scored === 0 ? null : sum((day) => day.scoreSum) / scored,
    };
  });
  return { granularity, points };
}

/** The best and the worst average final scores of representatives with enough analyses (no one in both). */
export async function representativeRanking(
  ctx: AppContext,
  at: DashboardScope,
): Promise<Pick<Data, 'top_representatives' | 'bottom_representatives'>> {
  const analyses = sql<number>`sum(${days.analyses})::int`;
  const average = sql<number>`sum(${days.scoreSum}) / nullif(sum(${days.scored}), 0)`;
  const ranked = await ctx.db
    .select({ representative: sql<string>`${days.representative}`, analyses, average_score: average })
    .from(days)
    .where(
      and(
        ...at.scope(days),
        finalRows(days),
        isNotNull(days.representative),
        ...daysCondition(days, at.days),
      ),
    )
    .groupBy(days.representative)
    .having(sql`${analyses} >= ${rankingMinAnalyses} and ${average} is not null`)
    .orderBy(desc(average), days.representative);
  const top = ranked.slice(0, listSize);
  const bottom = ranked.slice(listSize).reverse().slice(0, listSize);
  return { top_representatives: top, bottom_representatives: bottom };
}

/** The current period's yes/no items with the highest miss rates (enough answers, missed at least once). */
export async function mostMissed(
  ctx: AppContext,
  access: ProjectAccess,
  outcomes: ItemOutcomes[],
): Promise<Data['most_missed']> {
  const items = outcomes
    .filter((row) => row.current && row.missed > 0 && row.passed + row.missed >= missedMinAnswers)
    .map((row) => ({
      ...row,
      answered: row.passed + row.missed,
      rate: row.missed / (row.passed + row.missed),
    }))
    .sort((a, b) => b.rate - a.rate || b.missed - a.missed || a.path.localeCompare(b.path))
    .slice(0, listSize);
  const names = await promptNames(
    ctx.db,
    access.project.id,
    items.map((item) => item.promptId),
  );
  return items.map((item) => ({
    prompt_id: item.promptId,
    prompt_name: names.get(item.promptId) ?? `#${item.promptId}`,
    path: item.path,
    label: fieldPathLabel(item.path),
    missed: item.missed,
    answered: item.answered,
    miss_rate: item.rate,
  }));
}

/** The newest analyses of the current period. */
export async function recentAnalyses(
  ctx: AppContext,
  access: ProjectAccess,
  at: DashboardScope,
): Promise<Data['recent']> {
  const newest = ctx.db
    .select({
      taskId: values.taskId,
      promptId: values.promptId,
      score: values.score,
    })
    .from(values)
    .where(and(...at.scope(values), finalRows(values), ...daysCondition(values, at.days)))
    .orderBy(desc(values.analysisDate), desc(values.taskId))
    .limit(recentSize)
    .as('newest');
  const rows = await ctx.db
    .select({
      id: tasks.id,
      title: tasks.title,
      representative: tasks.representative,
      createdAt: tasks.createdAt,
      conversationAt: tasks.conversationAt,
      promptId: newest.promptId,
      score: newest.score,
    })
    .from(newest)
    .innerJoin(tasks, eq(tasks.id, newest.taskId))
    .orderBy(desc(tasks.conversationAt), desc(tasks.id));
  const names = await promptNames(
    ctx.db,
    access.project.id,
    rows.map((row) => row.promptId),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    representative: row.representative,
    prompt_name: names.get(row.promptId) ?? null,
    final_score: row.score,
    created_at: row.createdAt.toISOString(),
    conversation_at: row.conversationAt.toISOString(),
  }));
}
