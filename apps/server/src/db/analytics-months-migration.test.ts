import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** The migration that added the per-month sums and value counts of the analytics values. */
const MIGRATION = '0029_analytics_months';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);

describe(`migration ${MIGRATION}`, () => {
  it('sums the values written before it by month and value, and keeps summing after it', async () => {
    const project = (await query(`INSERT INTO projects (name) VALUES ('P') RETURNING id`)).rows[0].id;
    const media = (
      await query(
        `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
         VALUES ($1, 'k', 'a.wav', 'audio/wav', 1, 's', 'audio') RETURNING id`,
        [project],
      )
    ).rows[0].id;
    const analysis = async (day: string, outcome: string, tone: number | null, option: string) => {
      const task = (
        await query(`INSERT INTO tasks (project_id, media_id) VALUES ($1, $2) RETURNING id`, [project, media])
      ).rows[0].id;
      await query(
        `INSERT INTO analysis_field_values (task_id, project_id, prompt_id, path, value_type, score, max_score, value,
           outcome, representative, department, analysis_date)
         VALUES ($1, $2, 7, 'Greeting', 'bool', $3, 1, $4, $5, 'Ann', 'Sales', $6),
                ($1, $2, 7, 'Tone', 'marks', $7, 5, NULL, NULL, 'Ann', 'Sales', $6),
                ($1, $2, 7, 'Outcome', 'option', NULL, NULL, $8, NULL, 'Ann', 'Sales', $6)`,
        [
          task,
          project,
          outcome === 'passed' ? 1 : 0,
          String(outcome === 'passed'),
          outcome,
          day,
          tone,
          option,
        ],
      );
    };
    await analysis('2026-02-28', 'passed', 3, 'Won');
    await analysis('2026-03-01', 'missed', 3, 'Won');
    await analysis('2026-03-31', 'passed', null, 'Lost');
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    await analysis('2026-03-15', 'passed', 2, 'Won');
    const months = await query(
      `SELECT month::text, path, value_type, analyses, score_sum, scored, passed, missed FROM analysis_field_months
       ORDER BY month, path`,
    );
    expect(months.rows).toEqual([
      {
        month: '2026-02-01',
        path: 'Greeting',
        value_type: 'bool',
        analyses: 1,
        score_sum: 1,
        scored: 1,
        passed: 1,
        missed: 0,
      },
      {
        month: '2026-02-01',
        path: 'Outcome',
        value_type: 'option',
        analyses: 1,
        score_sum: 0,
        scored: 0,
        passed: 0,
        missed: 0,
      },
      {
        month: '2026-02-01',
        path: 'Tone',
        value_type: 'marks',
        analyses: 1,
        score_sum: 3,
        scored: 1,
        passed: 0,
        missed: 0,
      },
      {
        month: '2026-03-01',
        path: 'Greeting',
        value_type: 'bool',
        analyses: 3,
        score_sum: 2,
        scored: 3,
        passed: 2,
        missed: 1,
      },
      {
        month: '2026-03-01',
        path: 'Outcome',
        value_type: 'option',
        analyses: 3,
        score_sum: 0,
        scored: 0,
        passed: 0,
        missed: 0,
      },
      {
        month: '2026-03-01',
        path: 'Tone',
        value_type: 'marks',
        analyses: 3,
        score_sum: 5,
        scored: 2,
        passed: 0,
        missed: 0,
      },
    ]);
    // Yes/no items are counted by outcome in the sums above; a score without a value is counted as its text.
    const values = await query(
      `SELECT month::text, path, representative, department, value, analyses FROM analysis_value_months
       ORDER BY month, path, value`,
    );
    expect(values.rows).toEqual([
      {
        month: '2026-02-01',
        path: 'Outcome',
        representative: 'Ann',
        department: 'Sales',
        value: 'Won',
        analyses: 1,
      },
      {
        month: '2026-02-01',
        path: 'Tone',
        representative: 'Ann',
        department: 'Sales',
        value: '3',
        analyses: 1,
      },
      {
        month: '2026-03-01',
        path: 'Outcome',
        representative: 'Ann',
        department: 'Sales',
        value: 'Lost',
        analyses: 1,
      },
      {
        month: '2026-03-01',
        path: 'Outcome',
        representative: 'Ann',
        department: 'Sales',
        value: 'Won',
        analyses: 2,
      },
      {
        month: '2026-03-01',
        path: 'Tone',
        representative: 'Ann',
        department: 'Sales',
        value: '2',
        analyses: 1,
      },
      {
        month: '2026-03-01',
        path: 'Tone',
        representative: 'Ann',
        department: 'Sales',
        value: '3',
        analyses: 1,
      },
    ]);
  });
});
