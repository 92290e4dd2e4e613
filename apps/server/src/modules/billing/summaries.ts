import {
  type DailySummary,
  fromMicros,
  fromMilliUnits,
  type InvoicePeriod,
  type MonthlySummary,
} from '@parley/contracts';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import type { InvoiceRow } from './dto.ts';

/**
 * Billing reports. Every period is a range of local dates in the project's timezone, turned into a
 * timestamptz range in SQL (`local AT TIME ZONE tz`), so the (project_id, process_date) index serves the
 * filter and PostgreSQL does the grouping (date_trunc in the project's timezone). `now` is a parameter so
 * that tests can pin it.
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
  total_credit: string;
  credit_count: number;
  total_debit: string;
  debit_count: number;
  units: string;
  free_units: string;
}

/** Sums of settled rows; SUM over bigint is numeric, sent as text and converted exactly. */
const aggregates = sql`
  coalesce(sum(amount_micros) FILTER (WHERE type = 'credit'), 0)::text AS total_credit,
  (count(*) FILTER (WHERE type = 'credit'))::int AS credit_count,
  coalesce(sum(amount_micros) FILTER (WHERE type = 'debit'), 0)::text AS total_debit,
  (count(*) FILTER (WHERE type = 'debit'))::int AS debit_count,
  coalesce(sum(units_milli) FILTER (WHERE type = 'debit'), 0)::text AS units,
  coalesce(sum(free_units_milli) FILTER (WHERE type = 'debit'), 0)::text AS free_units`;

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
 * Settled transactions of the last `months` months (the current month included), per month (only months
 * with transactions, newest first) and in total. One query: GROUPING SETS gives the months and the total.
 */
export async function monthlySummary(
  db: Executor,
  project: ProjectRow,
  months: number,
  now = new Date(),
): Promise<MonthlySummary> {
  const result = await db.execute<AggregateRow & { is_total: number }>(
    monthlySummarySql(project, months, now),
  );
  const total = result.rows.find((row) => row.is_total === 1);
  const { total_minutes, free_minutes, ...counts } = figures(total);
  return {
    total_summary: { ...counts, total_minutes, free_minutes },
    months: result.rows
      .filter((row) => row.is_total === 0)
      .map((row) => ({ period: row.period!, ...figures(row) })),
  };
}

/**
 * The periods are generated first (local month or day starts of the project's timezone, turned into
 * instants once per period), then joined to the ledger by range on (project_id, process_date): no
 * per-row timezone arithmetic, and a hash aggregate over few groups instead of a sort of every row.
 * The series counts 0..count-1 with a constant count, so the planner knows how many periods there are
 * (a timestamp generate_series with computed bounds is estimated at 1,000 rows, which made a 24-month
 * summary look like 11 million joined rows: a plan costly enough for JIT compilation).
 */
function periodAggregateSql(
  project: ProjectRow,
  periods: { first: SQL; count: number; unit: 'months' | 'days' },
  format: string,
): SQL {
  const tz = project.timezone;
  const step = periods.unit === 'months' ? sql`make_interval(months => 1)` : sql`make_interval(days => 1)`;
  const offset = periods.unit === 'months' ? sql`make_interval(months => i)` : sql`make_interval(days => i)`;
  return sql`
    WITH periods AS (
      SELECT p AS period_start,
             (p AT TIME ZONE ${tz}::text) AS starts,
             ((p + ${step}) AT TIME ZONE ${tz}::text) AS ends
      FROM generate_series(0, ${periods.count - 1}::int) AS i,
           LATERAL (SELECT ${periods.first} + ${offset} AS p) AS start
    )
    SELECT to_char(periods.period_start, ${format}::text) AS period,
           GROUPING(periods.period_start) AS is_total,
           ${aggregates}
    FROM periods
    JOIN ${invoices} ON project_id = ${project.id} AND status = 'settled'
      AND process_date >= periods.starts AND process_date < periods.ends
    GROUP BY GROUPING SETS ((periods.period_start), ())
    ORDER BY periods.period_start DESC NULLS FIRST`;
}

export function monthlySummarySql(project: ProjectRow, months: number, now: Date): SQL {
  const thisMonth = sql`date_trunc('month', ${localNow(project.timezone, now)})`;
  return periodAggregateSql(
    project,
    { first: sql`${thisMonth} - make_interval(months => ${months - 1}::int)`, count: months, unit: 'months' },
    'YYYY-MM',
  );
}

/** Settled transactions of one month (YYYY-MM) of the project's timezone, per day (newest first) and in total. */
export async function dailySummary(db: Executor, project: ProjectRow, month: string): Promise<DailySummary> {
  const result = await db.execute<AggregateRow & { is_total: number }>(dailySummarySql(project, month));
  const total = result.rows.find((row) => row.is_total === 1);
  return {
    month_summary: figures(total),
    days: result.rows
      .filter((row) => row.is_total === 0)
      .map((row) => ({ period: row.period!, ...figures(row) })),
  };
}

/** Days of a YYYY-MM month (28-31). */
function daysIn(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, monthNumber!, 0)).getUTCDate();
}

export function dailySummarySql(project: ProjectRow, month: string): SQL {
  return periodAggregateSql(
    project,
    { first: sql`(${`${month}-01`}::date)::timestamp`, count: daysIn(month), unit: 'days' },
    'YYYY-MM-DD',
  );
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
