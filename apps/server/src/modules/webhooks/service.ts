import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_TEST_EVENT,
  WEBHOOKS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointUpdateRequest,
} from '@parley/contracts';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { type DeliveryRow, queueDeliveries, requeueDeliveries } from './deliveries.ts';
import { checkEndpointUrl } from './target.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** Who acts: the project (checked by the route's projectRole hook) and the signed-in user. */
export interface Actor {
  projectId: number;
  userId: number;
}

const NOT_FOUND = 'Webhook endpoint not found.';

/** A new signing secret: whsec_ and 32 random bytes in base64 (Standard Webhooks). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    project_id: row.projectId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function requireEndpoint(ctx: AppContext, actor: Actor, endpointId: number): Promise<EndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, actor.projectId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listEndpoints(ctx: AppContext, actor: Actor): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, actor.projectId))
    .orderBy(webhookEndpoints.id);
  return rows.map(endpointOf);
}

export async function createEndpoint(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof WebhookEndpointCreateRequest>,
): Promise<WebhookEndpoint & { secret: string }> {
  const url = await checkEndpointUrl(ctx, input.url);
  const secret = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises creations in one project, so that the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${actor.projectId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.projectId, actor.projectId));
    if ((existing?.n ?? 0) >= WEBHOOKS.endpointsMax) {
      throw conflict(
        `A project can have at most ${WEBHOOKS.endpointsMax} webhook endpoints.`,
        'too_many_endpoints',
      );
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        projectId: actor.projectId,
        url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        secret,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    return created!;
  });
  return { ...endpointOf(row), secret };
}

export async function updateEndpoint(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
  input: z.output<typeof WebhookEndpointUpdateRequest>,
): Promise<WebhookEndpoint> {
  await requireEndpoint(ctx, actor, endpointId);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(ctx, input.url);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined && { url }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, actor.projectId)))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return endpointOf(row);
}

export async function deleteEndpoint(ctx: AppContext, actor: Actor, endpointId: number): Promise<void> {
  const removed = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, actor.projectId)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw notFound(NOT_FOUND);
}

/** A new secret; the current one becomes the previous one and still signs for WEBHOOKS.rotationGraceMs. */
export async function rotateSecret(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
): Promise<WebhookEndpoint & { secret: string }> {
  const current = await requireEndpoint(ctx, actor, endpointId);
  const secret = newSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(Date.now() + WEBHOOKS.rotationGraceMs),
      updatedBy: actor.userId,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.secret, current.secret)))
    .returning();
  if (!row) throw conflict('The secret was rotated at the same time; please try again.');
  return { ...endpointOf(row), secret };
}

export async function sendTestEvent(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(ctx, actor, endpointId);
  const [row] = await ctx.db.transaction((tx) =>
    queueDeliveries(ctx, tx, [endpoint.id], {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: endpoint.id, project_id: endpoint.projectId },
    }),
  );
  return deliveryOf(row!);
}

export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
  page: number,
  pageSize: number,
) {
  await requireEndpoint(ctx, actor, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: rows.map(deliveryOf), total: total?.n ?? 0, page, page_size: pageSize };
}

export async function resendDelivery(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await requireEndpoint(ctx, actor, endpointId);
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!found) throw notFound('Delivery not found.');
    await requeueDeliveries(ctx, tx, [found.id]);
    const [updated] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, found.id));
    return updated!;
  });
  return deliveryOf(row);
}

/** The failed deliveries of the endpoint created at or after `since` (oldest first, up to resendMax), sent again. */
export async function resendFailed(
  ctx: AppContext,
  actor: Actor,
  endpointId: number,
  since: Date,
): Promise<number> {
  await requireEndpoint(ctx, actor, endpointId);
  return ctx.db.transaction(async (tx) => {
    const failed = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.status, 'failed'),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .orderBy(webhookDeliveries.id)
      .limit(WEBHOOKS.resendMax);
    await requeueDeliveries(
      ctx,
      tx,
      failed.map((row) => row.id),
    );
    return failed.length;
  });
}
