import { BILLING, type TopUpRequest, toMicros } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { invoices } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { requireProjectRole } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { addToDayTotals } from './day-totals.ts';
import type { InvoiceRow } from './dto.ts';
import { lockProject, lockProjectIfExists, moveBalance } from './ledger.ts';
import { BILLING_TEXTS, money } from './messages.ts';

/** MAX_TOP_UP_AMOUNT: a mistyped amount (a million instead of a thousand) is refused, asked or approved. */
function checkTopUpLimit(ctx: AppContext, amountMicros: number, currency: string): void {
  const max = ctx.config.billing.maxTopUpMicros;
  if (amountMicros > max) {
    throw badRequest(
      `A top-up can be at most ${money(max, currency)} (${money(amountMicros, currency)} was asked). Split a larger payment or ask the operator to raise MAX_TOP_UP_AMOUNT.`,
      'top_up_too_large',
      'amount',
    );
  }
}

/** A top-up request of the add-balance dialog: a pending credit that only a super admin's approval settles. */
export async function requestTopUp(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof TopUpRequest>,
  now = new Date(),
): Promise<InvoiceRow> {
  const { project } = await requireProjectRole(ctx.db, user, input.project_id, 'admin');
  checkTopUpLimit(ctx, toMicros(input.amount), project.currency);
  return ctx.db.transaction(async (tx) => {
    // Under the project's lock, so a request never lands beside the deletion of its project.
    await lockProject(tx, project.id);
    const [row] = await tx
      .insert(invoices)
      .values({
        projectId: project.id,
        type: 'credit',
        status: 'pending',
        amountMicros: toMicros(input.amount),
        currency: project.currency,
        description: input.description || BILLING_TEXTS.topUpDescription,
        processDate: now,
        reference: 'topup',
        referenceId: input.reference_id || `${BILLING.topUpReferencePrefix}${now.getTime()}`,
        approvalRequired: true,
        createdBy: user.id,
      })
      .returning();
    return row!;
  });
}

/**
 * Approves or rejects a pending top-up. Approval settles the credit (process_date becomes the approval
 * time) and credits the balance and the day totals in the same transaction; a decided request cannot be
 * decided again. A deleted project's request can only be rejected.
 */
export async function decideTopUp(
  ctx: AppContext,
  invoiceId: number,
  admin: UserRow,
  decision: 'approve' | 'reject',
  note: string | null = null,
  now = new Date(),
): Promise<InvoiceRow> {
  const [found] = await ctx.db
    .select({ projectId: invoices.projectId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!found) throw notFound(BILLING_TEXTS.invoiceNotFound);
  return ctx.db.transaction(async (tx) => {
    // Lock order: the project first (like every balance write), then the invoice. A deleted project has none.
    const project = await lockProjectIfExists(tx, found.projectId);
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) throw notFound(BILLING_TEXTS.invoiceNotFound);
    if (invoice.reference !== 'topup') throw badRequest(BILLING_TEXTS.notATopUp, 'not_a_top_up');
    if (invoice.status !== 'pending') {
      throw conflict(
        `This top-up request was already ${invoice.status === 'settled' ? 'approved' : 'rejected'}.`,
        'already_decided',
      );
    }
    const approve = decision === 'approve';
    if (approve && !project) throw conflict(BILLING_TEXTS.projectDeleted, 'project_deleted');
    if (approve) checkTopUpLimit(ctx, invoice.amountMicros, invoice.currency);
    const [updated] = await tx
      .update(invoices)
      .set({
        status: approve ? 'settled' : 'rejected',
        decidedBy: admin.id,
        decidedAt: now,
        decisionNote: note,
        ...(approve && { processDate: now }),
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (approve) {
      await moveBalance(tx, invoice.projectId, 'credit', invoice.amountMicros);
      await addToDayTotals(tx, invoiceId);
    }
    return updated!;
  });
}
