/**
 * Analyses list bench: one project with BENCH_ANALYSES analyses (default 1,000,000) over two years, 200
 * representatives in 10 departments, scores and short transcripts, plus BENCH_NOISE analyses (default
 * 100,000) in 10 other projects. Times the list as the API runs it (listAnalyses) with each filter the UI
 * offers, p50/p95, beside the bare SQL of its count.
 *
 *   npm run bench:list -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_ANALYSES, BENCH_NOISE, BENCH_RUNS (default 20).
 */
import { AnalysisListQuery } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { listAnalyses } from '../apps/server/src/modules/analyses/list.ts';
import type { ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { freshBenchDatabase } from './support/database.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const NOISE = Number(process.env.BENCH_NOISE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const logger = createLogger({ logLevel: 'warn' });

/**
 * `rows` analyses of one project; a word ('renewal') in about half the transcripts; `extra` in every
 * transcript (the noise projects' 'elsewhere', found in none of the measured project's rows).
 */
async function insertAnalyses(db: Db, projectId: number, rows: number, extra = ''): Promise<void> {
  await db.execute(sql`
    WITH media AS (
      INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind,
                               duration_ms)
      VALUES (${projectId}, ${`bench/${projectId}`}, 'call.wav', 'audio/wav', 1000, ${`sha-${projectId}`}, 'audio',
              180000)
      RETURNING id
    )
    INSERT INTO tasks (project_id, media_id, status, progress, metadata, title, representative, department,
                       final_score, transcript_text, result, created_at, updated_at)
    SELECT ${projectId}, media.id,
           CASE WHEN g % 50 = 0 THEN 'failed' ELSE 'completed' END, 100,
           jsonb_build_object('Representative', 'Rep ' || g % 200, 'Department', 'Dept ' || g % 10),
           'Call ' || g, 'Rep ' || g % 200, 'Dept ' || g % 10,
           (g * 37) % 101,
           'hello this is a call about ' || CASE WHEN g % 100 < 53 THEN 'renewal pricing' ELSE 'support access' END ||
             ' with customer number ' || g || ' and some more words about the product and the next steps ' || ${extra},
           jsonb_build_object('values', jsonb_build_object('Summary', 'A call'), 'score', jsonb_build_object('mode', 'percent')),
           now() - (interval '730 days' * g / ${rows}::float8), now()
    FROM media, generate_series(1, ${rows}) AS g`);
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 2; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.floor(samples.length * 0.95)]! };
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const made = await db
      .insert(projects)
      .values(Array.from({ length: 11 }, (_, i) => ({ name: i === 0 ? 'Bench' : `Noise ${i}` })))
      .returning();
    const started = performance.now();
    await insertAnalyses(db, made[0]!.id, ANALYSES);
    for (const noise of made.slice(1))
      await insertAnalyses(db, noise.id, Math.floor(NOISE / 10), 'elsewhere');
    await db.execute(sql`VACUUM ANALYZE`);
    const insertS = (performance.now() - started) / 1000;
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const access = { project: made[0] as ProjectRow, role: 'owner' as const };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['first page, no filter', {}],
      ['page 200', { page: 200 }],
      ['q = a word in 53 % of rows', { q: 'renewal' }],
      ["q = a word only in other projects' rows", { q: 'elsewhere' }],
      ['q = a word in no row', { q: 'zebra' }],
      ['department + minimum score', { department: 'Dept 3', score_min: 80 }],
      ['representative', { representative: 'Rep 42' }],
      ['status failed', { status: 'failed' }],
      ['last 30 days', { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }],
    ];
    console.log(
      `\nAnalyses list bench: ${ANALYSES.toLocaleString('en-US')} analyses in one project, ` +
        `${NOISE.toLocaleString('en-US')} in 10 others; inserted in ${insertS.toFixed(0)} s. ${RUNS} runs each.\n`,
    );
    console.log(`${'list'.padEnd(40)}${'total'.padStart(10)}${'p50'.padStart(11)}${'p95'.padStart(11)}`);
    for (const [name, raw] of cases) {
      const query = AnalysisListQuery.parse(raw);
      const answer = await listAnalyses(ctx, access, query);
      const { p50, p95 } = await time(() => listAnalyses(ctx, access, query));
      console.log(
        `${name.padEnd(40)}${String(answer.total).padStart(10)}${`${p50.toFixed(1)} ms`.padStart(11)}${`${p95.toFixed(1)} ms`.padStart(11)}`,
      );
    }
    console.log('');
  } finally {
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
