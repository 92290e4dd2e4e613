import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { generationTarget } from '../../ai/catalog.ts';
import type { AppContext } from '../../context.ts';
import { projects, topicRuns, topicSettings } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { ProjectRow } from '../projects/access.ts';
import { countConversations } from './gather.ts';
import { previousMonth, type TopicPeriod } from './period.ts';
import { startTopicRun } from './start.ts';

/** 05:00 UTC on the first of every month. */
export const TOPICS_MONTHLY_SCHEDULE = '0 5 1 * *';

/**
 * A refusal (too little money, too few conversations, a provider without credentials) is kept as a failed
 * monthly run with its reason, so the project sees why there are no topics this month. At most one monthly run
 * per project and month (a unique index): a second tick, or a retry, finds it and does nothing.
 */
async function recordRefusal(ctx: AppContext, project: ProjectRow, period: TopicPeriod, error: AppError) {
  await ctx.db
    .insert(topicRuns)
    .values({
      projectId: project.id,
      trigger: 'monthly',
      status: 'failed',
      stage: 'done',
      startDate: period.start,
      endDate: period.end,
      previousStartDate: period.previousStart,
      previousEndDate: period.previousEnd,
      ...generationTarget(ctx.config),
      unitsMilli: 0,
      errorCode: error.code,
      errorMessage: error.message,
      completedAt: new Date(),
    })
    .onConflictDoNothing();
}

/**
 * The month before `now` for every project that opted in and had analysed conversations in it. A project whose
 * run on demand is still going is tried again by the tick's retry (the others are done by then).
 */
export async function startMonthlyRuns(ctx: AppContext, now = new Date()): Promise<void> {
  let busy = 0;
  const period = previousMonth(now);
  const opted = await ctx.db
    .select({ project: projects })
    .from(topicSettings)
    .innerJoin(projects, eq(projects.id, topicSettings.projectId))
    .where(eq(topicSettings.monthly, true));
  for (const { project } of opted) {
    const [done] = await ctx.db
      .select({ id: topicRuns.id })
      .from(topicRuns)
      .where(
        and(
          eq(topicRuns.projectId, project.id),
          eq(topicRuns.trigger, 'monthly'),
          eq(topicRuns.startDate, period.start),
        ),
      )
      .limit(1);
    if (done) continue;
    if ((await countConversations(ctx.db, project.id, period)).current === 0) continue;
    try {
      await startTopicRun(ctx, { project, period, trigger: 'monthly', requestedBy: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'topic_run_running') {
        busy++;
        continue;
      }
      ctx.logger.info({ projectId: project.id, code: error.code }, 'Monthly topic run refused');
      await recordRefusal(ctx, project, period, error);
    }
  }
  if (busy > 0)
    throw new Error(`${busy} project(s) had a topic run going; their monthly runs start on the retry`);
}

/** The monthly runs (TOPICS_MONTHLY_SCHEDULE); a tick that fails is retried by pg-boss's defaults. */
export const topicsMonthlyJob = defineJob({
  name: QUEUES.topicsMonthly,
  payload: z.object({}),
  schedule: TOPICS_MONTHLY_SCHEDULE,
  queue: { expireInSeconds: 3000 },
  handler: (ctx) => startMonthlyRuns(ctx),
});
