import { BILLING, fromMicros, toMicros } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema/index.ts';
import { queueProjectEvent } from '../webhooks/events.ts';
import type { InvoiceRow } from './dto.ts';
import type { Tx } from './ledger.ts';

const thresholdMicros = toMicros(BILLING.lowBalanceThreshold);

/**
 * After a settled debit, in its transaction (the project row locked): when it took the balance from at least
 * the low-balance threshold to below it, the project's endpoints get billing.balance_low. Once per crossing: a
 * balance already low does not fire again until a credit lifts it.
 */
export async function queueBalanceLowIfCrossed(
  ctx: Pick<AppContext, 'boss'>,
  tx: Tx,
  invoice: InvoiceRow,
): Promise<void> {
  if (invoice.type !== 'debit' || invoice.status !== 'settled' || invoice.amountMicros <= 0) return;
  const [project] = await tx
    .select({ balanceMicros: projects.balanceMicros, currency: projects.currency })
    .from(projects)
    .where(eq(projects.id, invoice.projectId));
  if (!project) return;
  const before = project.balanceMicros + invoice.amountMicros;
  if (before < thresholdMicros || project.balanceMicros >= thresholdMicros) return;
  await queueProjectEvent(ctx, tx, invoice.projectId, {
    type: 'billing.balance_low',
    timestamp: new Date().toISOString(),
    data: {
      project_id: invoice.projectId,
      balance: fromMicros(project.balanceMicros),
      amount: fromMicros(invoice.amountMicros),
      currency: project.currency,
      threshold: BILLING.lowBalanceThreshold,
    },
  });
}
