/**
 * Topics bench on realistic rows (support/realistic-rows.ts: transcripts, results with a Summary, metrics and a
 * media row as wide as the pipeline writes them): one project with BENCH_ROWS analyses (default 100,000) spread
 * over 60 days, so that a run of the last 30 days groups BENCH_ROWS / 2 conversations of its period and as many
 * of the period before. Times one topic run as its job does it (modules/topics/job.ts runTopics): gathering the
 * lexemes in PostgreSQL, the clustering in process, the one naming call to a fake Anthropic on localhost (every
 * cluster a topic of its own) and storing the topics; the clustering alone as well.
 *
 *   npm run bench:topics -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 */
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, topicRuns, topics } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { clusterTerms } from '../apps/server/src/modules/topics/cluster.ts';
import { gatherConversations } from '../apps/server/src/modules/topics/gather.ts';
import { runTopics } from '../apps/server/src/modules/topics/job.ts';
import { periodOf } from '../apps/server/src/modules/topics/period.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer } from '../apps/server/test/fake-upstreams/scripted.ts';
import { oneTopicPerCluster } from '../apps/server/test/topics.ts';
import { freshBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from './support/realistic-rows.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DAYS = 60;
const logger = createLogger({ logLevel: 'warn' });
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  const anthropic = await startFakeAnthropic();
  anthropic.respondWith((request) => answer(oneTopicPerCluster(request)));
  try {
    await runMigrations(database);
    const { db } = database;
    const config = loadConfig({
      ANTHROPIC_API_KEY: 'sk-ant-bench',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    });
    const ctx = { config, db, boss: {} as PgBoss, logger } as AppContext;
    // Funds enough for the run: its charge is part of what is timed.
    const [project] = await db
      .insert(projects)
      .values({ name: 'Bench', balanceMicros: 1_000_000_000_000 })
      .returning();
    const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
    const end = new Date();
    const filling = performance.now();
    await insertRealisticAnalyses(db, {
      project: project!,
      prompts: await createRealisticPrompts(ctx, access),
      rows: ROWS,
      days: DAYS,
      end,
      concurrency: 3,
    });
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(
      `\nTopics bench: ${ROWS.toLocaleString('en-US')} analyses over ${DAYS} days (filled in ${seconds(filling)}).`,
    );

    const period = periodOf({ end_date: end.toISOString().slice(0, 10) });
    const gathering = performance.now();
    const gathered = await gatherConversations(db, project!.id, period);
    const gatheredIn = seconds(gathering);
    const clustering = performance.now();
    const clusters = clusterTerms(gathered);
    console.log(
      `Gathering the lexemes of ${gathered.length.toLocaleString('en-US')} summaries: ${gatheredIn}; ` +
        `clustering them into ${clusters.length} clusters: ${seconds(clustering)}.`,
    );

    const [run] = await db
      .insert(topicRuns)
      .values({
        projectId: project!.id,
        trigger: 'manual',
        startDate: period.start,
        endDate: period.end,
        previousStartDate: period.previousStart,
        previousEndDate: period.previousEnd,
        provider: 'anthropic',
        model: config.ai.generationModel ?? 'claude-haiku-4-5-20251001',
        unitsMilli: 10_000,
      })
      .returning();
    const running = performance.now();
    await runTopics(ctx, run!.id, { lastAttempt: true, signal: new AbortController().signal });
    const took = seconds(running);
    const [done] = await db.select().from(topicRuns).where(eq(topicRuns.id, run!.id));
    const made = await db.select().from(topics).where(eq(topics.runId, run!.id));
    if (done!.status !== 'completed') throw new Error(`The run ${done!.status}: ${done!.errorMessage}`);
    console.log(
      `One topic run (job): ${took} for ${done!.conversations!.toLocaleString('en-US')} conversations of its period ` +
        `and ${done!.previousConversations!.toLocaleString('en-US')} before, ${made.length} topics, ` +
        `${anthropic.requests.length} model call(s); ${made.filter((topic) => topic.emerging).length} emerging.\n`,
    );
  } finally {
    await database.pool.end();
    await anthropic.close();
    await scratch.close();
  }
}

await main();
