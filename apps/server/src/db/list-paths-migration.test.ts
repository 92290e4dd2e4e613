import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** The migration that keeps the score mode beside the score for the list (issue 32). */
const MIGRATION = '0028_list_paths';

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
});
afterAll(() => before?.close());

describe(`migration ${MIGRATION}`, () => {
  it("copies each stored result's score mode to the task; tasks without one (or with no known mode) keep none", async () => {
    const { pool, db } = before.database;
    const insertId = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
    const task = async (result: unknown, transcript: string | null = null) => {
      const mediaId = await insertId(
        `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
         VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, md5(random()::text), 'audio') RETURNING id`,
        [projectId],
      );
      return insertId(
        `INSERT INTO tasks (project_id, media_id, status, result, transcript_text)
         VALUES ($1, $2, 'completed', $3, $4) RETURNING id`,
        [projectId, mediaId, result === undefined ? null : JSON.stringify(result), transcript],
      );
    };
    const ids = [
      await task(
        { values: { Greeting: 'ok' }, score: { mode: 'percent', score: 50, fields: [] } },
        // A vector the row once had to TOAST.
        Array.from({ length: 400 }, (_, i) => `word${i}`).join(' '),
      ),
      await task({ values: {}, score: { mode: 'sum', score: 3 } }),
      await task({ values: {}, score: { mode: 'no', score: null } }),
      await task({ values: {}, score: { mode: 'descending', score: 7 } }),
      await task({ values: {} }), // no score
      await task({ values: {}, score: { mode: 'median' } }), // no mode the app knows
      await task('an answer that is not an object'),
      await task(undefined), // not analysed yet
    ];

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query(`SELECT score_mode FROM tasks WHERE id = ANY($1) ORDER BY id`, [ids]);
    expect(rows.map((row) => row.score_mode)).toEqual([
      'percent',
      'sum',
      'no',
      'descending',
      null,
      null,
      null,
      null,
    ]);
    const found = await pool.query(
      `SELECT id FROM tasks WHERE search @@ websearch_to_tsquery('simple', 'word0 word399') AND id = ANY($1)`,
      [ids],
    );
    expect(found.rows).toEqual([{ id: ids[0] }]);
    const storage = await pool.query(
      `SELECT attstorage FROM pg_attribute WHERE attrelid = 'tasks'::regclass AND attname = 'search'`,
    );
    expect(storage.rows).toEqual([{ attstorage: 'm' }]);
  });
});
