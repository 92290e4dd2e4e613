import {
  fromMilliUnits,
  TOPIC_TEXTS,
  TOPICS,
  type TopicEstimate,
  type TopicPeriodRequest,
  type TopicRunTrigger,
  topicRunUnitsMilli,
} from '@parley/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { topicRuns } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { canProcess } from '../billing/holds.ts';
import { lockProject } from '../billing/ledger.ts';
import { holdPaidWork } from '../billing/paid-job.ts';
import { insightModel } from '../insights/create.ts';
import type { ProjectRow } from '../projects/access.ts';
import { countConversations } from './gather.ts';
import { topicJob } from './job.ts';
import { periodOf, type TopicPeriod } from './period.ts';

export type TopicRunRow = typeof topicRuns.$inferSelect;

/** The model that names topics (the AI generation model, as insights use) and the price of a run with it. */
function priced(ctx: AppContext) {
  const target = insightModel(ctx.config, {});
  return { provider: target.provider, model: target.model, unitsMilli: topicRunUnitsMilli(target.units) };
}

/** What a run of the period asked would group and cost, and whether the project can pay it now. */
export async function estimateTopicRun(
  ctx: AppContext,
  project: ProjectRow,
  asked: TopicPeriodRequest,
): Promise<TopicEstimate> {
  const period = periodOf(asked);
  const price = priced(ctx);
  const counts = await countConversations(ctx.db, project.id, period);
  return {
    start_date: period.start,
    end_date: period.end,
    previous_start_date: period.previousStart,
    previous_end_date: period.previousEnd,
    conversations: counts.current,
    previous_conversations: counts.previous,
    provider: price.provider,
    model: price.model,
    units_milli: price.unitsMilli,
    affordable: await canProcess(ctx, project.id, price.unitsMilli),
  };
}

/** 409 topic_run_running while the project has a run queued or running (under its lock). */
async function ensureNoneRunning(tx: Executor, projectId: number): Promise<void> {
  const [active] = await tx
    .select({ n: count() })
    .from(topicRuns)
    .where(and(eq(topicRuns.projectId, projectId), inArray(topicRuns.status, ['queued', 'running'])));
  if ((active?.n ?? 0) > 0) throw conflict(TOPIC_TEXTS.running, 'topic_run_running');
}

export interface RunRequest {
  project: ProjectRow;
  period: TopicPeriod;
  trigger: TopicRunTrigger;
  requestedBy: { id: number; name: string | null } | null;
}

/**
 * Starts a run: under the project's lock, stores it, holds its price (402 insufficient_funds beside the work in
 * progress) and queues its job, in one transaction, as insights and backtests do. 422 too_few_conversations
 * when the period has fewer than TOPICS.conversationsMin analysed conversations; 409 while another runs.
 */
export async function startTopicRun(ctx: AppContext, request: RunRequest): Promise<TopicRunRow> {
  const price = priced(ctx);
  const counts = await countConversations(ctx.db, request.project.id, request.period);
  if (counts.current < TOPICS.conversationsMin) {
    const message = TOPIC_TEXTS.tooFew.replace('{min}', String(TOPICS.conversationsMin));
    throw new AppError('unprocessable', 'too_few_conversations', message);
  }
  return ctx.db.transaction(async (tx) => {
    await lockProject(tx, request.project.id);
    await ensureNoneRunning(tx, request.project.id);
    const [row] = await tx
      .insert(topicRuns)
      .values({
        projectId: request.project.id,
        trigger: request.trigger,
        startDate: request.period.start,
        endDate: request.period.end,
        previousStartDate: request.period.previousStart,
        previousEndDate: request.period.previousEnd,
        provider: price.provider,
        model: price.model,
        unitsMilli: price.unitsMilli,
        requestedBy: request.requestedBy?.id ?? null,
        requestedByName: request.requestedBy?.name ?? null,
      })
      .returning();
    const paid = { projectId: request.project.id, item: { topicRunId: row!.id } };
    if (!(await holdPaidWork(tx, paid, price.unitsMilli))) {
      const units = fromMilliUnits(price.unitsMilli).toLocaleString('en-US', { maximumFractionDigits: 3 });
      throw new AppError(
        'payment_required',
        'insufficient_funds',
        TOPIC_TEXTS.insufficientFunds.replace('{units}', units),
      );
    }
    await topicJob.send(ctx, { runId: row!.id }, { tx, singletonKey: `topics:${row!.id}` });
    return row!;
  });
}
