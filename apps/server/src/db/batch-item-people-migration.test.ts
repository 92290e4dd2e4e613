import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** The migration that gave bulk rows the representative and department a team leader's view goes by. */
const MIGRATION = '0021_batch_item_people';

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
});
afterAll(() => before?.close());

describe(`migration ${MIGRATION}`, () => {
  it("gives the rows of earlier uploads their analysis's people, else those of their metadata", async () => {
    const { pool, db } = before.database;
    const insertId = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
    const mediaId = await insertId(
      `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
       VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, 'x', 'audio') RETURNING id`,
      [projectId],
    );
    // The analysis a row was linked to (a duplicate of an earlier upload), re-mapped to Dana of Support.
    const taskId = await insertId(
      `INSERT INTO tasks (project_id, media_id, representative, department) VALUES ($1, $2, 'Dana', 'Support') RETURNING id`,
      [projectId, mediaId],
    );
    const batchId = await insertId(
      `INSERT INTO upload_batches (project_id, file_name, total_items) VALUES ($1, 'calls.csv', 4) RETURNING id`,
      [projectId],
    );
    for (const [row, metadata, task] of [
      [2, { ' representative ': ' Ann ', DEPARTMENT: 'Sales' }, null],
      [3, { Representative: 'x'.repeat(250), Department: '  ' }, null],
      [4, { Notes: 'nobody' }, null],
      [5, { Representative: 'Ann', Department: 'Sales' }, taskId],
    ] as const) {
      await pool.query(
        `INSERT INTO batch_items (batch_id, row_number, url, type, metadata, task_id, status)
         VALUES ($1, $2, 'https://a.example/x.mp3', 'call', $3, $4, $5)`,
        [batchId, row, JSON.stringify(metadata), task, task ? 'duplicate' : 'pending'],
      );
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query(
      'SELECT representative, department FROM batch_items WHERE batch_id = $1 ORDER BY row_number',
      [batchId],
    );
    expect(rows).toEqual([
      { representative: 'Ann', department: 'Sales' },
      { representative: 'x'.repeat(200), department: null },
      { representative: null, department: null },
      { representative: 'Dana', department: 'Support' },
    ]);
  });
});
