/**
 * Trackers bench on realistic rows (support/realistic-rows.ts: transcripts, results, metrics and a media row as
 * wide as the pipeline writes them): one project with BENCH_ROWS analyses (default 1,000,000) over two years,
 * 200 representatives in 10 departments, 'renewal' said by the customer in half the calls. Times:
 *
 * - applying a new keyword tracker (English, two phrases, one of them in half the calls) to every past analysis,
 *   as the tracker_apply job does it (modules/trackers/apply.ts, chunks of 500), with the hits it wrote;
 * - the tracker hit rates (getTrackerStats) per representative, department and month, over everything and the
 *   last 90 days, for an admin and a team leader of two departments: p50 and p95 of BENCH_RUNS runs (default 20)
 *   after two more;
 * - the analyses list filtered by the tracker (first page), the same way.
 *
 *   npm run bench:trackers -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * BENCH_DATABASE_URL instead: a database that is kept, filled on the first run and measured as it is on later
 * ones (its migrations are applied first; the trackers a run made are deleted by the next, which applies anew).
 */
import { AnalysisListQuery, TrackerStatsQuery } from '@parley/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects, trackerHits, trackers } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { listAnalyses } from '../apps/server/src/modules/analyses/list.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { APPLY_CHUNK, applyTracker } from '../apps/server/src/modules/trackers/apply.ts';
import { trackerStats } from '../apps/server/src/modules/trackers/stats.ts';
import { openBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, departmentName, insertRealisticAnalyses } from './support/realistic-rows.ts';
import { timeRuns } from './support/timing.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const logger = createLogger({ logLevel: 'warn' });

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(11);

/** The measured project, filled first when the database has none; its earlier runs' trackers deleted. */
async function benchProject(database: Database, ctx: AppContext): Promise<ProjectRow> {
  const { db } = database;
  const [existing] = await db.select().from(projects).where(eq(projects.name, 'Bench'));
  if (existing) {
    const deleting = performance.now();
    const deleted = await db.delete(trackers).where(eq(trackers.projectId, existing.id)).returning();
    console.log(
      `\nTrackers bench: the kept database's project (${ROWS.toLocaleString('en-US')} analyses asked); ` +
        `${deleted.length} tracker(s) of the last run deleted in ${((performance.now() - deleting) / 1000).toFixed(1)} s.`,
    );
    return existing as ProjectRow;
  }
  const [project] = await db.insert(projects).values({ name: 'Bench' }).returning();
  const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
  const filling = performance.now();
  await insertRealisticAnalyses(db, {
    project: project!,
    prompts: await createRealisticPrompts(ctx, access),
    rows: ROWS,
    word: 'renewal',
    concurrency: 3,
  });
  await db.execute(sql`VACUUM ANALYZE`);
  const filledS = (performance.now() - filling) / 1000;
  console.log(
    `\nTrackers bench: ${ROWS.toLocaleString('en-US')} analyses in one project (filled in ${filledS.toFixed(0)} s).`,
  );
  return project as ProjectRow;
}

async function main(): Promise<void> {
  const { url, scratch } = await openBenchDatabase(logger);
  const database = connectDatabase(url, logger, 4);
  try {
    const migrating = performance.now();
    await runMigrations(database);
    console.log(`Migrations applied in ${((performance.now() - migrating) / 1000).toFixed(1)} s.`);
    const { db } = database;
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const project = await benchProject(database, ctx);
    const access: ProjectAccess = { project, role: 'owner' };

    const [tracker] = await db
      .insert(trackers)
      .values({
        projectId: project.id,
        name: 'Renewal',
        language: 'en',
        phrases: ['renewal', 'cancel my contract'],
      })
      .returning();
    const applying = performance.now();
    await applyTracker(ctx, tracker!.id);
    const appliedS = (performance.now() - applying) / 1000;
    const [row] = await db.select().from(trackers).where(eq(trackers.id, tracker!.id));
    const [hit] = await db
      .select({ n: count() })
      .from(trackerHits)
      .where(eq(trackerHits.trackerId, tracker!.id));
    await db.execute(
      sql`VACUUM ANALYZE tracker_hits, tracker_analysis_days, tracker_hit_days, tracker_analysis_months, tracker_hit_months`,
    );
    const [sums] = await db
      .execute<Record<'days' | 'months' | 'hitDays' | 'hitMonths', number>>(sql`SELECT
        (SELECT count(*)::int FROM tracker_analysis_days WHERE project_id = ${project.id}) AS days,
        (SELECT count(*)::int FROM tracker_analysis_months WHERE project_id = ${project.id}) AS months,
        (SELECT count(*)::int FROM tracker_hit_days WHERE tracker_id = ${tracker!.id}) AS "hitDays",
        (SELECT count(*)::int FROM tracker_hit_months WHERE tracker_id = ${tracker!.id}) AS "hitMonths"`)
      .then((answer) => answer.rows);

    console.log(
      `Applying a keyword tracker to every past analysis (chunks of ${APPLY_CHUNK}): ${appliedS.toFixed(1)} s for ` +
        `${row!.applyDone.toLocaleString('en-US')} analyses (${Math.round(row!.applyDone / appliedS).toLocaleString('en-US')} a second), ` +
        `${hit!.n.toLocaleString('en-US')} of them hit.`,
    );
    const rows = (n: number) => n.toLocaleString('en-US');
    console.log(
      `Sums the hit rates read: analyses ${rows(sums!.months)} month rows, ${rows(sums!.days)} day rows; ` +
        `the tracker's hits ${rows(sums!.hitMonths)} month rows, ${rows(sums!.hitDays)} day rows.\n`,
    );

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const leader: ProjectAccess = {
      ...access,
      role: 'teamleader',
      visibility: {
        kind: 'team',
        assignment: { departments: [departmentName(0), departmentName(1)], representatives: [] },
      },
    };
    const cases: Array<[string, ProjectAccess, Record<string, unknown>]> = [
      ['stats by representative, all time', access, { group_by: 'representative' }],
      ['stats by department, all time', access, { group_by: 'department' }],
      ['stats by month, all time', access, { group_by: 'month' }],
      ['stats by representative, last 90 days', access, { group_by: 'representative', from: day(-90) }],
      ['stats by month, team leader (2 depts)', leader, { group_by: 'month' }],
    ];
    console.log(`${'query'.padEnd(44)}${'p50'.padStart(11)}${'p95'.padStart(11)}`);
    for (const [name, who, raw] of cases) {
      const query = TrackerStatsQuery.parse(raw);
      const { p50, p95 } = await time(() => trackerStats(ctx.db, who, query));
      console.log(`${name.padEnd(44)}${ms(p50)}${ms(p95)}`);
    }
    const list = AnalysisListQuery.parse({ tracker_id: tracker!.id });
    const listed = await time(() => listAnalyses(ctx, access, list, null));
    console.log(`${'analyses list by tracker, first page'.padEnd(44)}${ms(listed.p50)}${ms(listed.p95)}`);
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
