import { FINAL_SCORE_PATH } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analyticsBackfill } from '../../db/schema/index.ts';
import { recordFieldValues } from '../tasks/field-values.ts';

/** Tasks recorded per transaction. */
const BATCH = 500;

/** Completed analyses without analytics rows (every recorded analysis has its 'Final Score' row). */
const missing = (afterId: number) => sql`
  FROM tasks t
  WHERE t.status = 'completed' AND t.result IS NOT NULL AND t.id > ${afterId}
    AND NOT EXISTS (SELECT 1 FROM analysis_field_values v WHERE v.task_id = t.id AND v.path = ${FINAL_SCORE_PATH})`;

/**
 * Copies analyses completed before analytics existed (or while it was off) into analysis_field_values, in
 * batches, keeping its progress in analytics_backfill for the pages to show. Idempotent: a restarted run
 * picks up what is still missing. Once a run has finished (or found nothing to copy) its row says so, and
 * later starts read that row alone: every analysis completed since was recorded in the transaction that
 * completed it (tasks/state.ts), so scanning every completed task again (seconds at a million) finds nothing.
 */
export async function backfillFieldValues(ctx: Pick<AppContext, 'db' | 'logger'>): Promise<number> {
  const [state] = await ctx.db
    .select({ finishedAt: analyticsBackfill.finishedAt })
    .from(analyticsBackfill)
    .where(sql`id = 1`);
  if (state?.finishedAt) return 0;
  const counted = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${missing(0)}`);
  const total = counted.rows[0]?.n ?? 0;
  const startedAt = new Date();
  const progress = { total, done: 0, startedAt, finishedAt: total === 0 ? startedAt : null };
  await ctx.db
    .insert(analyticsBackfill)
    .values({ id: 1, ...progress })
    .onConflictDoUpdate({ target: analyticsBackfill.id, set: progress });
  if (total === 0) return 0;
  ctx.logger.info({ total }, 'Copying existing analyses into analytics');
  let afterId = 0;
  let done = 0;
  for (;;) {
    const ids = (
      await ctx.db.execute<{ id: number }>(sql`SELECT t.id ${missing(afterId)} ORDER BY t.id LIMIT ${BATCH}`)
    ).rows.map((row) => row.id);
    if (ids.length === 0) break;
    done += await ctx.db.transaction((tx) => recordFieldValues(tx, ids));
    afterId = ids[ids.length - 1]!;
    await ctx.db
      .update(analyticsBackfill)
      .set({ done: Math.min(done, total) })
      .where(sql`id = 1`);
  }
  await ctx.db.update(analyticsBackfill).set({ done: total, finishedAt: new Date() }).where(sql`id = 1`);
  ctx.logger.info({ total }, 'Existing analyses copied into analytics');
  return done;
}
