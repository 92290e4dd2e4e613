/**
 * Analytics bench: one project with BENCH_ANALYSES analyses (default 1,000,000) over two years, 200
 * representatives in 10 departments, a scorecard of 10 analytics values each (5 yes/no items, one nested and
 * two with n/a answers, 2 marks, an option, a number and the final score: 10,000,000 rows), plus BENCH_NOISE
 * analyses (default 100,000) in 10 other projects. The values are written by one INSERT of the rows
 * recordFieldValues writes for such an answer (support/analytics-data.ts); their sums per day and per month and
 * the counts of each value per month are kept by the app's own statement triggers on that table, as in
 * production. Times the dashboard, the explorer, the checklist report and the manager dashboard (4 calendar
 * months), the calibration card, the AI insights' field context and the gathering of an insight's figures as the
 * API and the job run them (their service functions): the first run of each case (after the cases before it),
 * then p50/p95 over BENCH_RUNS runs, for the ranges the pages offer and for the whole two years; issue 32's
 * goals are printed beside the cases they are set for.
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
import { connectDatabase, type Database } from '../apps/server/src/db/client.ts';
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
import { departmentName } from './support/realistic-rows.ts';
import { timeRuns } from './support/timing.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const NOISE = Number(process.env.BENCH_NOISE ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TIME_ZONE = 'Europe/Berlin';
const logger = createLogger({ logLevel: 'warn' });
/** The values and the tables of their sums the app's triggers keep. */
const SUM_TABLES = [
  'analysis_field_values',
  'analysis_field_days',
  'analysis_field_months',
  'analysis_value_months',
];

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

/** The cases, as the pages ask them: the last N days of the project's calendar, or no range (two years). */
function cases(ctx: AppContext, owner: ProjectAccess, promptId: number, today: string) {
  const since = (days: number) => ({ from: addDays(today, 1 - days)!, to: today });
  const leader: ProjectAccess = {
    ...owner,
    role: 'teamleader',
    visibility: { kind: 'team', assignment: { departments: [departmentName(3)], representatives: [] } },
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
  // The third element: issue 32's goal for the case's p95, in ms.
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
    ['checklist report, 90 days', checklist(since(90)), 50],
    ['manager dashboard, 4 months', manager({})],
    [
      'manager dashboard, 4 months, 3 departments',
      manager({ department: [departmentName(1), departmentName(2), departmentName(3)] }),
    ],
    ['manager dashboard, 4 months, a team leader', manager({}, leader)],
    ['dashboard, two years (no range)', dashboard({})],
    ['dashboard, two years, one prompt', dashboard({ prompt_id: promptId })],
    ['explorer, yes/no by month, two years', explore({ group_by: 'month' })],
    ['explorer, final score by month, two years', explore({ group_by: 'month', field: 'Final Score' })],
    ['checklist report, two years', checklist({}), 150],
    ['field context, 3 fields, two years (no range)', context({}), 100],
    ['field context, 3 fields, 30 days', context({ start_date: since(30).from, end_date: today })],
    ['field context, 3 fields, two years, a department', context({ department: [departmentName(3)] })],
    ['field context, 3 fields, two years, a team leader', context({}, leader)],
    ['insight gathering, 3 fields, 90 days', gather(90)],
    ['insight gathering, 3 fields, two years', gather()],
    ['calibration, 90 days', calibrate(since(90))],
    ['calibration, two years', calibrate({})],
    ['checklist report, 90 days, version 1', checklist({ ...since(90), prompt_version: 1 }), 50],
    ['manager dashboard, 4 months, version 1', manager({ prompt_version: 1 })],
    [
      'dashboard, last 30 days, version 1',
      dashboard({ ...since(30), prompt_id: promptId, prompt_version: 1 }),
    ],
  ] as Array<readonly [string, () => Promise<unknown>, number?]>;
}

/**
 * The cases again once the main prompt's version 2 changed two fields' meaning (the final score's highest
 * score, a yes/no item's scoring) and answered the last 45 days: the reports count the eras apart.
 */
function eraCases(ctx: AppContext, owner: ProjectAccess, promptId: number, today: string) {
  const wanted = new Set([
    'checklist report, 90 days',
    'checklist report, two years',
    'manager dashboard, 4 months',
    'explorer, yes/no by week, 365 days',
    'explorer, final score by month, two years',
  ]);
  return cases(ctx, owner, promptId, today)
    .filter(([name]) => wanted.has(name))
    .map(([name, run, goal]) => [`${name}, 2 eras`, run, goal] as const);
}

/** Version 2 of the prompt, published, with the final score's highest score and a yes/no item's scoring changed. */
async function changeMeaning(db: Database['db'], promptId: number, today: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH old AS (
      UPDATE prompt_versions SET state = 'superseded' WHERE prompt_id = ${promptId} AND state = 'published'
      RETURNING project_id, prompt_id, data
    )
    INSERT INTO prompt_versions (project_id, prompt_id, number, state, data, hash, published_at)
    SELECT project_id, prompt_id, 2, 'published',
      jsonb_set(
        data || jsonb_build_object('maxScore', coalesce((data->>'maxScore')::float8, 100) + 10),
        '{content}',
        (SELECT jsonb_agg(CASE WHEN f->>'type' IN ('bool', 'ok') AND NOT (f ? 'content')
          THEN f || jsonb_build_object('includeInScore', NOT coalesce((f->>'includeInScore')::boolean, false))
          ELSE f END) FROM jsonb_array_elements(data->'content') f)
      ),
      'bench-version-2', now()
    FROM old
    RETURNING id`);
  const versionId = rows[0]!.id;
  await db.execute(sql`
    UPDATE analysis_field_values SET prompt_version_id = ${versionId}
    WHERE prompt_id = ${promptId} AND analysis_date > ${today}::date - 45`);
  await db.execute(sql`VACUUM ANALYZE`);
  return versionId;
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
    const { rows } = await db.execute<{ today: string }>(
      sql`SELECT (now() AT TIME ZONE ${TIME_ZONE})::date::text AS today`,
    );
    const today = rows[0]!.today;
    console.log(
      `\nAnalytics bench: ${ANALYSES.toLocaleString('en-US')} analyses in one project (10 values each), ` +
        `${NOISE.toLocaleString('en-US')} in 10 others; inserted in ${insertS.toFixed(0)} s. ${RUNS} runs each.`,
    );
    for (const table of SUM_TABLES) {
      const { rows } = await db.execute<{ rows: number; size: string }>(sql`
        SELECT count(*)::int AS rows, pg_size_pretty(pg_total_relation_size(${table}::regclass)) AS size
        FROM ${sql.identifier(table)}`);
      console.log(
        `  ${table}: ${rows[0]!.rows.toLocaleString('en-US')} rows, ${rows[0]!.size} with its indexes`,
      );
    }
    console.log('');
    console.log(
      `${'query'.padEnd(52)}${'first'.padStart(11)}${'p50'.padStart(11)}${'p95'.padStart(11)}   goal (p95)`,
    );
    const print = async (list: ReturnType<typeof cases>) => {
      for (const [name, run, goal] of list) {
        const { first, p50, p95 } = await time(run);
        const verdict = goal === undefined ? '' : `   ≤ ${goal} ms: ${p95 <= goal ? 'met' : 'MISSED'}`;
        console.log(
          `${name.padEnd(52)}${[first, p50, p95].map((ms) => `${ms.toFixed(1)} ms`.padStart(11)).join('')}${verdict}`,
        );
      }
    };
    await print(cases(ctx, accessOf(bench!), prompts[0]!.id, today));
    const changing = performance.now();
    await changeMeaning(db, prompts[0]!.id, today);
    console.log(
      `\nVersion 2 changes two fields' meaning and answered the last 45 days (${((performance.now() - changing) / 1000).toFixed(0)} s):`,
    );
    await print(eraCases(ctx, accessOf(bench!), prompts[0]!.id, today));
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
