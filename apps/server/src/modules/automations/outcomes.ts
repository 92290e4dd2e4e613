import type { AutomationActionStatus } from '@parley/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { automationFirings } from '../../db/schema/index.ts';

/** The longest detail an action's outcome keeps (a receiver's answer is cut there). */
const DETAIL_MAX = 300;

/**
 * Sets the outcome of the firing's actions that `which` (over one action `a`, its position `n` from 1) picks;
 * whether one was picked.
 */
async function setOutcome(
  db: Executor,
  where: SQL,
  which: SQL,
  status: AutomationActionStatus,
  detail: string,
): Promise<boolean> {
  const outcome = JSON.stringify({ status, detail: detail.slice(0, DETAIL_MAX) });
  const actions = sql`jsonb_array_elements(${automationFirings.actions}) WITH ORDINALITY AS x(a, n)`;
  const changed = await db
    .update(automationFirings)
    .set({
      actions: sql`(SELECT jsonb_agg(CASE WHEN ${which} THEN a || ${outcome}::jsonb ELSE a END ORDER BY n)
        FROM ${actions})`,
    })
    .where(and(where, sql`EXISTS (SELECT 1 FROM ${actions} WHERE ${which})`))
    .returning({ id: automationFirings.id });
  return changed.length > 0;
}

/**
 * The outcome of action `index` (from 0) of a firing, once its job has run; false when the action is no
 * longer queued (another attempt of the job settled it: a cut-off worker's late attempt changes nothing).
 */
export const setActionOutcome = (
  db: Executor,
  firingId: number,
  index: number,
  status: AutomationActionStatus,
  detail: string,
) =>
  setOutcome(
    db,
    sql`${automationFirings.id} = ${firingId}`,
    sql`n = ${index + 1} AND a->>'status' = 'queued'`,
    status,
    detail,
  );

/**
 * The outcome of a webhook action once its delivery settled (succeeded, or failed for good): found through the
 * analysis the delivery is about (automation_firings_task_idx).
 */
export const setDeliveryOutcome = (
  db: Executor,
  delivery: { id: number; taskId: number | null },
  status: AutomationActionStatus,
  detail: string,
) =>
  delivery.taskId === null
    ? Promise.resolve(false)
    : setOutcome(
        db,
        sql`${automationFirings.taskId} = ${delivery.taskId}
          AND ${automationFirings.actions} @> ${JSON.stringify([{ deliveryId: delivery.id }])}::jsonb`,
        sql`(a->>'deliveryId')::int = ${delivery.id}`,
        status,
        detail,
      );
