import { fromMilliUnits, type ProviderId, trackerApplyUnitsMilli } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isProviderAvailable, ProviderUnavailable, providerUnavailable } from '../../ai/catalog.ts';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { reportOutage } from '../../db/outage.ts';
import { mediaFiles, projects, tasks, trackerHits, trackerRuns, trackers } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { QUEUES, type RetryPolicy } from '../../jobs/boss.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { type Attempt, defineJob } from '../../jobs/registry.ts';
import { endFailedAttempt } from '../../jobs/retries.ts';
import { chargePaidWork, endUnpaid } from '../billing/paid-job.ts';
import { conversationContext } from '../pipeline/stages/analysis.ts';
import { pipelineState } from '../pipeline/state.ts';
import { privacySettings } from '../privacy/settings.ts';
import { insertHits } from './matching.ts';
import { type SmartAnswer, singleStatementSchema, smartHit } from './smart.ts';
import { type RunRow, runAnalyses } from './smart-apply.ts';

/**
 * The job of a smart tracker's priced run over past analyses (smart-apply.ts starts it): the run's analyses in id
 * order, one model call each with only the statement and the conversation (redacted as the analysis stage reads
 * it). Each answer replaces the tracker's hit of that analysis and moves the run's cursor in one transaction, so a
 * resumed or retried attempt asks no analysis twice. Then it charges the analyses answered once (ledger key
 * tracker_run:N) and releases the rest of the hold; none answered: failed, unpaid.
 */

const RUN_TEXTS = {
  interrupted: 'The run was interrupted (the worker stopped while working on it) and was given up.',
  allFailed: 'No analysis could be answered.',
  insufficientFunds: 'Insufficient funds: the run costs {units} units, more than the project can pay.',
  unexpected: (message: string) => `The run could not be completed: ${message}`,
} as const;

const INSTRUCTIONS =
  "You read a company's recorded or written conversation and answer one statement about it: said, true only when the conversation clearly shows the statement; quote, the passage of the transcript, word for word, that shows it (without its [..s] time and speaker label), null when not said.";

const unfinished = inArray(trackerRuns.status, ['queued', 'running']);

async function endFailed(tx: Executor, runId: number, error: { code: string; message: string }) {
  await endUnpaid(tx, { trackerRunId: runId }, async () => {
    const [failed] = await tx
      .update(trackerRuns)
      .set({
        status: 'failed',
        errorCode: error.code,
        errorMessage: error.message,
        unitsMilli: 0,
        completedAt: new Date(),
      })
      .where(and(eq(trackerRuns.id, runId), unfinished))
      .returning({ id: trackerRuns.id });
    return failed;
  });
}

const failRun = (ctx: AppContext, runId: number, error: { code: string; message: string }) =>
  ctx.db.transaction((tx) => endFailed(tx, runId, error));

/** Charges the analyses answered (settling the hold) and completes the run, once. */
async function completeRun(ctx: AppContext, runId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(trackerRuns)
      .where(and(eq(trackerRuns.id, runId), eq(trackerRuns.status, 'running')))
      .for('update');
    if (!row) return;
    if (row.done === 0) return endFailed(tx, row.id, { code: 'all_failed', message: RUN_TEXTS.allFailed });
    const outcome = await chargePaidWork(
      ctx,
      tx,
      { projectId: row.projectId, item: { trackerRunId: row.id } },
      trackerApplyUnitsMilli(fromMilliUnits(row.modelUnitsMilli), row.done),
      { minutesMilli: 0, description: `Smart tracker #${row.trackerId} on ${row.done} past analyses` },
    );
    if (outcome.status === 'insufficient') {
      const message = RUN_TEXTS.insufficientFunds.replace('{units}', outcome.units);
      return endFailed(tx, row.id, { code: 'insufficient_funds', message });
    }
    await tx
      .update(trackerRuns)
      .set({ status: 'completed', unitsMilli: outcome.unitsMilli, completedAt: new Date() })
      .where(eq(trackerRuns.id, row.id));
  });
}

/**
 * Records one analysis's outcome: moves the cursor past it (only from where the run stood: another attempt that
 * got there first wins) and, when answered, replaces the tracker's hit of it.
 */
async function settle(
  ctx: AppContext,
  run: RunRow,
  task: { id: number; projectId: number; transcript: unknown; speakerRoles: unknown },
  answer: SmartAnswer | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(trackerRuns)
      .set({
        afterTaskId: task.id,
        ...(answer ? { done: sql`${trackerRuns.done} + 1` } : { failed: sql`${trackerRuns.failed} + 1` }),
      })
      .where(
        and(
          eq(trackerRuns.id, run.id),
          eq(trackerRuns.status, 'running'),
          sql`${trackerRuns.afterTaskId} < ${task.id}`,
        ),
      )
      .returning({ id: trackerRuns.id });
    if (!moved || !answer) return;
    await tx
      .delete(trackerHits)
      .where(and(eq(trackerHits.trackerId, run.trackerId), eq(trackerHits.taskId, task.id)));
    const hit = smartHit(task, run.trackerId, answer);
    if (hit) await insertHits(tx, [hit]);
  });
}

/** Whether an error ends this analysis's question only (the run goes on), as backtests decide it. */
function failsItemOnly(error: unknown, lastAttempt: boolean): boolean {
  if (error instanceof ProviderUnavailable) return false;
  const retryable = error instanceof AppError ? error.retryable : true;
  return !retryable || lastAttempt;
}

async function askPending(ctx: AppContext, run: RunRow, attempt: Attempt): Promise<void> {
  const provider = run.provider as ProviderId;
  if (!isProviderAvailable(ctx.config, provider)) throw providerUnavailable(provider);
  const [tracker] = await ctx.db
    .select({ statement: trackers.statement })
    .from(trackers)
    .where(eq(trackers.id, run.trackerId));
  const [project] = await ctx.db
    .select({ timezone: projects.timezone })
    .from(projects)
    .where(eq(projects.id, run.projectId));
  if (!tracker?.statement || !project) return;
  const privacy = await privacySettings(ctx.db, run.projectId);
  const range = { from: run.fromDay ?? undefined, to: run.toDay ?? undefined };
  let after = run.afterTaskId;
  for (;;) {
    attempt.signal.throwIfAborted();
    const found = await ctx.db.execute<{ id: number }>(sql`
      SELECT t.id FROM tasks t
      WHERE ${runAnalyses(run.projectId, project.timezone, range)} AND t.id > ${after} AND t.id <= ${run.lastTaskId}
      ORDER BY t.id LIMIT 1`);
    const id = found.rows[0]?.id;
    if (id === undefined) return;
    const [next] = await ctx.db
      .select({ task: tasks, media: mediaFiles })
      .from(tasks)
      .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
      .where(eq(tasks.id, id));
    after = id;
    if (!next) continue;
    const { task, media } = next;
    const context = conversationContext({ task, media, state: pipelineState(task.pipeline), privacy });
    let answer: SmartAnswer | null;
    try {
      answer = await generateStructured(ctx, {
        purpose: 'tracker',
        projectId: run.projectId,
        userId: run.requestedBy,
        signal: attempt.signal,
        provider,
        model: run.model,
        schema: singleStatementSchema(tracker.statement),
        instructions: INSTRUCTIONS,
        prompt: `Statement: "${tracker.statement}"\n\nTranscript:\n${context.transcript}`,
        maxOutputTokens: 1024,
      });
    } catch (error) {
      if (reportOutage(ctx.db, error) || !failsItemOnly(error, attempt.lastAttempt)) throw error;
      ctx.logger.info(
        { runId: run.id, taskId: task.id, error: error instanceof Error ? error.message : String(error) },
        'Smart tracker question failed',
      );
      answer = null;
    }
    await settle(ctx, run, task, answer);
  }
}

/** One attempt at a run: ask its analyses from where it stands, then charge and complete. */
export async function runTrackerRun(ctx: AppContext, runId: number, attempt: Attempt): Promise<void> {
  const [row] = await ctx.db
    .update(trackerRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${trackerRuns.startedAt}, now())` })
    .where(and(eq(trackerRuns.id, runId), unfinished))
    .returning();
  if (!row) return;
  try {
    await askPending(ctx, row, attempt);
    await completeRun(ctx, runId);
  } catch (error) {
    await endFailedAttempt(ctx, error, attempt, {
      name: 'Smart tracker run',
      ids: { runId },
      unexpectedMessage: RUN_TEXTS.unexpected,
      fail: (failure) => failRun(ctx, runId, failure),
    });
  }
}

const RUN_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/** One smart tracker run (retried per RUN_RETRIES); one whose attempts kept being interrupted fails unpaid. */
export const trackerRunJob = defineJob({
  name: QUEUES.trackerRuns,
  payload: z.object({ runId: z.number().int() }),
  handler: (ctx, { runId }, attempt) => runTrackerRun(ctx, runId, attempt),
  queue: { heartbeatSeconds: 30, expireInSeconds: 4 * 3600 },
  retries: {
    policy: RUN_RETRIES,
    givenUpQueue: QUEUES.trackerRunsGivenUp,
    giveUp: (ctx, { runId }) => failRun(ctx, runId, { code: 'interrupted', message: RUN_TEXTS.interrupted }),
  },
  concurrency: 2,
});

/** Queues a run's job in the transaction that starts it. */
export async function queueTrackerRun(
  ctx: Pick<AppContext, 'boss'>,
  tx: Transaction,
  runId: number,
): Promise<void> {
  await trackerRunJob.send(ctx, { runId }, { tx, singletonKey: `tracker-run:${runId}` });
}
