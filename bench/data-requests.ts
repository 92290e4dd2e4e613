/**
 * Data requests bench: BENCH_ROWS (default 20,000: one search window) realistic analyses in one project
 * (support/realistic-rows.ts: a transcript of about 900 characters, a result, metadata, a media row each),
 * BENCH_TRANSCRIPT_REPEAT times longer transcripts (default 6, about 5.4 KB: a five-minute call), a quarter
 * of them with an original transcript kept, and a few that mention the searched person; then one search call
 * per kind (searchPerson, as the route runs it: the newest window, every place tested). Prints milliseconds per
 * call, µs per analysis read, and what a project of a million analyses costs at that rate (50 calls).
 *
 *   npm run bench:data-requests -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 */
import { DATA_REQUESTS, type PersonSearchKind } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { searchPerson } from '../apps/server/src/modules/data-requests/search.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { freshBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from './support/realistic-rows.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? DATA_REQUESTS.scanMax);
const REPEAT = Number(process.env.BENCH_TRANSCRIPT_REPEAT ?? 6);
const RUNS = 3;
const logger = createLogger({ logLevel: 'warn' });

const SEARCHES: Array<[PersonSearchKind, string]> = [
  ['phone', '+44 20 7946 0958'],
  ['email', 'jane.doe@example.com'],
  ['name', 'Jane Doe'],
];

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const [project] = await db.insert(projects).values({ name: 'Bench' }).returning();
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    const [prompt] = await createRealisticPrompts(ctx, access, ['Sales call']);
    await insertRealisticAnalyses(db, { project: project!, prompts: [prompt!], rows: ROWS, concurrency: 2 });
    await db.execute(sql`
      UPDATE tasks SET transcript_text = repeat(transcript_text || E'\n', ${REPEAT}),
        transcript_original = CASE WHEN id % 4 = 0 THEN transcript END
      WHERE project_id = ${project!.id} AND transcript_text IS NOT NULL`);
    await db.execute(sql`
      UPDATE tasks SET transcript_text = transcript_text || ' You can reach Jane Doe on 020 7946 0958 or jane.doe@example.com.'
      WHERE project_id = ${project!.id} AND id % 997 = 0 AND transcript_text IS NOT NULL`);
    await db.execute(sql`VACUUM ANALYZE tasks`);
    const [facts] = await db
      .execute<{ bytes: string; avg: string }>(
        sql`SELECT pg_total_relation_size('tasks')::text AS bytes, avg(length(transcript_text))::int::text AS avg FROM tasks`,
      )
      .then((answer) => answer.rows);
    console.log(
      `\nData requests bench: ${ROWS.toLocaleString('en-US')} analyses, transcripts of ${Number(facts!.avg).toLocaleString('en-US')} characters on average, a quarter with an original (tasks table ${(Number(facts!.bytes) / 1e6).toFixed(0)} MB).\n`,
    );
    console.log(
      `${'search'.padEnd(8)}${'matches'.padStart(9)}${'ms/call'.padStart(10)}${'µs/analysis'.padStart(13)}${'1M analyses (s)'.padStart(17)}`,
    );
    for (const [kind, value] of SEARCHES) {
      let best = Number.POSITIVE_INFINITY;
      let matches = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        const answer = await searchPerson(ctx, project!.id, { kind, value });
        best = Math.min(best, performance.now() - start);
        matches = answer.matches.length;
      }
      const perAnalysis = (best * 1000) / Math.min(ROWS, DATA_REQUESTS.scanMax);
      console.log(
        `${kind.padEnd(8)}${String(matches).padStart(9)}${best.toFixed(0).padStart(10)}${perAnalysis.toFixed(1).padStart(13)}${((perAnalysis * 1_000_000) / 1e6).toFixed(0).padStart(17)}`,
      );
    }
  } finally {
    await database.pool.end();
    await scratch.close();
  }
}

await main();
