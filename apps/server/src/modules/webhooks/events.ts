import {
  AUTOMATION_TRIGGERS,
  type AutomationTrigger,
  type WebhookEvent,
  type WebhookEventType,
} from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, tasks, webhookEndpoints } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { knockedOutCondition } from '../analyses/filters.ts';
import { listItemsWithReviews, selectListRows } from '../analyses/list.ts';
import { fireAutomations } from '../automations/fire.ts';
import { getChangeRequest } from '../change-requests/read.ts';
import { queueDeliveries } from './deliveries.ts';

/** The project's enabled endpoints that subscribe to an event type. */
async function subscribers(tx: Transaction, projectId: number, type: WebhookEventType): Promise<number[]> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, projectId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  return rows.map((row) => row.id);
}

const isTrigger = (type: WebhookEventType): type is AutomationTrigger =>
  (AUTOMATION_TRIGGERS as readonly string[]).includes(type);

/** The project's automation rules for an event about an analysis that a rule may listen to (modules/automations). */
async function fireRules(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  projectId: number,
  type: WebhookEventType,
  taskId: number,
): Promise<void> {
  if (isTrigger(type)) await fireAutomations(ctx, tx, { type, projectId, taskId });
}

/**
 * analysis.completed / analysis.failed, queued in the transaction that settles the task (modules/tasks/state.ts),
 * with analysis.knocked_out beside a completion a knockout answer failed;
 * analysis.corrected in the one that applies an approved change request: the payload is the analysis as the
 * analyses list answers it.
 */
export async function queueAnalysisEvent(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  task: { id: number; projectId: number },
  type: 'analysis.completed' | 'analysis.failed' | 'analysis.corrected',
): Promise<void> {
  await fireRules(ctx, tx, task.projectId, type, task.id);
  const endpointIds = await subscribers(tx, task.projectId, type);
  const knockoutIds =
    type === 'analysis.completed' ? await subscribers(tx, task.projectId, 'analysis.knocked_out') : [];
  if (endpointIds.length === 0 && knockoutIds.length === 0) return;
  const rows = await selectListRows(tx, {}).where(eq(tasks.id, task.id));
  const [item] = await listItemsWithReviews(tx, rows, null);
  if (!item) return;
  const timestamp = new Date().toISOString();
  await queueDeliveries(ctx, tx, endpointIds, { type, timestamp, data: item }, task.id);
  if (knockoutIds.length > 0 && (await knockedOut(tx, task.id))) {
    const knockout = { type: 'analysis.knocked_out' as const, timestamp, data: item };
    await queueDeliveries(ctx, tx, knockoutIds, knockout, task.id);
  }
}

/** Whether an answer knocked the analysis out (the analyses list's knocked-out filter). */
async function knockedOut(tx: Transaction, taskId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), knockedOutCondition()));
  return row !== undefined;
}

/**
 * change_request.created / change_request.resolved, queued in the transaction that opens or decides the request:
 * the payload is the request as the change requests API answers it to an admin, read-only (a receiver cannot
 * review, so `can_review` is false).
 */
export async function queueChangeRequestEvent(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  request: { id: number; projectId: number; taskId: number },
  type: 'change_request.created' | 'change_request.resolved',
): Promise<void> {
  await fireRules(ctx, tx, request.projectId, type, request.taskId);
  const endpointIds = await subscribers(tx, request.projectId, type);
  if (endpointIds.length === 0) return;
  const [project] = await tx.select().from(projects).where(eq(projects.id, request.projectId));
  if (!project) return;
  const data = await getChangeRequest(tx, { project, role: 'admin', support: true }, 0, request.id);
  const event = { type, timestamp: new Date().toISOString(), data };
  await queueDeliveries(ctx, tx, endpointIds, event, data.task_id);
}

/**
 * Any other event of a project, its payload made by the caller (batch.completed: modules/batches/progress.ts);
 * with the analysis it is about (a review's), delivered in order with that analysis's other events.
 */
export async function queueProjectEvent(
  ctx: Pick<AppContext, 'boss'>,
  tx: Transaction,
  projectId: number,
  event: WebhookEvent & { type: WebhookEventType },
  taskId: number | null = null,
): Promise<void> {
  const endpointIds = await subscribers(tx, projectId, event.type);
  await queueDeliveries(ctx, tx, endpointIds, event, taskId);
}

/** An event about one analysis made by the caller (review.submitted): its webhooks and the rules listening to it. */
export async function queueAnalysisProjectEvent(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  projectId: number,
  event: WebhookEvent & { type: WebhookEventType },
  taskId: number,
): Promise<void> {
  await fireRules(ctx, tx, projectId, event.type, taskId);
  await queueProjectEvent(ctx, tx, projectId, event, taskId);
}
