import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** The migration that dated analyses by their conversation instead of their upload. */
const MIGRATION = '0026_conversation_time';

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
});
afterAll(() => before?.close());

describe(`migration ${MIGRATION}`, () => {
  it('dates earlier analyses by their stored date, else their upload, and moves their analytics to that day', async () => {
    const { pool, db } = before.database;
    const insertId = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const projectId = await insertId(
      `INSERT INTO projects (name, timezone) VALUES ('Old', 'Europe/Kyiv') RETURNING id`,
    );
    const uploaded = '2026-12-01T09:00:00Z';
    const task = async (metadata: Record<string, string>) => {
      const mediaId = await insertId(
        `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
         VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, md5(random()::text), 'audio') RETURNING id`,
        [projectId],
      );
      return insertId(
        `INSERT INTO tasks (project_id, media_id, metadata, status, created_at)
         VALUES ($1, $2, $3, 'completed', $4) RETURNING id`,
        [projectId, mediaId, JSON.stringify(metadata), uploaded],
      );
    };
    const ids = [
      await task({ type: 'call', date: '2026-11-11' }), // a bulk row's day: noon in Kyiv
      await task({ ' Date ': '2026-11-12 21:30' }), // a time of the project's zone
      await task({ date: '2026-11-13T08:00:00+05:00' }), // an instant
      await task({ date: '2026-02-30' }), // no such day
      await task({ date: 'last Tuesday' }),
      await task({ Department: 'Sales' }),
    ];
    // The analytics rows of the first analysis, on its upload day as before.
    for (const [path, valueType, score] of [
      ['Final Score', 'final', 80],
      ['Greeting', 'bool', 1],
    ] as const) {
      await pool.query(
        `INSERT INTO analysis_field_values (task_id, project_id, prompt_id, path, value_type, score, analysis_date)
         VALUES ($1, $2, 1, $3, $4, $5, '2026-12-01')`,
        [ids[0], projectId, path, valueType, score],
      );
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query(
      `SELECT to_char(conversation_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at, conversation_at_source AS source
       FROM tasks WHERE id = ANY($1) ORDER BY id`,
      [ids],
    );
    expect(rows).toEqual([
      { at: '2026-11-11T10:00', source: 'declared' },
      { at: '2026-11-12T19:30', source: 'declared' },
      { at: '2026-11-13T03:00', source: 'declared' },
      { at: '2026-12-01T09:00', source: 'upload' },
      { at: '2026-12-01T09:00', source: 'upload' },
      { at: '2026-12-01T09:00', source: 'upload' },
    ]);
    const values = await pool.query(
      `SELECT DISTINCT analysis_date::text AS day FROM analysis_field_values WHERE task_id = $1`,
      [ids[0]],
    );
    expect(values.rows).toEqual([{ day: '2026-11-11' }]);
    const days = await pool.query(
      `SELECT analysis_date::text AS day, value_type, analyses FROM analysis_field_days
       WHERE project_id = $1 ORDER BY value_type`,
      [projectId],
    );
    expect(days.rows).toEqual([
      { day: '2026-11-11', value_type: 'bool', analyses: 1 },
      { day: '2026-11-11', value_type: 'final', analyses: 1 },
    ]);
    // New tasks without a date are dated by their upload.
    const fresh = await pool.query(
      `INSERT INTO tasks (project_id, media_id) SELECT project_id, media_id FROM tasks WHERE id = $1
       RETURNING conversation_at = created_at AS same, conversation_at_source AS source`,
      [ids[5]],
    );
    expect(fresh.rows).toEqual([{ same: true, source: 'upload' }]);
  });
});
