import { randomUUID } from 'node:crypto';
import { AUTOMATION_WEBHOOK_EVENT, type WebhookEvent } from '@parley/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import {
  projectMembers,
  projects,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { webhookDeliveryOutcomes } from '../../metrics/metrics.ts';
import { setDeliveryOutcome } from '../automations/outcomes.ts';
import { emailJob } from '../mail/jobs.ts';
import { webhookDeliveryJob } from './jobs.ts';
import { postEvent, validSecrets } from './send.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A new event id: the `webhook-id` of its deliveries. */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Queues one event to each of the given endpoints, in the caller's transaction: the deliveries and their jobs
 * exist only if it commits, so an event is never lost nor sent for work that rolled back.
 */
export async function queueDeliveries(
  ctx: Pick<AppContext, 'boss'>,
  tx: Transaction,
  endpointIds: number[],
  event: WebhookEvent,
  /** The analysis the event is about: an endpoint gets that analysis's events in the order they were queued. */
  taskId: number | null = null,
): Promise<DeliveryRow[]> {
  if (endpointIds.length === 0) return [];
  const eventId = newEventId();
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        eventId,
        eventType: event.type,
        payload: event,
        taskId,
        nextAttemptAt: sql`now()`,
      })),
    )
    .returning();
  await webhookDeliveryJob.sendMany(
    ctx,
    rows.map((row) => ({ data: { deliveryId: row.id } })),
    { tx },
  );
  return rows;
}

/** Makes deliveries due again now, with a fresh retry schedule (resend). */
export async function requeueDeliveries(ctx: AppContext, tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: new Date() })
    .where(inArray(webhookDeliveries.id, ids));
  await webhookDeliveryJob.sendMany(
    ctx,
    ids.map((deliveryId) => ({ data: { deliveryId } })),
    { tx },
  );
}

/** The endpoint's pending delivery of the same analysis queued before this one (none: it may go). */
const earlierPending = (
  deliveryId: number,
) => sql`SELECT earlier.next_attempt_at FROM ${webhookDeliveries} earlier
  JOIN ${webhookDeliveries} later ON later.id = ${deliveryId}
  WHERE earlier.endpoint_id = later.endpoint_id AND earlier.task_id = later.task_id
    AND earlier.status = 'pending' AND earlier.id < later.id
  ORDER BY earlier.id LIMIT 1`;

/** How long a delivery waits behind an earlier one under way (its attempt takes at most 15 s). */
const BEHIND_ATTEMPT_SECONDS = 2;

/**
 * A due delivery behind an earlier pending one of the same analysis and endpoint waits for it: it is tried
 * again a second after the earlier one's next attempt (or shortly, while that one is under way), its own
 * attempts and retry schedule untouched. A job that finds its delivery not due (resent or settled meanwhile)
 * does nothing.
 */
async function waitForEarlier(ctx: AppContext, deliveryId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // (The earlier one's next_attempt_at is null while it is under way.)
    const wait = sql`greatest(coalesce(extract(epoch FROM (${earlierPending(deliveryId)}) - now()),
      ${BEHIND_ATTEMPT_SECONDS - 1}), 0) + 1`;
    const [waiting] = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, sql`now() + interval '1 second'`),
          sql`EXISTS (${earlierPending(deliveryId)})`,
        ),
      )
      .returning({
        seconds: sql<number>`ceil(extract(epoch FROM ${webhookDeliveries.nextAttemptAt} - now()))::int`,
      });
    if (waiting) await webhookDeliveryJob.send(ctx, { deliveryId }, { tx, startAfter: waiting.seconds });
  });
}

/**
 * One attempt at a delivery (the job's handler; safe to run twice). The row is claimed first: pending and due
 * (next_attempt_at null means an attempt is under way or was interrupted). next_attempt_at is set from the
 * database's clock in the transaction that sends the job, as the job's start time is, so a job never finds its
 * delivery not yet due; an older job of a delivery resent meanwhile finds it not due and does nothing. A failure schedules the next
 * attempt after the configured retry delays (WEBHOOK_RETRY_DELAYS_SECONDS); after the last one the delivery fails
 * for good, the endpoint is disabled and the project's owners are emailed.
 *
 * The claim gives the attempt an id of its own, and the attempt records its outcome only while the delivery is
 * still pending under that id: a worker cut off mid-post whose job another worker took over (and settled, or
 * claimed again) posts at most once more, with the same webhook-id, and changes nothing of the delivery.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: number): Promise<void> {
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: null,
      attemptId: randomUUID(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(
          isNull(webhookDeliveries.nextAttemptAt),
          lte(webhookDeliveries.nextAttemptAt, sql`now() + interval '1 second'`),
        ),
        sql`NOT EXISTS (${earlierPending(deliveryId)})`,
      ),
    )
    .returning();
  if (!claimed) return waitForEarlier(ctx, deliveryId);
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint) return;
  const result = await postEvent(
    ctx,
    { url: endpoint.url, secrets: validSecrets(endpoint) },
    claimed.eventId,
    JSON.stringify(claimed.payload),
  );
  const answer = {
    responseStatus: result.status,
    responseBody: result.body,
    durationMs: result.durationMs,
    updatedAt: new Date(),
  };
  const delay = ctx.config.webhooks.retryDelaysSeconds[claimed.attempts - 1];
  // An automation rule's webhook action takes the outcome of its delivery once it is settled.
  const settleAction = (tx: Transaction, status: 'sent' | 'failed') =>
    claimed.eventType === AUTOMATION_WEBHOOK_EVENT
      ? setDeliveryOutcome(
          tx,
          claimed,
          status,
          `${result.status === null ? result.body : `HTTP ${result.status}`} (delivery ${deliveryId}).`,
        )
      : undefined;
  const own = and(
    eq(webhookDeliveries.id, deliveryId),
    eq(webhookDeliveries.status, 'pending'),
    eq(webhookDeliveries.attemptId, claimed.attemptId!),
  );
  const record = async (tx: Transaction, values: PgUpdateSetSource<typeof webhookDeliveries>) =>
    (await tx.update(webhookDeliveries).set(values).where(own).returning({ id: webhookDeliveries.id }))
      .length > 0;
  const outcome = await ctx.db.transaction(async (tx) => {
    if (result.ok) {
      if (!(await record(tx, { ...answer, status: 'succeeded' }))) return 'superseded';
      await settleAction(tx, 'sent');
      return 'succeeded';
    }
    // A disabled endpoint gets no more retries (it is only tried when someone asks: a test or a resend).
    if (delay !== undefined && endpoint.enabled) {
      const scheduled = await record(tx, {
        ...answer,
        nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
      });
      if (!scheduled) return 'superseded';
      await webhookDeliveryJob.send(ctx, { deliveryId }, { tx, startAfter: delay });
      return 'retrying';
    }
    if (!(await record(tx, { ...answer, status: 'failed' }))) return 'superseded';
    await settleAction(tx, 'failed');
    if (delay === undefined) await disableEndpoint(ctx, tx, endpoint.id);
    return 'failed';
  });
  if (outcome === 'superseded') {
    ctx.logger.info({ deliveryId }, 'Webhook attempt superseded by a later one; its outcome is not recorded');
    return;
  }
  webhookDeliveryOutcomes.inc({ outcome });
}

/** How long a failing delivery is retried in all, in words: "about 3 days" for the contracts' schedule. */
function retryPeriod(delaysSeconds: readonly number[]): string {
  const seconds = delaysSeconds.reduce((sum, delay) => sum + delay, 0);
  const [amount, unit] =
    seconds < 120
      ? [seconds, 'seconds']
      : seconds < 2 * 3600
        ? [seconds / 60, 'minutes']
        : seconds < 2 * 86_400
          ? [seconds / 3600, 'hours']
          : [seconds / 86_400, 'days'];
  return `about ${Math.round(amount)} ${unit}`;
}

/** Disables an endpoint whose delivery failed its last retry and tells the project's owners (once). */
async function disableEndpoint(ctx: AppContext, tx: Transaction, endpointId: number): Promise<void> {
  const period = retryPeriod(ctx.config.webhooks.retryDelaysSeconds);
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({
      enabled: false,
      disabledReason: `Deliveries kept failing for ${period}.`,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning();
  if (!disabled) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, disabled.projectId));
  const owners = await tx
    .select({ email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, disabled.projectId), eq(projectMembers.role, 'owner')));
  for (const owner of owners) {
    await emailJob.send(
      ctx,
      {
        to: owner.email,
        subject: `Webhook endpoint disabled in ${project?.name ?? 'your project'}`,
        text: [
          `Parley could not deliver events to the webhook endpoint ${disabled.url} in the project "${project?.name}" for ${period}, so it disabled the endpoint.`,
          'Fix the receiver, enable the endpoint again and resend the failed deliveries here:',
          `${ctx.config.publicUrl}/projects/${disabled.projectId}/settings/webhooks`,
        ].join('\n'),
      },
      { tx },
    );
  }
}
