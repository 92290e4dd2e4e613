import { DEFAULT_PRIORITY, type ReceiverEventStatus } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { reportOutage } from '../../db/outage.ts';
import { phoneReceivers, projects, receiverEvents, tasks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { QUEUES, type RetryPolicy } from '../../jobs/boss.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { defineJob } from '../../jobs/registry.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { classifyItemFailure } from '../batches/jobs.ts';
import { decrypt } from '../google-drive/crypto.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { checkPromptAndFunds } from '../tasks/request.ts';
import { ingest } from '../uploads/service.ts';
import { stageFromUrl } from '../uploads/stage.ts';
import { receiverKey } from './service.ts';

export const EVENT_TEXTS = {
  promptMissing: 'The receiver has no prompt (it was deleted): choose one, then the next calls are analysed.',
  blacklisted: "The caller's number is on the blacklist.",
  interrupted: 'The download was interrupted (the worker stopped while working on it) and was given up.',
} as const;

interface EventChange {
  status: ReceiverEventStatus;
  reason?: string | null;
  taskId?: number | null;
}

/**
 * What an attempt may still change: an event not settled yet. A worker cut off mid-download whose job another
 * worker took over (and settled) may come back and finish its own stale attempt, which must change nothing.
 */
const OPEN_EVENT = (eventId: number) =>
  and(eq(receiverEvents.id, eventId), eq(receiverEvents.status, 'received'));

/** An event's outcome; a settled one no longer keeps where its recording was nor the credentials for it. */
async function settle(ctx: AppContext, eventId: number, change: EventChange): Promise<void> {
  await ctx.db
    .update(receiverEvents)
    .set({ ...change, download: null, updatedAt: new Date() })
    .where(OPEN_EVENT(eventId));
}

/** The outcome of an event whose analysis is made: queued, or skipped when the number is blacklisted. */
function madeTask(task: { id: number; status: string }): EventChange {
  return task.status === 'skipped'
    ? { status: 'skipped', taskId: task.id, reason: EVENT_TEXTS.blacklisted }
    : { status: 'queued', taskId: task.id, reason: null };
}

/** What the media row keeps as the recording's source: the link without credentials, query or fragment. */
export function sourceUrlOf(link: string): string | undefined {
  try {
    const url = new URL(link);
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * One call event, through the path of a link upload (as a bulk row goes): the prompt and the balance are checked
 * (the metadata the prompt asks a person for may be missing, as for a synced Drive file), the recording is
 * downloaded by the SSRF-guarded download into storage (the provider's credentials to its own origin only), and
 * ingest creates and queues the analysis as the receiver's creator (or finds the duplicate, or skips a
 * blacklisted number). A passing failure (see classifyItemFailure) is retried unless this is the last attempt;
 * the others fail the event with their reason. The analysis's transaction links the event (task_id), so an
 * attempt that made it and died before settling the event settles it on the next attempt without downloading
 * again, and an overlapping attempt that finds that analysis does not call the event a duplicate of its own.
 */
export async function processReceiverEvent(
  ctx: AppContext,
  eventId: number,
  options: { lastAttempt: boolean },
): Promise<void> {
  const [row] = await ctx.db
    .select({ event: receiverEvents, receiver: phoneReceivers, project: projects })
    .from(receiverEvents)
    .innerJoin(phoneReceivers, eq(phoneReceivers.id, receiverEvents.receiverId))
    .innerJoin(projects, eq(projects.id, phoneReceivers.projectId))
    .where(eq(receiverEvents.id, eventId));
  if (!row?.event.download || row.event.status !== 'received') return;
  const { event, receiver, project } = row;
  const download = row.event.download;
  if (event.taskId !== null) {
    const [task] = await ctx.db
      .select({ id: tasks.id, status: tasks.status })
      .from(tasks)
      .where(eq(tasks.id, event.taskId));
    if (task) return settle(ctx, eventId, madeTask(task));
  }
  const access: ProjectAccess = { project, role: 'user' };
  try {
    if (receiver.promptId === null)
      throw new AppError('invalid', 'prompt_not_found', EVENT_TEXTS.promptMissing);
    const { metadata } = event;
    const prompt = await checkPromptAndFunds(ctx, access, receiver.promptId, metadata, {
      requireMetadata: false,
    });
    const authorization = download.authorization && decrypt(receiverKey(ctx.config), download.authorization);
    const staged = await stageFromUrl(ctx, project.id, download.url, {
      ...(authorization && { headers: { authorization } }),
      ...(download.fileName && { fileName: download.fileName }),
      sourceUrl: sourceUrlOf(download.url),
    });
    const input = {
      prompt_id: prompt.id,
      priority: DEFAULT_PRIORITY,
      metadata,
      conversation_at: event.conversationAt?.toISOString(),
      force: false,
    };
    const linkTask = (tx: Transaction, taskId: number) =>
      tx.update(receiverEvents).set({ taskId }).where(OPEN_EVENT(eventId));
    const { data } = (
      await ingest(ctx, access, receiver.createdBy, { input, prompt }, staged, null, linkTask)
    ).body;
    const existing = data.duplicate || data.in_progress;
    const taskId = (existing ? data.existing_task_id : data.task_id)!;
    // The analysis found may be this event's own, made by an attempt that overlapped this one.
    const [linked] = await ctx.db
      .select({ taskId: receiverEvents.taskId })
      .from(receiverEvents)
      .where(eq(receiverEvents.id, eventId));
    if (existing && linked?.taskId !== taskId) {
      await settle(ctx, eventId, { status: 'duplicate', taskId, reason: null });
    } else {
      await settle(ctx, eventId, madeTask({ id: taskId, status: data.skipped ? 'skipped' : 'queued' }));
    }
  } catch (error) {
    // The database went away: the attempt is interrupted as if its worker had stopped (logged once, db/outage.ts).
    if (reportOutage(ctx.db, error)) throw error;
    const failure = classifyItemFailure(error);
    if (failure.retryable && !options.lastAttempt) {
      const [open] = await ctx.db
        .update(receiverEvents)
        .set({ reason: failure.message, updatedAt: new Date() })
        .where(OPEN_EVENT(eventId))
        .returning({ id: receiverEvents.id });
      // Another attempt settled the event meanwhile: nothing is left to retry.
      if (!open) return;
      ctx.logger.warn({ eventId, error: failure.message }, 'Receiver event failed; it will be retried');
      throw new RetryLater(failure.message, { cause: error });
    }
    ctx.logger.info({ eventId, error: failure.message }, 'Receiver event failed');
    await settle(ctx, eventId, { status: 'failed', reason: failure.message });
  }
}

/** A download that failed for a passing reason (timeout, 5xx) is tried twice more, 30 s and 60 s later. */
const RECEIVER_EVENT_RETRIES: RetryPolicy = { retries: 2, delaySeconds: 30 };

/**
 * One call event of a phone-system receiver: BATCH_CONCURRENCY downloads at a time per worker process, as bulk
 * rows (they are the same work); given-up jobs fail their events as interrupted.
 */
export const receiverEventJob = defineJob({
  name: QUEUES.receiverEvents,
  payload: z.object({ eventId: z.number().int() }),
  handler: (ctx, { eventId }, { lastAttempt }) => processReceiverEvent(ctx, eventId, { lastAttempt }),
  queue: { heartbeatSeconds: 60, expireInSeconds: 3600 },
  retries: {
    policy: RECEIVER_EVENT_RETRIES,
    givenUpQueue: QUEUES.receiverEventsGivenUp,
    giveUp: (ctx, { eventId }) => settle(ctx, eventId, { status: 'failed', reason: EVENT_TEXTS.interrupted }),
  },
  concurrency: ({ batches }) => batches.concurrency,
});
