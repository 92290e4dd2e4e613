import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoiceDayTotals, invoiceDayTotalsZones, invoices } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';

/**
 * invoice_day_totals: the settled ledger per local day of the timezone in invoice_day_totals_zones. Every
 * write runs in the transaction that settles ledger rows, under the project's row lock (lockProject), so
 * the totals move exactly with the ledger; a project without a zone row gets none until a summary builds
 * them (rebuildDayTotals), which is also what a timezone change leads to.
 */

/** A settled invoice's figures, summed per group of ledger rows `i`. */
const dayFigures = sql`
  coalesce(sum(i.amount_micros) FILTER (WHERE i.type = 'credit'), 0) AS credit_micros,
  count(*) FILTER (WHERE i.type = 'credit') AS credit_count,
  coalesce(sum(i.amount_micros) FILTER (WHERE i.type = 'debit'), 0) AS debit_micros,
  count(*) FILTER (WHERE i.type = 'debit') AS debit_count,
  coalesce(sum(i.units_milli) FILTER (WHERE i.type = 'debit'), 0) AS units_milli,
  coalesce(sum(i.free_units_milli) FILTER (WHERE i.type = 'debit'), 0) AS free_units_milli`;

/** The settled ledger rows `i` that `where` picks, per project and local day of the project's zone. */
const ledgerDays = (where: SQL) => sql`
  SELECT i.project_id, (i.process_date AT TIME ZONE z.timezone)::date AS day, ${dayFigures}
  FROM ${invoices} i
  JOIN ${invoiceDayTotalsZones} z ON z.project_id = i.project_id
  WHERE i.status = 'settled' AND ${where}
  GROUP BY i.project_id, day`;

/** Adds the ledger rows that `where` picks to the day totals (increments, exact under concurrency). */
async function accumulate(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${invoiceDayTotals} AS t (project_id, day, credit_micros, credit_count, debit_micros,
                                          debit_count, units_milli, free_units_milli)
    ${ledgerDays(where)}
    ON CONFLICT (project_id, day) DO UPDATE SET
      credit_micros = t.credit_micros + excluded.credit_micros,
      credit_count = t.credit_count + excluded.credit_count,
      debit_micros = t.debit_micros + excluded.debit_micros,
      debit_count = t.debit_count + excluded.debit_count,
      units_milli = t.units_milli + excluded.units_milli,
      free_units_milli = t.free_units_milli + excluded.free_units_milli`);
}

/** Counts an invoice that has just become settled (inserted, or approved) in its project's day totals. */
export async function addToDayTotals(tx: Executor, invoiceId: number): Promise<void> {
  await accumulate(tx, sql`i.id = ${invoiceId}`);
}

/**
 * Rebuilds a project's day totals from its ledger in the project's timezone, unless they already are of that
 * timezone. `project` is the row read under lockProject in the caller's transaction.
 */
export async function rebuildDayTotals(tx: Executor, project: ProjectRow): Promise<void> {
  const [zone] = await tx
    .select()
    .from(invoiceDayTotalsZones)
    .where(eq(invoiceDayTotalsZones.projectId, project.id));
  if (zone?.timezone === project.timezone) return;
  await tx.delete(invoiceDayTotals).where(eq(invoiceDayTotals.projectId, project.id));
  await tx
    .insert(invoiceDayTotalsZones)
    .values({ projectId: project.id, timezone: project.timezone })
    .onConflictDoUpdate({ target: invoiceDayTotalsZones.projectId, set: { timezone: project.timezone } });
  await accumulate(tx, sql`i.project_id = ${project.id}`);
}

/** Days whose totals differ from the settled ledger (every project with totals). Always empty; tests check it. */
export async function dayTotalsMismatches(db: Executor): Promise<Array<{ projectId: number; day: string }>> {
  const result = await db.execute<{ project_id: number; day: string }>(sql`
    SELECT coalesce(l.project_id, t.project_id) AS project_id, coalesce(l.day, t.day)::text AS day
    FROM (${ledgerDays(sql`true`)}) l
    FULL JOIN ${invoiceDayTotals} t ON t.project_id = l.project_id AND t.day = l.day
    WHERE (l.credit_micros, l.credit_count, l.debit_micros, l.debit_count, l.units_milli, l.free_units_milli)
      IS DISTINCT FROM
          (t.credit_micros, t.credit_count, t.debit_micros, t.debit_count, t.units_milli, t.free_units_milli)
    ORDER BY 1, 2`);
  return result.rows.map((row) => ({ projectId: row.project_id, day: row.day }));
}
