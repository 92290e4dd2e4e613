/**
 * API answers bench: the analytics bench's project (BENCH_ANALYSES analyses, default 1,000,000, over two years,
 * 200 representatives in 10 departments, the scorecard of bench/support/analytics-data.ts) served by the real
 * app (buildApp, a signed-in owner, app.inject). Prints, for the manager dashboard of 4 calendar months, the
 * checklist report of 90 days and a page of 100 analyses: the answer's size as sent without compression, with
 * gzip and with brotli (Accept-Encoding as a browser sends it), then what compressing each answer costs at
 * brotli qualities 4, 6 and 11 and gzip level 6 (median of BENCH_RUNS, on this process's thread), beside the
 * answer's own time.
 *
 *   npm run bench:answers -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_ANALYSES, BENCH_RUNS (default 20).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { calendarRange, periodParam, SESSION_COOKIE } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projectMembers, projects, users } from '../apps/server/src/db/schema/index.ts';
import { BROTLI_QUALITY } from '../apps/server/src/http/compression.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { benchPrompts, insertBenchAnalyses } from './support/analytics-data.ts';
import { freshBenchDatabase } from './support/database.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TIME_ZONE = 'Europe/Berlin';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const logger = createLogger({ logLevel: 'warn' });

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

function timed(run: () => unknown): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

const COMPRESSORS: Array<[string, (body: Buffer) => Buffer]> = [4, 6, 11].map((quality) => [
  `br ${quality}`,
  (body: Buffer) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: quality,
      },
    }),
]);
COMPRESSORS.push(['gzip 6', (body) => gzipSync(body, { level: 6 })]);

async function measure(app: FastifyInstance, cookie: string, name: string, url: string): Promise<void> {
  const get = async (encoding?: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const plain = await get();
  const gzip = await get('gzip');
  const browser = await get(BROWSER_ENCODINGS);
  const answerTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await get(BROWSER_ENCODINGS);
    answerTimes.push(performance.now() - start);
  }
  const body = plain.rawPayload;
  console.log(
    `${name}: ${kb(body.length)} raw, ${kb(gzip.rawPayload.length)} ${gzip.headers['content-encoding']}, ` +
      `${kb(browser.rawPayload.length)} ${browser.headers['content-encoding']} (as sent to a browser); ` +
      `the whole answer with it: ${ms(median(answerTimes))} (median)`,
  );
  for (const [label, compress] of COMPRESSORS) {
    const size = compress(body).length;
    console.log(
      `  ${label.padEnd(8)}${kb(size).padStart(10)}${ms(timed(() => compress(body))).padStart(12)}`,
    );
  }
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 10);
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    const { db } = database;
    const [project] = await db.insert(projects).values({ name: 'Bench', timezone: TIME_ZONE }).returning();
    const [owner] = await db.insert(users).values({ email: 'owner@bench.test', name: 'Owner' }).returning();
    await db.insert(projectMembers).values({ projectId: project!.id, userId: owner!.id, role: 'owner' });
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const started = performance.now();
    const prompts = await benchPrompts(ctx, { project: project!, role: 'owner' });
    await insertBenchAnalyses(db, project!, prompts, ANALYSES);
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(
      `\nAPI answers bench: ${ANALYSES.toLocaleString('en-US')} analyses, 200 representatives, inserted in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s; the app's brotli quality: ${BROTLI_QUALITY}. ` +
        `Compression times: median of ${RUNS}.\n`,
    );
    app = await buildApp(ctx, { webDir: null });
    await app.ready();
    const cookie = `${SESSION_COOKIE}=${await createSession(db, owner!.id, { method: 'password' })}`;
    const { rows } = await db.execute<{ today: string }>(
      sql`SELECT (now() AT TIME ZONE ${TIME_ZONE})::date::text AS today`,
    );
    const clock = { today: rows[0]!.today, weekStart: 'monday' as const };
    const months = [3, 2, 1, 0].map((back) => `period=${periodParam(calendarRange('month', back, clock))}`);
    const base = `/api/projects/${project!.id}`;
    const ninetyDays = calendarRange('day', 89, clock).start;
    await measure(
      app,
      cookie,
      'manager dashboard, 4 months',
      `${base}/analytics/manager-dashboard?prompt_id=${prompts[0]!.id}&${months.join('&')}`,
    );
    await measure(
      app,
      cookie,
      'checklist report, 90 days',
      `${base}/analytics/checklist?prompt_id=${prompts[0]!.id}&from=${ninetyDays}&to=${clock.today}`,
    );
    await measure(app, cookie, 'analyses list, 100 a page', `${base}/analyses?page_size=100`);
    console.log('');
  } finally {
    await app?.close();
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
