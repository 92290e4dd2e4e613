/**
 * Analyses list bench on realistic rows (support/realistic-rows.ts: transcripts, results, metrics and a media row
 * as wide as the pipeline writes them): one project with BENCH_ANALYSES analyses (default 1,000,000) over two
 * years, 200 representatives in 10 departments, 'renewal' said in half the calls, plus BENCH_NOISE analyses
 * (default 100,000) in each of BENCH_NOISE_PROJECTS other projects (default 2; there 'relocation' is said in half
 * the calls). Times the list as the API runs it (listAnalyses) with each filter the UI offers:
 *
 * - cold: the first run on a new connection after the server's shared buffers were filled with another table
 *   (pg_prewarm) and, when this process may (root), the kernel's page cache was dropped: what a restart of
 *   PostgreSQL and the machine would leave, without restarting anything;
 * - warm: p50 and p95 of BENCH_RUNS runs (default 20) after two more.
 *
 *   npm run bench:list -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * BENCH_DATABASE_URL instead: a database that is kept, filled on the first run and measured as it is on later
 * ones (its migrations are applied first), to measure a change without filling 10 GB again.
 */
import { writeFile } from 'node:fs/promises';
import { AnalysisListQuery } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { listAnalyses } from '../apps/server/src/modules/analyses/list.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { openBenchDatabase } from './support/database.ts';
import {
  createRealisticPrompts,
  departmentIndex,
  departmentName,
  insertRealisticAnalyses,
  representativeName,
} from './support/realistic-rows.ts';
import { timeRuns } from './support/timing.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const NOISE = Number(process.env.BENCH_NOISE ?? 100_000);
const NOISE_PROJECTS = Number(process.env.BENCH_NOISE_PROJECTS ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const logger = createLogger({ logLevel: 'warn' });
/** More than shared_buffers (128 MB by default), read into them to push the measured rows out. */
const FILLER_MB = 512;

/** The list as a person asks it (their blind reviews are looked up); no user has this id. */
const VIEWER = 0;

/** The measured project, filling the database first when it has none. */
async function benchProject(database: Database): Promise<ProjectRow> {
  const { db } = database;
  const [existing] = await db.select().from(projects).where(eq(projects.name, 'Bench'));
  if (existing) return existing as ProjectRow;
  const made = await db
    .insert(projects)
    .values(
      Array.from({ length: NOISE_PROJECTS + 1 }, (_, i) => ({ name: i === 0 ? 'Bench' : `Noise ${i}` })),
    )
    .returning();
  const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
  const started = performance.now();
  for (const [i, project] of made.entries()) {
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    await insertRealisticAnalyses(db, {
      project,
      prompts: await createRealisticPrompts(ctx, access),
      rows: i === 0 ? ANALYSES : NOISE,
      word: i === 0 ? 'renewal' : 'relocation',
      concurrency: 3,
    });
  }
  await db.execute(sql`CREATE TABLE bench_filler AS
    SELECT g AS id, repeat(md5(g::text), 30) AS pad FROM generate_series(1, ${FILLER_MB * 1000}) AS g`);
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return made[0] as ProjectRow;
}

/** Pushes the tables out of PostgreSQL's buffers and, when allowed, the kernel's page cache. */
async function evict(database: Database): Promise<boolean> {
  await database.db.execute(sql`SELECT pg_prewarm('bench_filler', 'buffer')`);
  try {
    await writeFile('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    return false;
  }
}

async function describe(database: Database, projectId: number): Promise<string> {
  const [row] = await database.db
    .execute<Record<string, string>>(sql`
      SELECT pg_size_pretty(pg_database_size(current_database())) AS database,
             pg_size_pretty(pg_total_relation_size('tasks')) AS tasks,
             round(avg(length(transcript_text))) AS transcript_chars,
             round(avg(jsonb_array_length(transcript))) AS turns,
             round(avg(octet_length(result::text))) AS result_bytes,
             round(avg(octet_length(metrics::text) + octet_length(speaker_roles::text))) AS metrics_bytes,
             round(avg(pg_column_size(tasks.*))) AS stored_row_bytes
      FROM tasks TABLESAMPLE SYSTEM (1) WHERE project_id = ${projectId} AND status = 'completed'`)
    .then((answer) => answer.rows);
  return `database ${row!.database} (tasks ${row!.tasks}); a completed analysis: ${row!.turns} turns, transcript ${row!.transcript_chars} characters, result ${row!.result_bytes} B, metrics and roles ${row!.metrics_bytes} B, ${row!.stored_row_bytes} B a row as stored (compressed; most of it TOASTed)`;
}

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

async function main(): Promise<void> {
  const { url, scratch } = await openBenchDatabase(logger);
  const database = connectDatabase(url, logger, 4);
  try {
    const migrating = performance.now();
    await runMigrations(database);
    const { db } = database;
    // What autovacuum does after a migration rewrote rows: index-only reads need the visibility map.
    await db.execute(sql`VACUUM ANALYZE tasks`);
    const migratedS = (performance.now() - migrating) / 1000;
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_prewarm`);
    const project = await benchProject(database);
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const access: ProjectAccess = { project, role: 'owner' };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rep = 42;
    const department = departmentName(departmentIndex(rep, 200, 10));
    const cases: Array<[string, Record<string, unknown>]> = [
      ['first page, no filter', {}],
      ['page 200', { page: 200 }],
      ['q = a word in 50 % of rows', { q: 'renewal' }],
      ['q = a word in 50 %, page 200', { q: 'renewal', page: 200 }],
      ["q = a word only in other projects' rows", { q: 'relocation' }],
      ['q = a word in no row', { q: 'zebra' }],
      ['department + minimum score', { department, score_min: 80 }],
      ['representative', { representative: representativeName(rep) }],
      ['status failed', { status: 'failed' }],
      ['last 30 days', { from: day(-30) }],
      ['a quarter a year ago', { from: day(-455), to: day(-365) }],
    ];
    console.log(
      `\nAnalyses list bench: ${ANALYSES.toLocaleString('en-US')} analyses in one project, ` +
        `${NOISE.toLocaleString('en-US')} in each of ${NOISE_PROJECTS} others; migrations and VACUUM ${migratedS.toFixed(1)} s.`,
    );
    console.log(`${await describe(database, project.id)}.`);
    let dropped = false;
    const cold: number[] = [];
    for (const [, raw] of cases) {
      dropped = await evict(database);
      const fresh = connectDatabase(url, logger, 1);
      const start = performance.now();
      await listAnalyses({ ...ctx, db: fresh.db }, access, AnalysisListQuery.parse(raw), VIEWER);
      cold.push(performance.now() - start);
      await fresh.pool.end();
    }
    console.log(
      `cold: first run on a new connection after pg_prewarm filled shared buffers with ${FILLER_MB} MB of another table${dropped ? ' and the page cache was dropped' : ' (the page cache could not be dropped)'}. warm: ${RUNS} runs after 2.\n`,
    );
    console.log(
      `${'list'.padEnd(42)}${'total'.padStart(8)}${'cold'.padStart(11)}${'p50'.padStart(11)}${'p95'.padStart(11)}`,
    );
    for (const [index, [name, raw]] of cases.entries()) {
      const query = AnalysisListQuery.parse(raw);
      const answer = await listAnalyses(ctx, access, query, VIEWER);
      const { p50, p95 } = await time(() => listAnalyses(ctx, access, query, VIEWER));
      const total = `${answer.total}${answer.total_capped ? '+' : ''}`;
      console.log(
        `${name.padEnd(42)}${total.padStart(8)}${`${cold[index]!.toFixed(0)} ms`.padStart(11)}${`${p50.toFixed(1)} ms`.padStart(11)}${`${p95.toFixed(1)} ms`.padStart(11)}`,
      );
    }
    console.log('');
  } finally {
    await database.pool.end();
    await scratch?.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
