/**
 * Search across transcripts bench on realistic rows (support/realistic-rows.ts: transcripts, results, metrics and
 * a media row as wide as the pipeline writes them): one project with BENCH_ROWS analyses (default 1,000,000)
 * over two years, 200 representatives in 10 departments, every call opening with the representative's "How can
 * I help you?", 'renewal' said by the customer in half the calls ("I also call about the renewal of my … contract.")
 * and one call in 10,000 where the customer also says "Zanzibar". Times the first page of searchTranscripts
 * (modules/search) as the route answers it, for an owner unless told: the first call (cold: nothing of its rows
 * cached by earlier cases), then p50 and p95 of BENCH_RUNS calls (default 20) after two more.
 *
 *   npm run bench:search -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * BENCH_DATABASE_URL instead: a database that is kept, filled on the first run and measured as it is on later
 * ones (its migrations are applied first).
 */
import { SearchQuery } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { searchTranscripts } from '../apps/server/src/modules/search/search.ts';
import { openBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, departmentName, insertRealisticAnalyses } from './support/realistic-rows.ts';
import { timeRuns } from './support/timing.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RARE = 'Zanzibar';
const logger = createLogger({ logLevel: 'warn' });

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(11);

/**
 * One call in 10,000 gets the rare word in its customer's first turn, in the transcript and in its text alike
 * (the search column follows, being generated from them).
 */
async function sayRareWord(database: Database, projectId: number): Promise<void> {
  await database.db.execute(sql`
    UPDATE tasks SET
      transcript = jsonb_set(transcript, '{1,text}', to_jsonb((transcript -> 1 ->> 'text') || ${` ${RARE}, by the way.`}::text)),
      transcript_text = replace(transcript_text, transcript -> 1 ->> 'text',
        (transcript -> 1 ->> 'text') || ${` ${RARE}, by the way.`}::text)
    WHERE project_id = ${projectId} AND transcript IS NOT NULL AND id % 10000 = 7`);
}

/** The measured project, filled first when the database has none. */
async function benchProject(database: Database, ctx: AppContext): Promise<ProjectRow> {
  const { db } = database;
  const [existing] = await db.select().from(projects).where(eq(projects.name, 'Search bench'));
  if (existing) {
    console.log(
      `\nSearch bench: the kept database's project (${ROWS.toLocaleString('en-US')} analyses asked).`,
    );
    return existing as ProjectRow;
  }
  const [project] = await db.insert(projects).values({ name: 'Search bench' }).returning();
  const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
  const filling = performance.now();
  await insertRealisticAnalyses(db, {
    project: project!,
    prompts: await createRealisticPrompts(ctx, access),
    rows: ROWS,
    word: 'renewal',
    concurrency: 3,
  });
  await sayRareWord(database, project!.id);
  await db.execute(sql`VACUUM ANALYZE`);
  const filledS = (performance.now() - filling) / 1000;
  console.log(
    `\nSearch bench: ${ROWS.toLocaleString('en-US')} analyses in one project (filled in ${filledS.toFixed(0)} s).`,
  );
  return project as ProjectRow;
}

async function main(): Promise<void> {
  const { url, scratch } = await openBenchDatabase(logger);
  const database = connectDatabase(url, logger, 4);
  try {
    await runMigrations(database);
    const { db } = database;
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const project = await benchProject(database, ctx);
    const owner: ProjectAccess = { project, role: 'owner' };
    const leader: ProjectAccess = {
      ...owner,
      role: 'teamleader',
      visibility: {
        kind: 'team',
        assignment: { departments: [departmentName(0), departmentName(1)], representatives: [] },
      },
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[string, ProjectAccess, Record<string, unknown>]> = [
      ['(a) common phrase "how can I help"', owner, { q: 'how can I help' }],
      ['(a) phrase in half: "renewal of my"', owner, { q: 'renewal of my' }],
      ['(b) "renewal of my", customer', owner, { q: 'renewal of my', speaker: 'customer' }],
      [
        '(b) "renewal of my", representative (none)',
        owner,
        { q: 'renewal of my', speaker: 'representative' },
      ],
      ['(b) "how can I help", representative', owner, { q: 'how can I help', speaker: 'representative' }],
      [`(c) rare word "${RARE}"`, owner, { q: RARE }],
      [`(c) rare word "${RARE}", customer`, owner, { q: RARE, speaker: 'customer' }],
      [
        '(d) "renewal of my", 1 dept, 90 days',
        owner,
        { q: 'renewal of my', department: departmentName(3), from: day(-90) },
      ],
      ['(d) "renewal of my", team leader (2 depts)', leader, { q: 'renewal of my' }],
      ['(d) "how can I help", 1 representative', owner, { q: 'how can I help', representative: 'Lena Berg' }],
    ];
    console.log(
      `${'search, first page'.padEnd(46)}${'first'.padStart(11)}${'p50'.padStart(11)}${'p95'.padStart(11)}  results / total`,
    );
    for (const [name, who, raw] of cases) {
      const query = SearchQuery.parse(raw);
      const answer = await searchTranscripts(ctx.db, who, query);
      const { first, p50, p95 } = await timeRuns(() => searchTranscripts(ctx.db, who, query), RUNS);
      const total = `${answer.total}${answer.total_capped ? '+' : ''}`;
      console.log(`${name.padEnd(46)}${ms(first)}${ms(p50)}${ms(p95)}  ${answer.results.length} / ${total}`);
    }
    const second = SearchQuery.parse({ q: 'renewal of my' });
    const firstPage = await searchTranscripts(ctx.db, owner, second);
    const next = SearchQuery.parse({ q: 'renewal of my', cursor: firstPage.next_cursor });
    const paged = await timeRuns(() => searchTranscripts(ctx.db, owner, next), RUNS);
    console.log(
      `${'"renewal of my", second page'.padEnd(46)}${ms(paged.first)}${ms(paged.p50)}${ms(paged.p95)}`,
    );
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
