import { INSIGHT_TEXTS, type InsightAnswer, InsightModelAnswer, milliUnits } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';
import { insights, projects, users } from '../../db/schema/index.ts';
import { QUEUES, type RetryPolicy } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { endFailedAttempt } from '../../jobs/retries.ts';
import { chargePaidWork, endUnpaid } from '../billing/paid-job.ts';
import { queueProjectEvent } from '../webhooks/events.ts';
import { answerReferences, INSIGHT_INSTRUCTIONS, insightPrompt, sanitizeAnswer } from './ask.ts';
import type { InsightRow } from './create.ts';
import { gatherInsightData } from './gather.ts';
import { author, toInsight } from './history.ts';

const INSIGHT_JOB_TEXTS = {
  interrupted: 'The insight was interrupted (the worker stopped while working on it) and was given up.',
  unexpected: (message: string) => `The insight could not be completed: ${message}`,
} as const;

/** Insights one worker process answers at the same time (each mostly waits on its provider). */
const INSIGHT_CONCURRENCY = 4;
/** Characters of the question in the ledger's description. */
const DESCRIPTION_QUESTION_CHARS = 100;

const unfinished = inArray(insights.status, ['queued', 'running']);
const running = (insightId: number) => and(eq(insights.id, insightId), eq(insights.status, 'running'));

async function setProgress(ctx: AppContext, insightId: number, values: Partial<InsightRow>): Promise<void> {
  await ctx.db
    .update(insights)
    .set({ ...values, updatedAt: new Date() })
    .where(running(insightId));
}

/** Ends an insight that has not completed as failed with the reason, releasing its hold: nothing is charged. */
async function failInsight(ctx: AppContext, insightId: number, error: string): Promise<void> {
  await ctx.db.transaction((tx) =>
    endUnpaid(tx, { insightId }, async () => {
      const [failed] = await tx
        .update(insights)
        .set({ status: 'failed', error, updatedAt: new Date(), completedAt: new Date() })
        .where(and(eq(insights.id, insightId), unfinished))
        .returning({ id: insights.id });
      return failed;
    }),
  );
}

function ledgerDescription(row: InsightRow): string {
  const question = row.question.replace(/\s+/g, ' ');
  const cut =
    question.length > DESCRIPTION_QUESTION_CHARS
      ? `${question.slice(0, DESCRIPTION_QUESTION_CHARS).trimEnd()}…`
      : question;
  return `Insight #${row.id}: ${cut}`;
}

/**
 * Charges the insight's price (settling its hold) and stores its answer, in one transaction: a retried job
 * finds it completed, and a deleted insight is neither charged nor completed.
 */
async function completeInsight(ctx: AppContext, row: InsightRow, answer: InsightAnswer): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(insights).where(running(row.id)).for('update');
    if (!current) return;
    const paid = { projectId: row.projectId, item: { insightId: row.id } };
    const outcome = await chargePaidWork(ctx, tx, paid, milliUnits(row.unitsMilli), {
      minutesMilli: 0,
      description: ledgerDescription(row),
    });
    const now = new Date();
    if (outcome.status === 'insufficient') {
      await tx
        .update(insights)
        .set({
          status: 'failed',
          error: INSIGHT_TEXTS.insufficientFunds.replace('{units}', outcome.units),
          updatedAt: now,
          completedAt: now,
        })
        .where(eq(insights.id, row.id));
      return;
    }
    const [done] = await tx
      .update(insights)
      .set({
        status: 'completed',
        stage: 'done',
        answer,
        unitsMilli: outcome.unitsMilli,
        error: null,
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(insights.id, row.id))
      .returning();
    const [by] = done?.createdBy
      ? await tx.select(author).from(users).where(eq(users.id, done.createdBy))
      : [];
    await queueProjectEvent(ctx, tx, row.projectId, {
      type: 'insight.completed',
      timestamp: now.toISOString(),
      data: toInsight(ctx.config, done!, by ?? null),
    });
  });
}

/**
 * One attempt at an insight: gather the figures of its analyses (as its asker sees them), ask its model for
 * a structured answer, keep only what the data has, then charge and complete. Idempotent: a finished insight
 * is left alone, and the charge is made once. A passing failure is thrown for the queue's retry unless this
 * is the last attempt; any other ends the insight failed, its hold released.
 */
export async function runInsight(
  ctx: AppContext,
  insightId: number,
  attempt: { lastAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  const [found] = await ctx.db
    .select({ insight: insights, project: projects })
    .from(insights)
    .innerJoin(projects, eq(projects.id, insights.projectId))
    .where(eq(insights.id, insightId));
  if (!found || found.insight.status === 'completed' || found.insight.status === 'failed') return;
  const { insight: row, project } = found;
  await ctx.db
    .update(insights)
    .set({ status: 'running', stage: 'gathering', updatedAt: new Date() })
    .where(and(eq(insights.id, insightId), unfinished));
  try {
    const access = { project, role: 'user' as const, visibility: row.visibility };
    const data = await gatherInsightData(ctx.db, access, row.filters);
    if (!data) return await failInsight(ctx, insightId, INSIGHT_TEXTS.noAnalyses);
    await setProgress(ctx, insightId, { stage: 'asking', analyses: data.figures.analyses });
    const answer = await generateStructured(ctx, {
      purpose: 'insight',
      projectId: row.projectId,
      userId: row.createdBy,
      provider: row.provider,
      model: row.model,
      schema: InsightModelAnswer,
      instructions: INSIGHT_INSTRUCTIONS,
      prompt: insightPrompt(row.question, row.filters, row.language, data),
      signal: attempt.signal,
    });
    await completeInsight(ctx, row, sanitizeAnswer(answer, answerReferences(data)));
  } catch (error) {
    await endFailedAttempt(ctx, error, attempt, {
      name: 'Insight',
      ids: { insightId },
      unexpectedMessage: INSIGHT_JOB_TEXTS.unexpected,
      fail: (failure) => failInsight(ctx, insightId, failure.message),
    });
  }
}

/**
 * An attempt that failed for a passing reason (a provider's 5xx or timeout) is tried twice more, 30 s and
 * 60 s later.
 */
const INSIGHTS_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/**
 * One insight (retried per INSIGHTS_RETRIES and the rule of jobs/retries.ts). A worker that stops is noticed by
 * the heartbeat and another resumes the insight; an insight whose attempts kept being interrupted fails. An
 * attempt may wait up to 10 minutes for the provider's rate limit before its call.
 */
export const insightJob = defineJob({
  name: QUEUES.insights,
  payload: z.object({ insightId: z.number().int() }),
  handler: (ctx, { insightId }, attempt) => runInsight(ctx, insightId, attempt),
  queue: { heartbeatSeconds: 30, expireInSeconds: 1800 },
  retries: {
    policy: INSIGHTS_RETRIES,
    givenUpQueue: QUEUES.insightsGivenUp,
    giveUp: (ctx, { insightId }) => failInsight(ctx, insightId, INSIGHT_JOB_TEXTS.interrupted),
  },
  concurrency: INSIGHT_CONCURRENCY,
});
