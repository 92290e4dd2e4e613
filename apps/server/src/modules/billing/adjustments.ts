import { type AdjustmentRequest, toMicros } from '@parley/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../users/dto.ts';
import { queueBalanceLowIfCrossed } from './balance-low.ts';
import type { InvoiceRow } from './dto.ts';
import { lockProject, settle } from './ledger.ts';
import { money, paymentRequired } from './messages.ts';

/** A super admin's correction: a settled credit or debit with a reason. A debit cannot overdraw. */
export async function adjustBalance(
  ctx: AppContext,
  projectId: number,
  admin: UserRow,
  input: z.output<typeof AdjustmentRequest>,
  now = new Date(),
): Promise<InvoiceRow> {
  const amountMicros = toMicros(input.amount);
  return ctx.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    if (input.type === 'debit' && amountMicros > project.balanceMicros) {
      throw paymentRequired(
        `A debit of ${money(amountMicros, project.currency)} would take the balance ` +
          `(${money(project.balanceMicros, project.currency)}) below zero.`,
      );
    }
    const invoice = await settle(tx, project, {
      type: input.type,
      amountMicros,
      description: input.reason,
      processDate: now,
      reference: 'adjustment',
      createdBy: admin.id,
    });
    await queueBalanceLowIfCrossed(ctx, tx, invoice);
    return invoice;
  });
}
