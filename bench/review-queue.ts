/**
 * Reviews bench (issue 35 "Measured"): one project with BENCH_ANALYSES analyses (default 1,000,000) over two
 * years, as wide as the pipeline writes them (support/realistic-rows.ts), and BENCH_REVIEWS submitted reviews
 * (default 20,000) of the main prompt's analyses spread over the two years by 20 reviewers, each with one
 * review_answers row per correctable field of the prompt (13, the AI's answer from the analysis's stored result,
 * about 8% of them changed) and its score detail, the measured ones copied for the agreement ledger as a submission
 * copies them (recordAgreementAnswers); one sampling rule with an assignment for every reviewed analysis
 * (week: the Monday of its submission week) and ~200 open ones (some in progress) for the current week. All of it
 * by INSERT … SELECT in PostgreSQL. Times, warm (after VACUUM ANALYZE and two runs), BENCH_RUNS runs each (default
 * 50), the service functions the API runs: a reviewer's queue (current and a past week), the assignments overview
 * of the current week (all, one reviewer) and the agreement ledger of the prompt over two years (no grouping, by
 * month). Issue 35's goal (p95 ≤ 200 ms) is printed beside each line.
 *
 *   npm run bench:reviews -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after;
 *                                               without it an embedded PostgreSQL)
 *
 * Options (environment): BENCH_ANALYSES, BENCH_REVIEWS, BENCH_RUNS; BENCH_KEEP=1 keeps the database (its URL is
 * printed) to EXPLAIN the queries, to be dropped by hand.
 */
import {
  AgreementQuery,
  AssignmentsQuery,
  addDays,
  correctableFields,
  type PromptField,
  QueueQuery,
} from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { reviewAgreement } from '../apps/server/src/modules/reviews/agreement.ts';
import { recordAgreementAnswers } from '../apps/server/src/modules/reviews/agreement-answers.ts';
import { assignmentsOverview, reviewQueue } from '../apps/server/src/modules/reviews/assignments.ts';
import { freshBenchDatabase } from './support/database.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from './support/realistic-rows.ts';
import { SALES_PROMPT } from './support/sales-call.ts';
import { timeRuns } from './support/timing.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 1_000_000);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const REVIEWERS = 20;
const OPEN_THIS_WEEK = 200;
const GOAL_MS = 200;
const TIME_ZONE = 'Europe/Berlin';
const logger = createLogger({ logLevel: 'warn' });

type Reviewer = {
  id: number;
  name: string;
  email: string;
};

const time = (run: () => Promise<unknown>) => timeRuns(run, RUNS);

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The reviewer's answer of a field as SQL over `ai` (the AI's jsonb answer) and `h` (a pseudo-random 0..99):
 * kept, or changed the way a reviewer changes that type (`changedPercent` of them).
 */
function reviewerValue(field: PromptField, changedPercent: number): SQL {
  let changed: string;
  switch (field.type) {
    case 'bool':
      changed = `to_jsonb(NOT (ai #>> '{}')::boolean)`;
      break;
    case 'ok':
      changed = `to_jsonb(CASE WHEN ai #>> '{}' = 'ok' THEN 'not ok' ELSE 'ok' END)`;
      break;
    case 'marks': {
      const top = Math.max(...(field.marks ?? []).map((mark) => mark.value));
      changed = `to_jsonb((((ai #>> '{}')::numeric::int + 1) % ${top + 1}))`;
      break;
    }
    case 'int':
      changed = `to_jsonb(greatest(1, (ai #>> '{}')::numeric::int - 1 - h % 3))`;
      break;
    case 'float':
      changed = `to_jsonb(round((ai #>> '{}')::numeric * 0.9, 2))`;
      break;
    case 'option': {
      const options = (field.options ?? []).map((option) => literal(option.value));
      changed = `to_jsonb((ARRAY[${options.join(', ')}]::text[])[1 + (h * 7) % ${options.length}])`;
      break;
    }
    default:
      changed = `to_jsonb(btrim(ai #>> '{}') || ' (corrected by the reviewer)')`;
  }
  return sql.raw(`CASE WHEN ai IS NULL OR h >= ${changedPercent} THEN ai ELSE ${changed} END`);
}

/**
 * Reviews (status `status`) of the analyses `picked` selects (columns task_id, reviewer_index 0..19, at: the
 * submission time or, for drafts, the last save), their per-field answers and their assignment (week: Monday of
 * `at` in the project's time zone, or `week` when given).
 */
async function insertReviews(
  db: Db,
  project: ProjectRow,
  ruleId: number,
  reviewers: Reviewer[],
  picked: SQL,
  status: 'submitted' | 'draft',
  week?: string,
): Promise<void> {
  const ids = `ARRAY[${reviewers.map((r) => r.id).join(',')}]::int[]`;
  const names = `ARRAY[${reviewers.map((r) => literal(r.name)).join(',')}]::text[]`;
  await db.execute(sql`
    CREATE UNLOGGED TABLE bench_picked AS SELECT * FROM (${picked}) AS p`);
  // Answers, one per correctable field, the AI's from the analysis's stored result.
  const fields = correctableFields(SALES_PROMPT.content);
  const values = fields
    .map(({ path, field }, k) => `(${k + 1}, ${literal(path)}, ${literal(field.type)})`)
    .join(', ');
  const reviewerCase = fields
    .map(({ path, field }) => sql`WHEN ${path} THEN ${reviewerValue(field, 8)}`)
    .reduce((all, next) => sql`${all} ${next}`);
  await db.execute(sql`
    WITH made AS (
      INSERT INTO reviews (project_id, task_id, reviewer_id, reviewer_name, prompt_version_id, status, comment,
                           moments, ai_score, score, score_detail, created_at, updated_at, submitted_at)
      SELECT ${project.id}, t.id, (${sql.raw(ids)})[1 + p.reviewer_index], (${sql.raw(names)})[1 + p.reviewer_index],
             t.prompt_version_id, ${status},
             CASE WHEN abs(hashint4(t.id + 11)) % 100 < 40
               THEN 'Good discovery, but the agent missed the budget question and did not ask for a next step.' END,
             CASE WHEN abs(hashint4(t.id + 12)) % 100 < 25
               THEN jsonb_build_array(jsonb_build_object('seconds', abs(hashint4(t.id + 13)) % 90,
                                                         'comment', 'Listen here: the objection is not answered.'))
               ELSE '[]'::jsonb END,
             t.final_score, s.score,
             jsonb_set(t.result -> 'score', '{score}', to_jsonb(s.score)),
             p.at - interval '20 minutes', p.at, CASE WHEN ${status} = 'submitted' THEN p.at END
      FROM bench_picked p JOIN tasks t ON t.id = p.task_id
      CROSS JOIN LATERAL (SELECT CASE WHEN abs(hashint4(t.id + 14)) % 100 < 30
        THEN greatest(0, least(100, t.final_score - 5 + abs(hashint4(t.id + 15)) % 10))
        ELSE t.final_score END AS score) AS s
      RETURNING id, task_id
    )
    INSERT INTO review_answers (review_id, path, field_type, ai_value, value, comment)
    SELECT made.id, f.path, f.type, a.ai,
           CASE f.path ${reviewerCase} END,
           CASE WHEN a.h < 3 THEN 'The customer said this explicitly at the end of the call.' END
    FROM made JOIN tasks t ON t.id = made.task_id
    CROSS JOIN (VALUES ${sql.raw(values)}) AS f(k, path, type)
    CROSS JOIN LATERAL (SELECT t.result -> 'values' #> string_to_array(f.path, '.') AS ai,
                               abs(hashint4(made.id * 16 + f.k)) % 100 AS h) AS a`);
  await db.execute(sql`
    INSERT INTO review_assignments (project_id, rule_id, rule_name, task_id, reviewer_id, week, assigned_at)
    SELECT ${project.id}, ${ruleId}, 'Weekly random sample', p.task_id, (${sql.raw(ids)})[1 + p.reviewer_index], w.week,
           w.week::timestamp AT TIME ZONE ${project.timezone} + interval '3 hours'
    FROM bench_picked p
    CROSS JOIN LATERAL (SELECT coalesce(${week ?? null}::date,
                                        date_trunc('week', p.at AT TIME ZONE ${project.timezone})::date) AS week) AS w`);
  await db.execute(sql`DROP TABLE bench_picked`);
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 10);
  try {
    await runMigrations(database);
    const { db } = database;
    const [made] = await db.insert(projects).values({ name: 'Bench', timezone: TIME_ZONE }).returning();
    const project = made as ProjectRow;
    const access: ProjectAccess = { project, role: 'owner' };
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const started = performance.now();
    const prompts = await createRealisticPrompts(ctx, access);
    await insertRealisticAnalyses(db, { project, prompts, rows: ANALYSES, concurrency: 2 });
    const analysesS = (performance.now() - started) / 1000;
    const reviewStarted = performance.now();
    const { rows: reviewers } = await db.execute<Reviewer>(sql`
      INSERT INTO users (email, name)
      SELECT format('reviewer%s@acme-solar.example', g), format('Reviewer %s', g) FROM generate_series(1, ${REVIEWERS}) g
      RETURNING id, name, email`);
    await db.execute(sql`
      INSERT INTO project_members (project_id, user_id, role, reviewer)
      SELECT ${project.id}, id, 'user', true FROM users WHERE email LIKE 'reviewer%@acme-solar.example'`);
    const { rows: rules } = await db.execute<{ id: number }>(sql`
      INSERT INTO sampling_rules (project_id, name, kind, per_representative, prompt_id, reviewer_ids, weekly_goal,
                                  seed, created_by_name, last_run_at)
      VALUES (${project.id}, 'Weekly random sample', 'random', 1, ${prompts[0]!.id},
              ${`{${reviewers.map((r) => r.id).join(',')}}`}::int[], 10, md5('bench'), 'Bench Owner', now())
      RETURNING id`);
    const ruleId = rules[0]!.id;
    const main = prompts[0]!.id;
    // Submitted reviews: every k-th completed analysis of the main prompt (ids in time order: over the two
    // years), submitted 1 to 72 hours after the call (never in the future).
    await insertReviews(
      db,
      project,
      ruleId,
      reviewers,
      sql`SELECT id AS task_id, (n % ${REVIEWERS})::int AS reviewer_index,
                 least(now() - interval '5 minutes', created_at + interval '1 hour' * (1 + abs(hashint4(id)) % 72)) AS at
          FROM (SELECT id, created_at, row_number() OVER (ORDER BY id) AS n,
                       count(*) OVER () AS total
                FROM tasks WHERE project_id = ${project.id} AND prompt_id = ${main} AND status = 'completed') AS c
          WHERE (n * ${REVIEWS}) / total > ((n - 1) * ${REVIEWS}) / total`,
      'submitted',
    );
    await recordAgreementAnswers(db, sql`r.project_id = ${project.id}`);
    // This week's open assignments: the newest completed analyses of the prompt not reviewed, a tenth of them
    // with a draft review (in progress).
    const { rows: weeks } = await db.execute<{ week: string }>(
      sql`SELECT date_trunc('week', now() AT TIME ZONE ${TIME_ZONE})::date::text AS week`,
    );
    const week = weeks[0]!.week;
    await db.execute(sql`
      CREATE UNLOGGED TABLE bench_open AS
      SELECT id AS task_id, row_number() OVER (ORDER BY id DESC) AS n FROM tasks t
      WHERE project_id = ${project.id} AND prompt_id = ${main} AND status = 'completed'
        AND NOT EXISTS (SELECT 1 FROM review_assignments a WHERE a.task_id = t.id)
      ORDER BY id DESC LIMIT ${OPEN_THIS_WEEK}`);
    const openSql = (drafts: boolean) => sql`
      SELECT task_id, (n % ${REVIEWERS})::int AS reviewer_index, now() - interval '1 hour' * (n % 48) AS at
      FROM bench_open WHERE (n % 10 = 0) = ${drafts}`;
    await insertReviews(db, project, ruleId, reviewers, openSql(true), 'draft', week);
    await db.execute(sql`
      INSERT INTO review_assignments (project_id, rule_id, rule_name, task_id, reviewer_id, week, assigned_at)
      SELECT ${project.id}, ${ruleId}, 'Weekly random sample', o.task_id,
             (${`{${reviewers.map((r) => r.id).join(',')}}`}::int[])[1 + o.reviewer_index], ${week}::date,
             ${week}::date::timestamp AT TIME ZONE ${TIME_ZONE} + interval '3 hours'
      FROM (${openSql(false)}) AS o`);
    await db.execute(sql`DROP TABLE bench_open`);
    await db.execute(sql`VACUUM ANALYZE`);
    const reviewsS = (performance.now() - reviewStarted) / 1000;

    const { rows: todays } = await db.execute<{ today: string }>(
      sql`SELECT (now() AT TIME ZONE ${TIME_ZONE})::date::text AS today`,
    );
    const today = todays[0]!.today;
    const pastWeek = addDays(week, -7 * 30)!;
    console.log(
      `\nReviews bench: ${ANALYSES.toLocaleString('en-US')} analyses in one project over two years, ` +
        `${REVIEWS.toLocaleString('en-US')} submitted reviews by ${REVIEWERS} reviewers; analyses inserted in ` +
        `${analysesS.toFixed(0)} s, reviews, answers and assignments in ${reviewsS.toFixed(0)} s (with VACUUM ANALYZE). ` +
        `${RUNS} runs each, warm.`,
    );
    for (const table of [
      'tasks',
      'reviews',
      'review_answers',
      'review_agreement_answers',
      'review_assignments',
    ]) {
      const { rows } = await db.execute<{ rows: number; size: string }>(sql`
        SELECT count(*)::int AS rows, pg_size_pretty(pg_total_relation_size(${table}::regclass)) AS size
        FROM ${sql.identifier(table)}`);
      console.log(
        `  ${table}: ${rows[0]!.rows.toLocaleString('en-US')} rows, ${rows[0]!.size} with its indexes`,
      );
    }
    const { rows: sizes } = await db.execute<{ size: string }>(
      sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    const { rows: weekRows } = await db.execute<{ n: number; past: number }>(sql`
      SELECT count(*) FILTER (WHERE week = ${week}::date)::int AS n,
             count(*) FILTER (WHERE week = ${pastWeek}::date)::int AS past
      FROM review_assignments`);
    console.log(
      `  database: ${sizes[0]!.size}; this week (${week}): ${weekRows[0]!.n} assignments, ` +
        `week of ${pastWeek}: ${weekRows[0]!.past}\n`,
    );

    const reviewer = reviewers[3]!;
    const from = addDays(today, -729)!;
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['queue of a reviewer, this week', () => reviewQueue(ctx, access, reviewer, QueueQuery.parse({}))],
      [
        'queue of a reviewer, a past week',
        () => reviewQueue(ctx, access, reviewer, QueueQuery.parse({ week: pastWeek })),
      ],
      ['assignments overview, this week', () => assignmentsOverview(ctx, access, AssignmentsQuery.parse({}))],
      [
        'assignments overview, this week, one reviewer',
        () => assignmentsOverview(ctx, access, AssignmentsQuery.parse({ reviewer_id: reviewer.id })),
      ],
      [
        'agreement ledger, prompt, two years',
        () => reviewAgreement(ctx, access, AgreementQuery.parse({ prompt_id: main, from, to: today })),
      ],
      [
        'agreement ledger, prompt, two years, by month',
        () =>
          reviewAgreement(
            ctx,
            access,
            AgreementQuery.parse({ prompt_id: main, from, to: today, group: 'month' }),
          ),
      ],
    ];
    console.log(
      `${'query'.padEnd(48)}${'p50'.padStart(11)}${'p95'.padStart(11)}${'max'.padStart(11)}   goal (p95 ≤ ${GOAL_MS} ms)`,
    );
    for (const [name, run] of cases) {
      const { p50, p95, max } = await time(run);
      console.log(
        `${name.padEnd(48)}${[p50, p95, max].map((ms) => `${ms.toFixed(1)} ms`.padStart(11)).join('')}   ${p95 <= GOAL_MS ? 'PASS' : 'MISS'}`,
      );
    }
    console.log('');
  } finally {
    await database.pool.end();
    if (process.env.BENCH_KEEP) console.log(`Kept: ${scratch.url}`);
    else await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
