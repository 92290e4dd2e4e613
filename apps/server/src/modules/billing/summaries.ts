import {
  type DailySummary,
  fromMicros,
  fromMilliUnits,
  type InvoicePeriod,
  type MonthlySummary,
} from '@parley/contracts';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoiceDayTotals, invoiceDayTotalsZones, invoices } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import { rebuildDayTotals } from './day-totals.ts';
import type { InvoiceRow } from './dto.ts';
import { lockProject } from './ledger.ts';

/**
 * Billing reports. Every period is a range of local dates in the project's timezone. Invoice lists turn it
 * into a timestamptz range in SQL (`local AT TIME ZONE tz`), so the (project_id, process_date) index serves
 * the filter; summaries sum the day totals of its dates. `now` is a parameter so that tests can pin it.
 */

/** `now` as a local timestamp of the project's timezone. */
const localNow = (tz: string, now: Date) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${tz}::text)`;
/** A local timestamp of the project's timezone as the instant it names. */
const instant = (tz: string, local: SQL) => sql`((${local}) AT TIME ZONE ${tz}::text)`;

/** [from, to) of an invoice period; null ends are open. last7days is today and the 6 days before. */
export function periodRange(
  period: InvoicePeriod,
  tz: string,
  now: Date,
): { from: SQL | null; to: SQL | null } {
  const today = sql`(${localNow(tz, now)})::date`;
  const monthStart = sql`date_trunc('month', ${localNow(tz, now)})`;
  switch (period) {
    case 'last7days':
      return { from: instant(tz, sql`(${today} - 6)::timestamp`), to: null };
    case 'last30days':
      return { from: instant(tz, sql`(${today} - 29)::timestamp`), to: null };
    case 'thismonth':
      return { from: instant(tz, monthStart), to: null };
    case 'lastmonth':
      return { from: instant(tz, sql`${monthStart} - interval '1 month'`), to: instant(tz, monthStart) };
    case 'all':
      return { from: null, to: null };
  }
}

/** The project's invoices of a period, every status, newest first, at most `limit`. */
export async function listInvoices(
  db: Executor,
  project: ProjectRow,
  period: InvoicePeriod,
  limit: number,
  now = new Date(),
): Promise<InvoiceRow[]> {
  const range = periodRange(period, project.timezone, now);
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, project.id),
        range.from ? gte(invoices.processDate, range.from) : undefined,
        range.to ? lt(invoices.processDate, range.to) : undefined,
      ),
    )
    .orderBy(desc(invoices.processDate), desc(invoices.id))
    .limit(limit);
}

interface AggregateRow extends Record<string, unknown> {
  period: string | null;
  is_total: number;
  /** The timezone of the day totals read (null: none built yet). */
  timezone: string | null;
  total_credit: string;
  credit_count: number;
  total_debit: string;
  debit_count: number;
  units: string;
  free_units: string;
}

const safe = (text: string) => {
  const value = BigInt(text);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`Sum out of range: ${text}`);
  return Number(value);
};

function figures(row: AggregateRow | undefined) {
  return {
    total_credit: fromMicros(safe(row?.total_credit ?? '0')),
    credit_count: row?.credit_count ?? 0,
    total_debit: fromMicros(safe(row?.total_debit ?? '0')),
    debit_count: row?.debit_count ?? 0,
    total_minutes: fromMilliUnits(safe(row?.units ?? '0')),
    free_minutes: fromMilliUnits(safe(row?.free_units ?? '0')),
  };
}

/**
 * Settled transactions of the local days [from, to) of the project's timezone, per period (the day's
 * `format`: its month or the day itself; only periods with transactions, newest first) and in total, from
 * the day totals (day-totals.ts). GROUPING SETS gives the periods and the total; the total row is there even
 * without transactions. Sums over bigint are numeric, sent as text and converted exactly.
 */
function periodTotalsSql(project: ProjectRow, from: SQL, to: SQL, format: string): SQL {
  return sql`
    SELECT period,
           GROUPING(period) AS is_total,
           (SELECT timezone FROM ${invoiceDayTotalsZones} WHERE project_id = ${project.id}) AS timezone,
           coalesce(sum(credit_micros), 0)::text AS total_credit,
           coalesce(sum(credit_count), 0)::int AS credit_count,
           coalesce(sum(debit_micros), 0)::text AS total_debit,
           coalesce(sum(debit_count), 0)::int AS debit_count,
           coalesce(sum(units_milli), 0)::text AS units,
           coalesce(sum(free_units_milli), 0)::text AS free_units
    FROM (SELECT to_char(day::timestamp, ${format}::text) AS period, *
          FROM ${invoiceDayTotals}
          WHERE project_id = ${project.id} AND day >= (${from})::date AND day < (${to})::date) AS days
    GROUP BY GROUPING SETS ((period), ())
    ORDER BY period DESC NULLS FIRST`;
}

/**
 * Runs a periodTotalsSql query; when the project's day totals are not of its timezone (never built, or the
 * timezone changed), rebuilds them first and runs it again. (Should the timezone change once more in between,
 * the second answer is of the new one's days: the totals are never mixed.)
 */
async function periodTotals(db: Executor, project: ProjectRow, query: SQL) {
  let { rows } = await db.execute<AggregateRow>(query);
  if (rows[0]?.timezone !== project.timezone) {
    await db.transaction(async (tx) => rebuildDayTotals(tx, await lockProject(tx, project.id)));
    ({ rows } = await db.execute<AggregateRow>(query));
  }
  return {
    total: figures(rows.find((row) => row.is_total === 1)),
    periods: rows
      .filter((row) => row.is_total === 0)
      .map((row) => ({ period: row.period!, ...figures(row) })),
  };
}

export function monthlySummarySql(project: ProjectRow, months: number, now: Date): SQL {
  const thisMonth = sql`date_trunc('month', ${localNow(project.timezone, now)})`;
  return periodTotalsSql(
    project,
    sql`${thisMonth} - make_interval(months => ${months - 1}::int)`,
    sql`${thisMonth} + interval '1 month'`,
    'YYYY-MM',
  );
}

/**
 * Settled transactions of the last `months` months (the current month included), per month (only months
 * with transactions, newest first) and in total.
 */
export async function monthlySummary(
  db: Executor,
  project: ProjectRow,
  months: number,
  now = new Date(),
): Promise<MonthlySummary> {
  const { total, periods } = await periodTotals(db, project, monthlySummarySql(project, months, now));
  return { total_summary: total, months: periods };
}

export function dailySummarySql(project: ProjectRow, month: string): SQL {
  const first = sql`${`${month}-01`}::date`;
  return periodTotalsSql(project, first, sql`${first} + interval '1 month'`, 'YYYY-MM-DD');
}

/** Settled transactions of one month (YYYY-MM) of the project's timezone, per day (newest first) and in total. */
export async function dailySummary(db: Executor, project: ProjectRow, month: string): Promise<DailySummary> {
  const { total, periods } = await periodTotals(db, project, dailySummarySql(project, month));
  return { month_summary: total, days: periods };
}

/** Settled transactions of one day (YYYY-MM-DD) of the project's timezone, in time order. */
export async function dayTransactions(db: Executor, project: ProjectRow, day: string): Promise<InvoiceRow[]> {
  const tz = project.timezone;
  const start = sql`(${day}::date)::timestamp`;
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, project.id),
        eq(invoices.status, 'settled'),
        gte(invoices.processDate, instant(tz, start)),
        lt(invoices.processDate, instant(tz, sql`${start} + interval '1 day'`)),
      ),
    )
    .orderBy(invoices.processDate, invoices.id);
}
