import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { deletedProjects, invoices } from '../../db/schema/index.ts';
import { lockProject, type Tx } from './ledger.ts';
import { BILLING_TEXTS } from './messages.ts';

/**
 * A deleted project leaves its billing records (its whole ledger: top-up requests, purchases, charges,
 * adjustments) for the platform's accounts, under its id and name, for the super admin alone. What its
 * members wrote and what its conversations were called goes: who asked for a top-up, the texts of top-up
 * requests, the file names and questions in the descriptions of charges.
 */

/** Top-ups and charges described by their reference alone (chargeRef: 'task:12', 'insight:3'). */
const neutralDescription = sql`CASE
  WHEN ${invoices.reference} = 'topup' THEN ${BILLING_TEXTS.topUpDescription}
  WHEN ${invoices.referenceId} LIKE 'task:%' THEN 'Analysis #' || substr(${invoices.referenceId}, 6)
  WHEN ${invoices.referenceId} LIKE 'insight:%' THEN 'Insight #' || substr(${invoices.referenceId}, 9)
  ELSE ${invoices.description} END`;

/**
 * Called by the projects module in its delete transaction, before the project's row goes. Locks the row
 * first, so no charge or top-up request of the project lands after the records are made anonymous.
 */
export async function keepBillingRecords(tx: Tx, projectId: number, now = new Date()): Promise<void> {
  const project = await lockProject(tx, projectId);
  await tx.insert(deletedProjects).values({ id: project.id, name: project.name, deletedAt: now });
  await tx
    .update(invoices)
    .set({ createdBy: null, description: neutralDescription })
    .where(
      and(
        eq(invoices.projectId, project.id),
        or(isNotNull(invoices.createdBy), inArray(invoices.reference, ['topup', 'analysis'])),
      ),
    );
}
