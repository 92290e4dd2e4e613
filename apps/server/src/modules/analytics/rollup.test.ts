import { projectRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAnalysis,
  SALES_CONTENT,
  type SeededPrompt,
  seedAnalytics,
  seedPrompt,
} from '../../../test/analytics.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { analysisFieldDays, analysisFieldValues, tasks } from '../../db/schema/index.ts';

let t: TestApp;
let owner: Client;
let projectId: number;
let seeded: Awaited<ReturnType<typeof seedAnalytics>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Rollup');
  seeded = await seedAnalytics(t, owner, projectId);
});
afterAll(async () => {
  await t?.close();
});

const KEY =
  'project_id, prompt_id, analysis_date, path, value_type, representative, department, max_score, prompt_version_id';
const MONTH = "date_trunc('month', analysis_date::timestamp)::date";
const SUMS = `count(*)::int, coalesce(sum(score), 0), count(score)::int,
  (count(*) FILTER (WHERE outcome = 'passed'))::int, (count(*) FILTER (WHERE outcome = 'missed'))::int,
  (count(*) FILTER (WHERE outcome = 'na'))::int, coalesce(sum(units_milli), 0)::bigint,
  (count(*) FILTER (WHERE knockout))::int`;
const COUNTS = 'analyses, score_sum, scored, passed, missed, na, units_milli, knockouts';

/** The rows of a table of sums that differ from the sums of analysis_field_values, either way. */
async function differencesOf(kept: string, sums: string): Promise<unknown[]> {
  const [keptRows, sumRows] = [sql.raw(kept), sql.raw(sums)];
  const { rows } = await t.ctx.db.execute(sql`
    (${keptRows} EXCEPT ALL ${sumRows}) UNION ALL (${sumRows} EXCEPT ALL ${keptRows})`);
  return rows;
}

/** Rows of analysis_field_days, analysis_field_months and analysis_value_months that differ from their sums. */
async function differences(): Promise<unknown[]> {
  const monthKey = KEY.replace('analysis_date', MONTH);
  return [
    ...(await differencesOf(
      `SELECT ${KEY}, ${COUNTS} FROM analysis_field_days`,
      `SELECT ${KEY}, ${SUMS} FROM analysis_field_values GROUP BY ${KEY}`,
    )),
    ...(await differencesOf(
      `SELECT ${KEY.replace('analysis_date', 'month')}, ${COUNTS} FROM analysis_field_months`,
      `SELECT ${monthKey}, ${SUMS} FROM analysis_field_values GROUP BY ${monthKey}`,
    )),
    ...(await differencesOf(
      'SELECT project_id, prompt_id, month, path, representative, department, value, analyses FROM analysis_value_months',
      `SELECT project_id, prompt_id, ${MONTH}, path, representative, department, coalesce(value, score::text),
         count(*)::int FROM analysis_field_values
       WHERE value_type NOT IN ('bool', 'ok') AND coalesce(value, score::text) IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    )),
  ];
}

/** Rows of the tables of sums left with no values (they are deleted). */
async function emptyRows(): Promise<unknown[]> {
  const { rows } = await t.ctx.db.execute(sql`
    SELECT 'days' FROM analysis_field_days WHERE analyses = 0
    UNION ALL SELECT 'months' FROM analysis_field_months WHERE analyses = 0
    UNION ALL SELECT 'values' FROM analysis_value_months WHERE analyses = 0`);
  return rows;
}

const rowCount = async () => {
  const { rows } = await t.ctx.db.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM analysis_field_days) + (SELECT count(*) FROM analysis_field_months)
      + (SELECT count(*) FROM analysis_value_months) AS n`);
  return Number(rows[0]!.n);
};

const analysis = (prompt: SeededPrompt, representative: string, createdAt: string) => ({
  prompt,
  values: { Greeting: true, Discovery: { Budget: 'n/a', Timeline: false }, Tone: 2, Outcome: 'Won' },
  score: 50,
  representative,
  department: 'Sales',
  day: createdAt.slice(0, 10),
  createdAt,
});

describe('the per-day and per-month sums and the per-month value counts of the analytics values', () => {
  it('follow every insert', async () => {
    expect(await rowCount()).toBeGreaterThan(0);
    expect(await differences()).toEqual([]);
  });

  it('follow a change of representative and department (rep mapping) and of day (time zone)', async () => {
    await t.ctx.db
      .update(analysisFieldValues)
      .set({ representative: 'Alice King', department: 'Field Sales' })
      .where(eq(analysisFieldValues.representative, 'Alice'));
    await t.ctx.db
      .update(analysisFieldValues)
      .set({ analysisDate: sql`${analysisFieldValues.analysisDate} + 1` })
      .where(eq(analysisFieldValues.taskId, seeded.ids.b1));
    // Into the month before.
    await t.ctx.db
      .update(analysisFieldValues)
      .set({ analysisDate: '2026-01-31' })
      .where(eq(analysisFieldValues.taskId, seeded.ids.o1));
    expect(await differences()).toEqual([]);
    expect(await emptyRows()).toEqual([]);
  });

  it('count knockouts as they are set, cleared and deleted', async () => {
    const knockouts = async () => {
      const { rows } = await t.ctx.db.execute<{ days: number; months: number }>(sql`
        SELECT (SELECT sum(knockouts) FROM analysis_field_days WHERE project_id = ${projectId})::int AS days,
          (SELECT sum(knockouts) FROM analysis_field_months WHERE project_id = ${projectId})::int AS months`);
      return rows[0];
    };
    const knockedOut = sql`${analysisFieldValues.taskId} IN (${seeded.ids.a1}, ${seeded.ids.b1})
      AND ${analysisFieldValues.path} IN ('Greeting', 'Resolved', 'Final Score')`;
    await t.ctx.db.update(analysisFieldValues).set({ knockout: true }).where(knockedOut);
    expect(await knockouts()).toEqual({ days: 4, months: 4 });
    expect(await differences()).toEqual([]);
    await t.ctx.db
      .update(analysisFieldValues)
      .set({ knockout: false })
      .where(sql`${knockedOut} AND ${analysisFieldValues.taskId} = ${seeded.ids.a1}`);
    expect(await knockouts()).toEqual({ days: 2, months: 2 });
    await t.ctx.db.delete(analysisFieldValues).where(eq(analysisFieldValues.taskId, seeded.ids.b1));
    expect(await knockouts()).toEqual({ days: 0, months: 0 });
    expect(await differences()).toEqual([]);
    expect(await emptyRows()).toEqual([]);
  });

  it('follow a re-analysis (old values replaced in one transaction, charged anew) and deleted analyses', async () => {
    const row = {
      taskId: seeded.ids.a4,
      projectId,
      promptId: seeded.salesPrompt.id,
      analysisDate: '2026-03-09',
    };
    await t.ctx.db.transaction(async (tx) => {
      await tx.update(tasks).set({ unitsChargedMilli: 1234 }).where(eq(tasks.id, seeded.ids.a4));
      await tx.delete(analysisFieldValues).where(eq(analysisFieldValues.taskId, seeded.ids.a4));
      await tx.insert(analysisFieldValues).values([
        {
          ...row,
          path: 'Greeting',
          valueType: 'bool',
          score: 1,
          maxScore: 1,
          value: 'true',
          outcome: 'passed',
        },
        { ...row, path: 'Final Score', valueType: 'final', score: 75 },
      ]);
    });
    const [final] = await t.ctx.db
      .select({ units: analysisFieldValues.unitsMilli })
      .from(analysisFieldValues)
      .where(
        sql`${analysisFieldValues.taskId} = ${seeded.ids.a4} AND ${analysisFieldValues.valueType} = 'final'`,
      );
    expect(final).toEqual({ units: 1234 });
    await t.ctx.db.delete(tasks).where(eq(tasks.id, seeded.ids.b3));
    expect(await differences()).toEqual([]);
    expect(await emptyRows()).toEqual([]);
  });

  it('stay exact when analyses of the same representative and day complete at once', async () => {
    const prompt = await seedPrompt(t, owner, projectId, 'Busy QA', SALES_CONTENT);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        insertAnalysis(
          t,
          projectId,
          analysis(prompt, 'Carol', `2026-04-01T10:00:${String(i).padStart(2, '0')}Z`),
        ),
      ),
    );
    expect(await differences()).toEqual([]);
    const [greeting] = await t.ctx.db
      .select({ analyses: analysisFieldDays.analyses, passed: analysisFieldDays.passed })
      .from(analysisFieldDays)
      .where(sql`${analysisFieldDays.promptId} = ${prompt.id} AND ${analysisFieldDays.path} = 'Greeting'`);
    expect(greeting).toEqual({ analyses: 12, passed: 12 });
  });

  it('go with their project, and with a truncated table', async () => {
    const other = await createProject(owner, 'Gone');
    const prompt = await seedPrompt(t, owner, other, 'Gone QA', SALES_CONTENT);
    await insertAnalysis(t, other, analysis(prompt, 'Dan', '2026-05-01T10:00:00Z'));
    const ofOther = sql`SELECT 1 FROM analysis_field_days WHERE project_id = ${other}`;
    expect((await t.ctx.db.execute(ofOther)).rows.length).toBeGreaterThan(0);
    const deleted = await owner.call(projectRoutes.remove, {
      params: { id: other },
      body: { confirm_name: 'Gone' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.ctx.db.execute(ofOther)).rows).toEqual([]);
    expect(await differences()).toEqual([]);
    await t.ctx.db.execute(sql`TRUNCATE analysis_field_values`);
    expect(await rowCount()).toBe(0);
  });
});
