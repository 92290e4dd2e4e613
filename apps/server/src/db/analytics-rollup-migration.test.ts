import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** The migration that added the per-day sums of the analytics values. */
const MIGRATION = '0015_analytics_rollup';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);

describe(`migration ${MIGRATION}`, () => {
  it('sums the values written before it (with their units), and keeps summing after it', async () => {
    const project = (await query(`INSERT INTO projects (name) VALUES ('P') RETURNING id`)).rows[0].id;
    const media = (
      await query(
        `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
         VALUES ($1, 'k', 'a.wav', 'audio/wav', 1, 's', 'audio') RETURNING id`,
        [project],
      )
    ).rows[0].id;
    const task = async () =>
      // Uploaded on the day of their analytics rows (a later migration dates them by their conversation).
      (
        await query(
          `INSERT INTO tasks (project_id, media_id, created_at) VALUES ($1, $2, '2026-03-01T12:00:00Z') RETURNING id`,
          [project, media],
        )
      ).rows[0].id;
    const value = (taskId: number, score: number | null, outcome: string) =>
      query(
        `INSERT INTO analysis_field_values (task_id, project_id, prompt_id, path, value_type, score, max_score, value,
           outcome, representative, department, analysis_date)
         VALUES ($1, $2, 7, 'Greeting', 'ok', $3, 1, 'x', $4, 'Ann', NULL, '2026-03-01')`,
        [taskId, project, score, outcome],
      );
    const final = async (units: number) => {
      const id = await task();
      await query('UPDATE tasks SET units_charged_milli = $2 WHERE id = $1', [id, units]);
      await query(
        `INSERT INTO analysis_field_values (task_id, project_id, prompt_id, path, value_type, score, analysis_date)
         VALUES ($1, $2, 7, 'Final Score', 'final', 80, '2026-03-01')`,
        [id, project],
      );
    };
    await value(await task(), 1, 'passed');
    await value(await task(), null, 'na');
    await final(1500);
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    await value(await task(), 0, 'missed');
    await final(500);
    const { rows } = await query(
      `SELECT prompt_id, analysis_date::text AS day, path, value_type, representative, department, max_score,
              analyses, score_sum, scored, passed, missed, na, units_milli::int FROM analysis_field_days
       ORDER BY path DESC`,
    );
    expect(rows).toEqual([
      {
        prompt_id: 7,
        day: '2026-03-01',
        path: 'Greeting',
        value_type: 'ok',
        representative: 'Ann',
        department: null,
        max_score: 1,
        analyses: 3,
        score_sum: 1,
        scored: 2,
        passed: 1,
        missed: 1,
        na: 1,
        units_milli: 0,
      },
      {
        prompt_id: 7,
        day: '2026-03-01',
        path: 'Final Score',
        value_type: 'final',
        representative: null,
        department: null,
        max_score: null,
        analyses: 2,
        score_sum: 160,
        scored: 2,
        passed: 0,
        missed: 0,
        na: 0,
        units_milli: 2000,
      },
    ]);
  });
});
