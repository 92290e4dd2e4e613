/**
 * Analyses export bench: BENCH_ROWS (default 1,000,000) completed analyses of a sales scorecard in one
 * project, as wide as the pipeline writes them (a transcript of about 870 characters, a result of about
 * 3.3 KB: 13 answers with their evidence and the score), then the export as the API streams it
 * (exportAnalyses, the route's stream) into a reader that takes every chunk, CSV and JSON Lines with the
 * prompt chosen (its answers as columns). Prints rows/s, MB/s, the process's peak RSS during each export and
 * its CPU seconds (rows per CPU second: the figure a busy machine does not change).
 *
 *   npm run bench:export -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AnalysisExportQuery, PromptInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { exportAnalyses } from '../apps/server/src/modules/analyses/export.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { createPrompt } from '../apps/server/src/modules/prompts/service.ts';
import { freshBenchDatabase } from './support/database.ts';
import { SALES_PROMPT, salesTranscript } from './support/sales-call.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const INSERT_CHUNK = 50_000;
const logger = createLogger({ logLevel: 'warn' });

const JUSTIFICATION =
  'The agent asked about the yearly consumption and the roof before naming any product, and summarised the answers.';
const said = (value: unknown, quote: string) => ({
  value,
  justification: JUSTIFICATION,
  quote,
  timestamp: 42.5,
});

/** The stored result of one analysis of the sales scorecard (values, evidence by path, score): about 3.3 KB. */
function salesResult() {
  const values = {
    Summary:
      'The customer asked about rooftop solar panels for a detached house using 4,500 kWh a year. The agent explored the roof, shading and heating, named a 9 kW system that pays off in eleven years, and booked a home visit for Tuesday at five with both partners; the customer worried about the price and inverter warranty.',
    Title: 'Solar panels for a detached house: visit booked',
    Greeting: 'ok',
    'Needs discovery': 3,
    Discovery: { Budget: true, 'Decision maker': 'ok', Timeline: 'Soon' },
    Objections: ['price too high', 'payback unclear', 'inverter lifetime'],
    'Objection handling': 2,
    Outcome: 'Follow-up',
    'Next step': 'Home visit on Tuesday at 17:00 with both partners; offer by email beforehand',
    'Product knowledge': 8,
    Closing: 'ok',
    'Final Score': 86.7,
  };
  const quote = 'Shall we book a visit next Tuesday at five so both of you can see the offer?';
  const evidence = Object.fromEntries(
    [
      'Summary',
      'Title',
      'Greeting',
      'Needs discovery',
      'Discovery.Budget',
      'Discovery.Decision maker',
      'Discovery.Timeline',
      'Objections',
      'Objection handling',
      'Outcome',
      'Next step',
      'Product knowledge',
      'Closing',
    ].map((path) => [path, said(null, quote)]),
  );
  return { values, evidence, score: { mode: 'percent', score: 86.7, max: 100, earned: 13, possible: 15 } };
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const [project] = await db.insert(projects).values({ name: 'Bench' }).returning();
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    const prompt = await createPrompt(
      ctx,
      access,
      PromptInput.parse({ scriptName: 'Sales call', content: SALES_PROMPT.content, finalScore: 'percent' }),
    );
    const result = JSON.stringify(salesResult());
    const transcript = salesTranscript(2).slice(0, 870);
    const started = performance.now();
    const [media] = await db
      .execute<{ id: number }>(sql`
      INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind, duration_ms)
      VALUES (${project!.id}, 'bench/call', 'acme-solar-call.mp3', 'audio/mpeg', 2400000, 'sha-bench', 'audio', 300000)
      RETURNING id`)
      .then((answer) => answer.rows);
    for (let first = 1; first <= ROWS; first += INSERT_CHUNK) {
      const last = Math.min(ROWS, first + INSERT_CHUNK - 1);
      await db.execute(sql`
        INSERT INTO tasks (project_id, media_id, prompt_id, status, progress, title, representative, department,
                           final_score, transcript_text, result, created_at, updated_at, completed_at)
        SELECT ${project!.id}, ${media!.id}, ${prompt.id}, 'completed', 100, 'Solar call ' || g, 'Rep ' || g % 200,
               'Dept ' || g % 10, (g * 37) % 101, ${transcript} || ' #' || g,
               jsonb_set(${result}::jsonb, '{values,Product knowledge}', to_jsonb(g % 11)),
               at, at, at
        FROM generate_series(${first}::int, ${last}::int) AS g,
             LATERAL (SELECT now() - interval '730 days' * (${ROWS} - g) / ${ROWS}::float8 AS at) AS made`);
    }
    await db.execute(sql`VACUUM ANALYZE tasks`);
    const [size] = await db
      .execute<{ bytes: string }>(sql`SELECT pg_total_relation_size('tasks')::text AS bytes`)
      .then((answer) => answer.rows);
    console.log(
      `\nAnalyses export bench: ${ROWS.toLocaleString('en-US')} analyses (tasks table ${(Number(size!.bytes) / 1e9).toFixed(2)} GB), inserted in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
    );
    console.log(
      `${'export'.padEnd(22)}${'rows/s'.padStart(10)}${'MB'.padStart(9)}${'MB/s'.padStart(8)}${'s'.padStart(8)}${'peak RSS'.padStart(11)}${'RSS before'.padStart(12)}${'CPU s'.padStart(9)}${'rows/CPU s'.padStart(13)}`,
    );
    for (const format of ['csv', 'jsonl'] as const) {
      const filters = AnalysisExportQuery.parse({ prompt_id: prompt.id, format });
      const { format: _format, ...listFilters } = filters;
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      let bytes = 0;
      let rows = 0;
      const cpu = process.cpuUsage();
      const start = performance.now();
      await pipeline(
        await exportAnalyses(ctx, access, listFilters, {
          format,
          signal: new AbortController().signal,
          onEnd: (written) => {
            rows = written;
          },
        }),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.byteLength;
            done();
          },
        }),
      );
      clearInterval(sampler);
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      console.log(
        `${`${format}, prompt chosen`.padEnd(22)}${Math.round(rows / seconds)
          .toLocaleString('en-US')
          .padStart(
            10,
          )}${(bytes / 1e6).toFixed(0).padStart(9)}${(bytes / 1e6 / seconds).toFixed(1).padStart(8)}${seconds.toFixed(1).padStart(8)}${`${(peak / 1e6).toFixed(0)} MB`.padStart(11)}${`${(before / 1e6).toFixed(0)} MB`.padStart(12)}${cpuSeconds.toFixed(1).padStart(9)}${Math.round(
          rows / cpuSeconds,
        )
          .toLocaleString('en-US')
          .padStart(13)}`,
      );
      if (rows !== ROWS) throw new Error(`exported ${rows} of ${ROWS} rows`);
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
