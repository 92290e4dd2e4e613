import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/context.ts';
import { invoices, tasks } from '../../apps/server/src/db/schema/index.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';

/** What became of some tasks: how many completed, failed or are still open, and how often each was charged. */
export interface Outcomes {
  completed: number;
  failed: number;
  /** Neither completed nor failed nor skipped. */
  open: number;
  /** Tasks charged more than once. */
  chargedTwice: number;
  /** Tasks charged at all. */
  charged: number;
}

export async function outcomesOf(ctx: AppContext, taskIds: number[]): Promise<Outcomes> {
  const rows = await ctx.db
    .select({ status: tasks.status, n: sql<number>`count(*)::int` })
    .from(tasks)
    .where(inArray(tasks.id, taskIds))
    .groupBy(tasks.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
  const charges = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.reference, 'analysis'),
        eq(invoices.type, 'debit'),
        inArray(
          invoices.referenceId,
          taskIds.map((id) => `task:${id}`),
        ),
      ),
    )
    .groupBy(invoices.referenceId);
  return {
    completed: count('completed'),
    failed: count('failed'),
    open: taskIds.length - count('completed') - count('failed') - count('skipped'),
    chargedTwice: charges.filter((row) => row.n > 1).length,
    charged: charges.length,
  };
}

/** Waits until no task of these is open (or `timeoutMs` passed); what became of them. */
export async function settled(ctx: AppContext, taskIds: number[], timeoutMs: number): Promise<Outcomes> {
  try {
    return await waitUntil(
      () => outcomesOf(ctx, taskIds),
      (outcomes) => outcomes.open === 0,
      timeoutMs,
    );
  } catch {
    return outcomesOf(ctx, taskIds);
  }
}
