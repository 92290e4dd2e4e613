import {
  AUTOMATION_WEBHOOK_EVENT,
  type AutomationConditions,
  type AutomationFiredPayload,
  type AutomationTrigger,
} from '@parley/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  automationFirings,
  automationRules,
  type FiringActionRow,
  tasks,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { fieldCondition, knockedOutCondition, promptCondition, sameText } from '../analyses/filters.ts';
import { listItemsWithReviews, selectListRows } from '../analyses/list.ts';
import { queueDeliveries } from '../webhooks/deliveries.ts';
import { automationActionJob } from './jobs.ts';
import { analysisAddress } from './message.ts';

type RuleRow = typeof automationRules.$inferSelect;
type FiredPayload = z.infer<typeof AutomationFiredPayload>;

/** An event a rule may listen to, about one analysis. */
export interface AutomationEvent {
  type: AutomationTrigger;
  projectId: number;
  taskId: number;
}

/** A rule's conditions as SQL over `tasks` (the analyses list's own filters); none: every analysis. */
function conditionOf(projectId: number, conditions: AutomationConditions): SQL {
  const { prompt_id, department, representative, score_below, knocked_out, field } = conditions;
  const all: (SQL | undefined)[] = [
    prompt_id === null ? undefined : promptCondition(projectId, prompt_id),
    department ? sameText(tasks.department, department) : undefined,
    representative ? sameText(tasks.representative, representative) : undefined,
    score_below === null ? undefined : lt(tasks.finalScore, score_below),
    knocked_out ? knockedOutCondition() : undefined,
    field === null
      ? undefined
      : fieldCondition(field.path, field.outcome ?? undefined, field.value ?? undefined),
  ];
  return and(...all) ?? sql`true`;
}

/**
 * The rules of these whose conditions the event's analysis meets: one query, a column per rule.
 */
async function matching(tx: Transaction, rules: RuleRow[], event: AutomationEvent): Promise<RuleRow[]> {
  const columns = rules.map(
    (rule, i) => sql`(${conditionOf(event.projectId, rule.conditions)}) AS ${sql.identifier(`r${i}`)}`,
  );
  const result = await tx.execute<Record<string, boolean>>(
    sql`SELECT ${sql.join(columns, sql`, `)} FROM ${tasks} WHERE ${tasks.id} = ${event.taskId}`,
  );
  const [row] = result.rows;
  return row ? rules.filter((_, i) => row[`r${i}`] === true) : [];
}

/**
 * Runs the project's enabled rules for an event, in the transaction that queues the event's webhooks (so a
 * firing exists only if the event does): one indexed probe when the project has none for this event, one
 * query more to match their conditions. Each matching rule logs a firing, queues an `automation.fired` event to
 * each webhook action's endpoint and a job per email or Slack action (jobs.ts). The actions make no event a
 * rule listens to, so a firing never fires a rule again.
 */
export async function fireAutomations(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  event: AutomationEvent,
): Promise<void> {
  const rules = await tx
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.projectId, event.projectId),
        eq(automationRules.trigger, event.type),
        eq(automationRules.enabled, true),
      ),
    )
    .orderBy(automationRules.id);
  if (rules.length === 0) return;
  const fired = await matching(tx, rules, event);
  if (fired.length === 0) return;
  const rows = await selectListRows(tx, {}).where(eq(tasks.id, event.taskId));
  const [analysis] = await listItemsWithReviews(tx, rows, null);
  if (!analysis) return;
  for (const rule of fired) await fire(ctx, tx, rule, event, analysis);
}

async function fire(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  rule: RuleRow,
  event: AutomationEvent,
  analysis: FiredPayload['analysis'],
): Promise<void> {
  const outcomes: FiringActionRow[] = [];
  for (const action of rule.actions) {
    outcomes.push(
      action.type === 'webhook'
        ? await queueWebhook(ctx, tx, rule, event, analysis, action.endpoint_id)
        : { type: action.type, status: 'queued', detail: null },
    );
  }
  const [firing] = await tx
    .insert(automationFirings)
    .values({
      ruleId: rule.id,
      projectId: rule.projectId,
      eventType: event.type,
      taskId: event.taskId,
      actions: outcomes,
    })
    .returning({ id: automationFirings.id });
  await tx.update(automationRules).set({ lastFiredAt: new Date() }).where(eq(automationRules.id, rule.id));
  const jobs = rule.actions.flatMap((action, index) =>
    action.type === 'webhook' ? [] : [{ data: { firingId: firing!.id, index, action } }],
  );
  if (jobs.length > 0) await automationActionJob.sendMany(ctx, jobs, { tx });
}

/**
 * Queues the `automation.fired` event to the endpoint (it subscribes to nothing: the rule names it), in order
 * with the analysis's other events. A deleted or disabled endpoint fails the action at once.
 */
async function queueWebhook(
  ctx: Pick<AppContext, 'boss' | 'config'>,
  tx: Transaction,
  rule: RuleRow,
  event: AutomationEvent,
  analysis: FiredPayload['analysis'],
  endpointId: number,
): Promise<FiringActionRow> {
  const [endpoint] = await tx
    .select({ enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, rule.projectId)));
  if (!endpoint) return { type: 'webhook', status: 'failed', detail: 'The webhook endpoint was deleted.' };
  if (!endpoint.enabled)
    return { type: 'webhook', status: 'failed', detail: 'The webhook endpoint is disabled.' };
  const data: FiredPayload = {
    rule: { id: rule.id, name: rule.name },
    event_type: event.type,
    analysis,
    analysis_url: analysisAddress(ctx, rule.projectId, event.taskId),
  };
  const [delivery] = await queueDeliveries(
    ctx,
    tx,
    [endpointId],
    { type: AUTOMATION_WEBHOOK_EVENT, timestamp: new Date().toISOString(), data },
    event.taskId,
  );
  return { type: 'webhook', status: 'queued', detail: null, deliveryId: delivery!.id };
}
