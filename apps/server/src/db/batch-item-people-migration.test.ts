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
  it("gives the rows of earlier uploads their people from the metadata, as an analysis's are read", async () => {
    const { pool, db } = before.database;
    const insertId = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
    const batchId = await insertId(
      `INSERT INTO upload_batches (project_id, file_name, total_items) VALUES ($1, 'calls.csv', 3) RETURNING id`,
      [projectId],
    );
    for (const [row, metadata] of [
      [2, { ' representative ': ' Ann ', DEPARTMENT: 'Sales' }],
      [3, { Representative: 'x'.repeat(250), Department: '  ' }],
      [4, { Notes: 'nobody' }],
    ] as const) {
      await pool.query(
        `INSERT INTO batch_items (batch_id, row_number, url, type, metadata) VALUES ($1, $2, 'https://a.example/x.mp3', 'call', $3)`,
        [batchId, row, JSON.stringify(metadata)],
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
    ]);
  });
});
