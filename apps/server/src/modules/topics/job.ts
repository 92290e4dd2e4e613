import { milliUnits, TopicModelAnswer } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { topicExamples, topicRuns, topics } from '../../db/schema/index.ts';
import { QUEUES, type RetryPolicy } from '../../jobs/boss.ts';
import { type Attempt, defineJob } from '../../jobs/registry.ts';
import { endFailedAttempt } from '../../jobs/retries.ts';
import { chargePaidWork, endUnpaid } from '../billing/paid-job.ts';
import { buildTopics, type ClusterFacts, type TopicDraft } from './build.ts';
import { clusterTerms } from './cluster.ts';
import { conversationTexts, gatherConversations } from './gather.ts';
import { SAMPLES_PER_CLUSTER, TOPIC_INSTRUCTIONS, topicPrompt } from './name.ts';

const TOPIC_JOB_TEXTS = {
  interrupted: 'The topic run was interrupted (the worker stopped while working on it) and was given up.',
  nothing: 'No conversation of the period has a summary or a transcript to group.',
  insufficientFunds: 'Insufficient funds: the topic run costs {units} units, more than the project can pay.',
  unexpected: (message: string) => `The topic run could not be completed: ${message}`,
} as const;

type RunError = { code: string; message: string };
type TopicRunRow = typeof topicRuns.$inferSelect;

const unfinished = inArray(topicRuns.status, ['queued', 'running']);

/** Ends a run that has not ended as failed, releasing its hold: nothing is charged. */
async function endFailed(tx: Executor, runId: number, error: RunError): Promise<void> {
  await endUnpaid(tx, { topicRunId: runId }, async () => {
    const [failed] = await tx
      .update(topicRuns)
      .set({
        status: 'failed',
        stage: 'done',
        errorCode: error.code,
        errorMessage: error.message,
        unitsMilli: 0,
        completedAt: new Date(),
      })
      .where(and(eq(topicRuns.id, runId), unfinished))
      .returning({ id: topicRuns.id });
    return failed;
  });
}

export const failTopicRun = (ctx: AppContext, runId: number, error: RunError) =>
  ctx.db.transaction((tx) => endFailed(tx, runId, error));

/** The clusters of both periods' conversations: counts per period and the period's typical conversations. */
async function clustersOf(ctx: AppContext, row: TopicRunRow) {
  const period = {
    start: row.startDate,
    end: row.endDate,
    previousStart: row.previousStartDate,
    previousEnd: row.previousEndDate,
  };
  const gathered = await gatherConversations(ctx.db, row.projectId, period);
  const current = gathered.filter((conversation) => conversation.current).length;
  const clusters: ClusterFacts[] = clusterTerms(gathered).map((cluster, i) => {
    const typical = cluster.members.filter((index) => gathered[index]!.current);
    return {
      number: i + 1,
      count: typical.length,
      previousCount: cluster.members.length - typical.length,
      topTerms: cluster.topTerms,
      typical: typical.map((index) => gathered[index]!.taskId),
    };
  });
  return { clusters, current, previous: gathered.length - current };
}

/**
 * Charges the run (settling its hold) and stores its topics with their examples, in one transaction: a retried
 * job finds it completed, and the ledger's key (topics:N) charges it once.
 */
async function completeRun(ctx: AppContext, row: TopicRunRow, drafts: TopicDraft[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(topicRuns)
      .where(and(eq(topicRuns.id, row.id), eq(topicRuns.status, 'running')))
      .for('update');
    if (!current) return;
    const paid = { projectId: row.projectId, item: { topicRunId: row.id } };
    const outcome = await chargePaidWork(ctx, tx, paid, milliUnits(row.unitsMilli), {
      minutesMilli: 0,
      description: `Topics #${row.id}: ${row.startDate} to ${row.endDate}`,
    });
    if (outcome.status === 'insufficient') {
      const message = TOPIC_JOB_TEXTS.insufficientFunds.replace('{units}', outcome.units);
      return endFailed(tx, row.id, { code: 'insufficient_funds', message });
    }
    if (drafts.length > 0) {
      const stored = await tx
        .insert(topics)
        .values(
          drafts.map((draft, position) => ({
            runId: row.id,
            position,
            name: draft.name,
            description: draft.description,
            count: draft.count,
            previousCount: draft.previousCount,
            emerging: draft.emerging,
            phrases: draft.phrases,
            terms: draft.terms,
          })),
        )
        .returning({ id: topics.id, position: topics.position });
      const examples = stored.flatMap(({ id, position }) =>
        drafts[position]!.examples.map((taskId, rank) => ({ topicId: id, taskId, rank })),
      );
      // An example deleted since it was gathered is left out (its analysis is gone: nothing to show).
      if (examples.length > 0)
        await tx.execute(sql`
          INSERT INTO ${topicExamples} (topic_id, task_id, rank)
          SELECT e.topic_id, e.task_id, e.rank
          FROM jsonb_to_recordset(${JSON.stringify(examples.map((e) => ({ topic_id: e.topicId, task_id: e.taskId, rank: e.rank })))}::jsonb)
            AS e(topic_id int, task_id int, rank int)
          WHERE EXISTS (SELECT 1 FROM tasks t WHERE t.id = e.task_id)`);
    }
    await tx
      .update(topicRuns)
      .set({ status: 'completed', stage: 'done', unitsMilli: outcome.unitsMilli, completedAt: new Date() })
      .where(eq(topicRuns.id, row.id));
  });
}

/**
 * One attempt at a run: gather the lexemes of both periods' summaries, group them (no model), ask the model
 * once to name and merge the groups, then charge and store. Idempotent: an ended run is left alone; a passing
 * failure is thrown for the queue's retry unless this is the last attempt; any other ends the run failed.
 */
export async function runTopics(ctx: AppContext, runId: number, attempt: Attempt): Promise<void> {
  const [row] = await ctx.db
    .update(topicRuns)
    .set({ status: 'running', stage: 'grouping', startedAt: sql`coalesce(${topicRuns.startedAt}, now())` })
    .where(and(eq(topicRuns.id, runId), unfinished))
    .returning();
  if (!row) return;
  try {
    const { clusters, current, previous } = await clustersOf(ctx, row);
    attempt.signal.throwIfAborted();
    if (current === 0)
      return await failTopicRun(ctx, runId, { code: 'nothing_to_group', message: TOPIC_JOB_TEXTS.nothing });
    const [naming] = await ctx.db
      .update(topicRuns)
      .set({ stage: 'naming', conversations: current, previousConversations: previous })
      .where(and(eq(topicRuns.id, runId), eq(topicRuns.status, 'running')))
      .returning({ id: topicRuns.id });
    // Another attempt ended the run meanwhile (this one's worker was cut off and its job taken over).
    if (!naming) return;
    const samples = await conversationTexts(
      ctx.db,
      clusters.flatMap((cluster) => cluster.typical.slice(0, SAMPLES_PER_CLUSTER)),
    );
    const answer = await generateStructured(ctx, {
      purpose: 'topics',
      projectId: row.projectId,
      userId: row.requestedBy,
      provider: row.provider,
      model: row.model,
      schema: TopicModelAnswer,
      instructions: TOPIC_INSTRUCTIONS,
      prompt: topicPrompt(clusters, samples),
      signal: attempt.signal,
    });
    await completeRun(ctx, row, buildTopics(clusters, answer));
  } catch (error) {
    await endFailedAttempt(ctx, error, attempt, {
      name: 'Topic run',
      ids: { runId },
      unexpectedMessage: TOPIC_JOB_TEXTS.unexpected,
      fail: (failure) => failTopicRun(ctx, runId, failure),
    });
  }
}

/** An attempt that failed for a passing reason is tried twice more, 30 s and 60 s later (as insights are). */
const TOPIC_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/** One topic run (retried per TOPIC_RETRIES and jobs/retries.ts); given up: failed, its hold released. */
export const topicJob = defineJob({
  name: QUEUES.topics,
  payload: z.object({ runId: z.number().int() }),
  handler: (ctx, { runId }, attempt) => runTopics(ctx, runId, attempt),
  queue: { heartbeatSeconds: 30, expireInSeconds: 1800 },
  retries: {
    policy: TOPIC_RETRIES,
    givenUpQueue: QUEUES.topicsGivenUp,
    giveUp: (ctx, { runId }) =>
      failTopicRun(ctx, runId, { code: 'interrupted', message: TOPIC_JOB_TEXTS.interrupted }),
  },
  concurrency: 2,
});
