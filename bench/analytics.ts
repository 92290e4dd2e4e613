/**
 * Analytics bench: one project with BENCH_ANALYSES analyses (default 1,000,000) over two years, 200
 * representatives in 10 departments, a scorecard of 10 analytics values each (5 yes/no items, one nested and
 * two with n/a answers, 2 marks, an option, a number and the final score: 10,000,000 rows), plus BENCH_NOISE
 * analyses (default 100,000) in 10 other projects. Times the dashboard, the explorer, the checklist report and
 * the manager dashboard (4 calendar months), the calibration card, the AI insights' field context and the gathering of an insight's
 * figures as the API and the job run them (their service functions), p50/p95 over BENCH_RUNS runs, for the
 * ranges the pages offer and for the whole two years.
 *
 *   npm run bench:analytics -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_ANALYSES, BENCH_NOISE, BENCH_RUNS (default 20).
 */
import {
  addDays,
  CalibrationQuery,
  ChecklistQuery,
  calendarRange,
  DashboardQuery,
  ExplorerQuery,
  FieldContextQuery,
  ManagerDashboardQuery,
  periodParam,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { checklistReport } from '../apps/server/src/modules/analytics/checklist.ts';
import { projectDashboard } from '../apps/server/src/modules/analytics/dashboard.ts';
import { exploreField } from '../apps/server/src/modules/analytics/explorer.ts';
import { managerDashboard } from '../apps/server/src/modules/analytics/manager.ts';
import { calibration } from '../apps/server/src/modules/change-requests/calibration.ts';
import { fieldContext } from '../apps/server/src/modules/insights/field-context.ts';
import { gatherInsightData } from '../apps/server/src/modules/insights/gather.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { benchPrompts, insertBenchAnalyses } from './support/analytics-data.ts';
import { freshBenchDatabase } from './support/database.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const NOISE = Number(process.env.BENCH_NOISE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TIME_ZONE = 'Europe/Berlin';
const logger = createLogger({ logLevel: 'warn' });

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

/** The cases, as the pages ask them: the last N days of the project's calendar, or no range (two years). */
function cases(ctx: AppContext, owner: ProjectAccess, promptId: number, today: string) {
  const since = (days: number) => ({ from: addDays(today, 1 - days)!, to: today });
  const leader: ProjectAccess = {
    ...owner,
    role: 'teamleader',
    visibility: { kind: 'team', assignment: { departments: ['Dept 3'], representatives: [] } },
  };
  const dashboard =
    (query: object, access = owner) =>
    () =>
      projectDashboard(ctx, access, DashboardQuery.parse(query));
  const explore = (query: object) => () =>
    exploreField(
      ctx,
      owner,
      ExplorerQuery.parse({ prompt_id: promptId, field: 'Discovery.Budget', ...query }),
    );
  const checklist = (query: object) => () =>
    checklistReport(ctx, owner, ChecklistQuery.parse({ prompt_id: promptId, ...query }));
  // The last 4 calendar months, oldest first, as the manager dashboard's months view asks them.
  const months = [3, 2, 1, 0].map((back) =>
    periodParam(calendarRange('month', back, { today, weekStart: 'monday' })),
  );
  const manager =
    (query: object, access = owner) =>
    () =>
      managerDashboard(
        ctx,
        access,
        ManagerDashboardQuery.parse({ prompt_id: promptId, period: months, ...query }),
      );
  // The insight form's fields (a yes/no item, a mark, an option) of the prompt picked, as the panel asks them.
  const fields = ['Discovery.Budget', 'Tone', 'Outcome'];
  const context =
    (query: object, access = owner) =>
    () =>
      fieldContext(ctx, access, FieldContextQuery.parse({ field: fields, prompt_id: promptId, ...query }));
  const gather = (days?: number) => () =>
    gatherInsightData(ctx.db, owner, {
      department: [],
      representative: [],
      start_date: days ? since(days).from : null,
      end_date: days ? today : null,
      prompt_id: promptId,
      analysis_fields: fields,
    });
  // The analytics page's calibration card (no corrections in the bench: the cost is counting the analyses).
  const calibrate = (query: object) => () =>
    calibration(ctx, owner, CalibrationQuery.parse({ prompt_id: promptId, ...query }));
  return [
    ['dashboard, last 30 days', dashboard(since(30))],
    ['dashboard, last 30 days, one prompt', dashboard({ ...since(30), prompt_id: promptId })],
    ['dashboard, last 30 days, a team leader', dashboard(since(30), leader)],
    ['explorer, yes/no by representative, 90 days', explore({ ...since(90), group_by: 'representative' })],
    ['explorer, yes/no by week, 365 days', explore({ ...since(365), group_by: 'week' })],
    [
      'explorer, final score by week, 365 days',
      explore({ ...since(365), group_by: 'week', field: 'Final Score' }),
    ],
    ['checklist report, 30 days', checklist(since(30))],
    ['checklist report, 90 days', checklist(since(90))],
    ['manager dashboard, 4 months', manager({})],
    ['manager dashboard, 4 months, 3 departments', manager({ department: ['Dept 1', 'Dept 2', 'Dept 3'] })],
    ['manager dashboard, 4 months, a team leader', manager({}, leader)],
    ['dashboard, two years (no range)', dashboard({})],
    ['dashboard, two years, one prompt', dashboard({ prompt_id: promptId })],
    ['explorer, yes/no by month, two years', explore({ group_by: 'month' })],
    ['explorer, final score by month, two years', explore({ group_by: 'month', field: 'Final Score' })],
    ['checklist report, two years', checklist({})],
    ['field context, 3 fields, two years (no range)', context({})],
    ['field context, 3 fields, 30 days', context({ start_date: since(30).from, end_date: today })],
    ['field context, 3 fields, two years, a department', context({ department: ['Dept 3'] })],
    ['field context, 3 fields, two years, a team leader', context({}, leader)],
    ['insight gathering, 3 fields, 90 days', gather(90)],
    ['insight gathering, 3 fields, two years', gather()],
    ['calibration, 90 days', calibrate(since(90))],
    ['calibration, two years', calibrate({})],
  ] as const;
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 10);
  try {
    await runMigrations(database);
    const { db } = database;
    const made = await db
      .insert(projects)
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          name: i === 0 ? 'Bench' : `Noise ${i}`,
          timezone: TIME_ZONE,
        })),
      )
      .returning();
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const accessOf = (project: ProjectRow): ProjectAccess => ({ project, role: 'owner' });
    const started = performance.now();
    const [bench, ...noise] = made;
    const prompts = await benchPrompts(ctx, accessOf(bench!));
    await insertBenchAnalyses(db, bench!, prompts, ANALYSES);
    for (const project of noise) {
      await insertBenchAnalyses(
        db,
        project,
        await benchPrompts(ctx, accessOf(project)),
        Math.floor(NOISE / 10),
      );
    }
    await db.execute(sql`VACUUM ANALYZE`);
    const insertS = (performance.now() - started) / 1000;
    const { rows } = await db.execute<{
      today: string;
      valueSize: string;
      sumSize: string;
      sumRows: number;
    }>(sql`
      SELECT (now() AT TIME ZONE ${TIME_ZONE})::date::text AS today,
             pg_size_pretty(pg_total_relation_size('analysis_field_values')) AS "valueSize",
             pg_size_pretty(pg_total_relation_size('analysis_field_days')) AS "sumSize",
             (SELECT count(*)::int FROM analysis_field_days) AS "sumRows"`);
    const { today, valueSize, sumSize, sumRows } = rows[0]!;
    console.log(
      `\nAnalytics bench: ${ANALYSES.toLocaleString('en-US')} analyses in one project (10 values each), ` +
        `${NOISE.toLocaleString('en-US')} in 10 others; inserted in ${insertS.toFixed(0)} s. ` +
        `analysis_field_values with its indexes: ${valueSize}; analysis_field_days: ` +
        `${sumRows.toLocaleString('en-US')} rows, ${sumSize}. ${RUNS} runs each.\n`,
    );
    console.log(`${'query'.padEnd(48)}${'p50'.padStart(11)}${'p95'.padStart(11)}`);
    for (const [name, run] of cases(ctx, accessOf(bench!), prompts[0]!.id, today)) {
      const { p50, p95 } = await time(run);
      console.log(
        `${name.padEnd(48)}${`${p50.toFixed(1)} ms`.padStart(11)}${`${p95.toFixed(1)} ms`.padStart(11)}`,
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
