import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { pino } from 'pino';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { freshDatabase } from './harness.ts';

/**
 * A copy of the checked-in migrations up to, not including, `tag` (for testing a migration on data of the
 * shape before it). The caller removes the folder.
 */
export async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

export interface DatabaseBefore {
  database: Database;
  /** Closes the pool, drops the database and removes the migrations' copy. */
  close: () => Promise<void>;
}

/** A fresh database migrated up to, not including, `tag`; the test then runs the rest (MIGRATIONS_DIR). */
export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  const scratch = await freshDatabase();
  const database = connectDatabase(scratch.url, pino({ level: 'silent' }), 2);
  const folder = await migrationsBefore(tag);
  await migrate(database.db, { migrationsFolder: folder });
  return {
    database,
    close: async () => {
      await database.pool.end();
      await scratch.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The id of the row an `INSERT … RETURNING id` made. */
export async function insertId(
  pool: Database['pool'],
  text: string,
  values: unknown[] = [],
): Promise<number> {
  return ((await pool.query(text, values)).rows[0] as { id: number }).id;
}

/** A project with one stored recording, for analyses inserted in an earlier shape. */
export async function projectWithMedia(
  pool: Database['pool'],
): Promise<{ projectId: number; mediaId: number }> {
  const projectId = await insertId(pool, `INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
  const mediaId = await insertId(
    pool,
    `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
     VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, 'x', 'audio') RETURNING id`,
    [projectId],
  );
  return { projectId, mediaId };
}
