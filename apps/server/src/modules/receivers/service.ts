import { randomBytes } from 'node:crypto';
import {
  RECEIVERS,
  type Receiver,
  type ReceiverCreateRequest,
  type ReceiverEvent,
  type ReceiverUpdateRequest,
} from '@parley/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { phoneReceivers, prompts, receiverEvents } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { encrypt, encryptionKey } from '../google-drive/crypto.ts';
import type { Actor } from '../webhooks/service.ts';

type ReceiverRow = typeof phoneReceivers.$inferSelect;
type EventRow = typeof receiverEvents.$inferSelect;

export const RECEIVER_TEXTS = {
  notFound: 'Receiver not found.',
  tooMany: `A project can have at most ${RECEIVERS.receiversMax} phone-system receivers.`,
  notPrompt: 'Prompt {id} is not a prompt of this project.',
  genericSecret: "A generic receiver's secret is made by Parley; it cannot be replaced.",
  encryptionKeyMissing:
    'Phone-system receivers need ENCRYPTION_KEY (32 bytes as base64 or hex) in the server environment: their secrets are stored encrypted.',
  encryptionKeyInvalid:
    'ENCRYPTION_KEY is not valid: it must be 32 bytes written as base64 (44 characters) or hex (64 characters).',
} as const;

/** The key that encrypts receivers' secrets and download credentials (503 naming ENCRYPTION_KEY without one). */
export const receiverKey = (config: Pick<Config, 'encryptionKey'>) => encryptionKey(config, RECEIVER_TEXTS);

/** The address a receiver's provider posts to. */
export const receiverUrl = (config: Pick<Config, 'publicUrl'>, key: string) =>
  `${config.publicUrl.replace(/\/+$/, '')}/api/receivers/${key}`;

export function receiverOf(config: Pick<Config, 'publicUrl'>, row: ReceiverRow): Receiver {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    name: row.name,
    prompt_id: row.promptId,
    mapping: row.mapping,
    date_source: row.dateSource,
    enabled: row.enabled,
    url: receiverUrl(config, row.key),
    last_event_at: row.lastEventAt?.toISOString() ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const eventOf = (row: EventRow): ReceiverEvent => ({
  id: row.id,
  receiver_id: row.receiverId,
  external_id: row.externalId,
  event_type: row.eventType,
  status: row.status,
  reason: row.reason,
  task_id: row.taskId,
  metadata: row.metadata,
  conversation_at: row.conversationAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const invalid = (message: string, field: string) =>
  new AppError('unprocessable', 'invalid_value', message, { field });

/** The receiver's prompt must be the project's (422 invalid_value on prompt_id). */
async function checkPrompt(ctx: AppContext, projectId: number, promptId: number): Promise<void> {
  const [prompt] = await ctx.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.projectId, projectId)));
  if (!prompt) throw invalid(RECEIVER_TEXTS.notPrompt.replace('{id}', String(promptId)), 'prompt_id');
}

const receiverWhere = (actor: Actor, receiverId: number) =>
  and(eq(phoneReceivers.id, receiverId), eq(phoneReceivers.projectId, actor.projectId));

async function requireReceiver(ctx: AppContext, actor: Actor, receiverId: number): Promise<ReceiverRow> {
  const [row] = await ctx.db.select().from(phoneReceivers).where(receiverWhere(actor, receiverId));
  if (!row) throw notFound(RECEIVER_TEXTS.notFound);
  return row;
}

export async function listReceivers(ctx: AppContext, actor: Actor): Promise<Receiver[]> {
  const rows = await ctx.db
    .select()
    .from(phoneReceivers)
    .where(eq(phoneReceivers.projectId, actor.projectId))
    .orderBy(asc(phoneReceivers.id));
  return rows.map((row) => receiverOf(ctx.config, row));
}

/**
 * A new receiver with an unguessable key (its address). A generic receiver gets a whsec_ secret, answered this
 * once; the other kinds keep the provider's. Secrets are stored encrypted.
 */
export async function createReceiver(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof ReceiverCreateRequest>,
): Promise<Receiver & { secret: string | null }> {
  const cipherKey = receiverKey(ctx.config);
  await checkPrompt(ctx, actor.projectId, input.prompt_id);
  const generic = input.kind === 'generic';
  const secret = generic ? `whsec_${randomBytes(32).toString('base64')}` : input.secret!;
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises creations in one project, so that the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('phone_receivers'), ${actor.projectId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(phoneReceivers)
      .where(eq(phoneReceivers.projectId, actor.projectId));
    if ((existing?.n ?? 0) >= RECEIVERS.receiversMax)
      throw conflict(RECEIVER_TEXTS.tooMany, 'too_many_receivers');
    const [created] = await tx
      .insert(phoneReceivers)
      .values({
        projectId: actor.projectId,
        kind: input.kind,
        name: input.name,
        promptId: input.prompt_id,
        secret: encrypt(cipherKey, secret),
        key: randomBytes(24).toString('base64url'),
        mapping: input.mapping,
        dateSource: input.date_source,
        enabled: input.enabled,
        createdBy: actor.userId,
      })
      .returning();
    return created!;
  });
  return { ...receiverOf(ctx.config, row), secret: generic ? secret : null };
}

export async function updateReceiver(
  ctx: AppContext,
  actor: Actor,
  receiverId: number,
  input: z.output<typeof ReceiverUpdateRequest>,
): Promise<Receiver> {
  const current = await requireReceiver(ctx, actor, receiverId);
  if (input.secret !== undefined && current.kind === 'generic')
    throw invalid(RECEIVER_TEXTS.genericSecret, 'secret');
  const secret = input.secret === undefined ? undefined : encrypt(receiverKey(ctx.config), input.secret);
  if (input.prompt_id !== undefined) await checkPrompt(ctx, actor.projectId, input.prompt_id);
  const [row] = await ctx.db
    .update(phoneReceivers)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.prompt_id !== undefined && { promptId: input.prompt_id }),
      ...(secret !== undefined && { secret }),
      ...(input.mapping !== undefined && { mapping: input.mapping }),
      ...(input.date_source !== undefined && { dateSource: input.date_source }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      updatedAt: new Date(),
    })
    .where(receiverWhere(actor, receiverId))
    .returning();
  if (!row) throw notFound(RECEIVER_TEXTS.notFound);
  return receiverOf(ctx.config, row);
}

/** Deletes a receiver and its event log (its analyses stay; its queued jobs then find nothing to do). */
export async function deleteReceiver(ctx: AppContext, actor: Actor, receiverId: number): Promise<void> {
  const removed = await ctx.db
    .delete(phoneReceivers)
    .where(receiverWhere(actor, receiverId))
    .returning({ id: phoneReceivers.id });
  if (removed.length === 0) throw notFound(RECEIVER_TEXTS.notFound);
}

export async function listEvents(
  ctx: AppContext,
  actor: Actor,
  receiverId: number,
  page: number,
  pageSize: number,
) {
  await requireReceiver(ctx, actor, receiverId);
  const where = eq(receiverEvents.receiverId, receiverId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(receiverEvents)
      .where(where)
      .orderBy(desc(receiverEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(receiverEvents).where(where),
  ]);
  return { items: rows.map(eventOf), total: total?.n ?? 0, page, page_size: pageSize };
}
