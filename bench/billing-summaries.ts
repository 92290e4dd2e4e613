/**
 * Billing bench: inserts 100,000 ledger rows for one project (spread over the last 24 months, plus rows of
 * other projects as noise), then times the summary queries and the invoice list as the API runs them. The
 * rows are inserted straight into the ledger, so the first summary builds the project's day totals from it
 * (timed on its own, as after the migration or a timezone change); the timed summaries read those totals.
 *
 *   npm run bench                       (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench   (a fresh database on that server, dropped afterwards)
 *
 * Options (environment): BENCH_ROWS (default 100000), BENCH_NOISE_ROWS (default 100000), BENCH_RUNS (30),
 * BENCH_EXPLAIN=1 (print the plan of the 24-month summary).
 */
import { ANALYSIS_CHECK_UNITS, milliUnits } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, users } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { charge } from '../apps/server/src/modules/billing/charge.ts';
import { dayTotalsMismatches } from '../apps/server/src/modules/billing/day-totals.ts';
import { canProcess } from '../apps/server/src/modules/billing/holds.ts';
import { ledgerMismatches } from '../apps/server/src/modules/billing/ledger.ts';
import { initProjectBilling } from '../apps/server/src/modules/billing/project-billing.ts';
import {
  dailySummary,
  dayTransactions,
  listInvoices,
  monthlySummary,
  monthlySummarySql,
} from '../apps/server/src/modules/billing/summaries.ts';
import { freshBenchDatabase } from './support/database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const NOISE_ROWS = Number(process.env.BENCH_NOISE_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const NOISE_PROJECTS = 10;
const TIMEZONE = 'Europe/Kyiv';

const logger = createLogger({ logLevel: 'warn' });

/**
 * One project's ledger: 10% credits of 50-500 USD, 90% analysis debits of 1-30 units at 0.05 USD (a fifth
 * paid from free bundles), 1% of the credits still pending; process dates spread evenly over 24 months.
 */
function ledgerInsert(projectId: number, rows: number) {
  return sql`
    INSERT INTO invoices (project_id, type, status, amount_micros, currency, units_milli, minutes_milli,
                          free_units_milli, description, process_date, reference, reference_id, approval_required)
    SELECT ${projectId},
           CASE WHEN g % 10 = 0 THEN 'credit' ELSE 'debit' END,
           CASE WHEN g % 1000 = 0 THEN 'pending' ELSE 'settled' END,
           CASE WHEN g % 10 = 0 THEN (50 + g % 451) * 1000000 ELSE (1 + g % 30) * 50000 END,
           'USD',
           CASE WHEN g % 10 = 0 THEN 0 ELSE (1 + g % 30) * 1000 END,
           CASE WHEN g % 10 = 0 THEN 0 ELSE (1 + g % 30) * 1000 END,
           CASE WHEN g % 10 <> 0 AND g % 5 = 1 THEN (1 + g % 30) * 1000 ELSE 0 END,
           CASE WHEN g % 10 = 0 THEN 'Balance top-up' ELSE 'Analysis' END,
           now() - (interval '730 days' * g / ${rows}::float8),
           CASE WHEN g % 10 = 0 THEN 'topup' ELSE 'analysis' END,
           'bench-' || ${projectId} || '-' || g,
           g % 10 = 0
    FROM generate_series(1, ${rows}) AS g`;
}

interface Timing {
  name: string;
  rows: number;
  median: number;
  p95: number;
  min: number;
}

async function time(name: string, run: () => Promise<number>): Promise<Timing> {
  let rows = 0;
  for (let i = 0; i < 3; i += 1) rows = await run(); // warm-up: plans and buffers
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { name, rows, median: at(0.5), p95: at(0.95), min: samples[0]! };
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const created = await db
      .insert(projects)
      .values(
        Array.from({ length: NOISE_PROJECTS + 1 }, (_, i) => ({
          name: i === 0 ? 'Bench' : `Noise ${i}`,
          timezone: TIMEZONE,
        })),
      )
      .returning();
    const [creator] = await db
      .insert(users)
      .values({ email: 'bench@example.com' })
      .returning({ id: users.id });
    for (const project of created) await initProjectBilling(db, project.id, creator!.id);
    const [target, ...noise] = created;

    const started = performance.now();
    await db.execute(ledgerInsert(target!.id, ROWS));
    for (const project of noise)
      await db.execute(ledgerInsert(project.id, Math.floor(NOISE_ROWS / noise.length)));
    // The cached balance follows the ledger, as the service keeps it.
    await db.execute(sql`
      UPDATE projects p SET balance_micros = l.total
      FROM (SELECT project_id,
                   sum(CASE WHEN type = 'credit' THEN amount_micros ELSE -amount_micros END) AS total
            FROM invoices WHERE status = 'settled' GROUP BY project_id) l
      WHERE l.project_id = p.id`);
    await db.execute(sql`VACUUM ANALYZE`);
    const insertMs = performance.now() - started;
    const mismatches = await ledgerMismatches(db);
    if (mismatches.length > 0) throw new Error(`Ledger invariant broken: ${JSON.stringify(mismatches)}`);

    const [project] = await db.select().from(projects).where(eq(projects.id, target!.id));
    const now = new Date();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit' })
      .format(now)
      .slice(0, 7);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(
      new Date(now.getTime() - 86_400_000),
    );

    let taskId = 1_000_000_000;
    const buildStarted = performance.now();
    await monthlySummary(db, project!, 24);
    const buildMs = performance.now() - buildStarted;

    const timings = [
      await time(
        'monthly summary, 12 months',
        async () => (await monthlySummary(db, project!, 12)).months.length,
      ),
      await time(
        'monthly summary, 24 months',
        async () => (await monthlySummary(db, project!, 24)).months.length,
      ),
      await time(
        `daily summary, ${month}`,
        async () => (await dailySummary(db, project!, month)).days.length,
      ),
      await time(`day details, ${day}`, async () => (await dayTransactions(db, project!, day)).length),
      await time(
        'invoice list, last30days (limit 1000)',
        async () => (await listInvoices(db, project!, 'last30days', 1000)).length,
      ),
      await time(
        'invoice list, all (limit 1000)',
        async () => (await listInvoices(db, project!, 'all', 1000)).length,
      ),
      await time(
        'invoice list, lastmonth (limit 10000)',
        async () => (await listInvoices(db, project!, 'lastmonth', 10_000)).length,
      ),
      await time('canProcess (1 unit)', async () =>
        Number(await canProcess({ db }, project!.id, ANALYSIS_CHECK_UNITS)),
      ),
      // Last, as it adds to the ledger (and the day totals): one settled debit per run, each for a new task.
      await time('charge (1 unit)', async () => {
        taskId += 1;
        return Number((await charge({ db }, project!.id, taskId, milliUnits(1000))).status === 'charged');
      }),
    ];

    const dayMismatches = await dayTotalsMismatches(db);
    if (dayMismatches.length > 0) throw new Error(`Day totals differ: ${JSON.stringify(dayMismatches)}`);

    const pad = (text: string, width: number) => text.padEnd(width);
    const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
    console.log(
      `\nBilling bench: ${ROWS.toLocaleString('en-US')} ledger rows for one project (timezone ${TIMEZONE}), ` +
        `${NOISE_ROWS.toLocaleString('en-US')} rows of ${NOISE_PROJECTS} other projects; inserted in ` +
        `${(insertMs / 1000).toFixed(1)} s; the first summary built the day totals in ${buildMs.toFixed(0)} ms. ` +
        `${RUNS} timed runs each after 3 warm-ups.\n`,
    );
    console.log(
      `${pad('query', 42)}${pad('rows', 8)}${'median'.padStart(10)}${'p95'.padStart(10)}${'min'.padStart(10)}`,
    );
    for (const timing of timings) {
      console.log(
        `${pad(timing.name, 42)}${pad(String(timing.rows), 8)}${ms(timing.median)}${ms(timing.p95)}${ms(timing.min)}`,
      );
    }
    console.log('');
    if (process.env.BENCH_EXPLAIN) {
      const plan = await db.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN (ANALYZE, BUFFERS) ${monthlySummarySql(project!, 24, now)}`,
      );
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  } finally {
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
