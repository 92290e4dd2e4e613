import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';

/**
 * The ledger lines of erased analyses (modules/data-requests) stay, with their amounts and units, described by
 * the analysis id alone: a charge's description names the conversation's file, which can name a person.
 */
export async function anonymiseAnalysisCharges(tx: Executor, projectId: number, taskIds: number[]) {
  if (taskIds.length === 0) return;
  for (const taskId of taskIds) {
    await tx
      .update(invoices)
      .set({ description: `Analysis #${taskId}` })
      .where(
        and(
          eq(invoices.projectId, projectId),
          eq(invoices.reference, 'analysis'),
          inArray(invoices.referenceId, [`task:${taskId}`, String(taskId)]),
        ),
      );
  }
}
