import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TaskError, taskError, taskErrorText } from '@parley/contracts';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import type { ScratchDatabase } from '../../test/scratch-database.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { connectDatabase, type Database } from './client.ts';

/** The migration that turned tasks.error (English text) into tasks.error_reason (a code with parameters). */
const MIGRATION = '0008_task_error_reasons';

let scratch: ScratchDatabase;
let database: Database;
let before: string;

/** The checked-in migrations up to, not including, MIGRATION. */
async function migrationsBefore(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'parley-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  scratch = await freshDatabase();
  database = connectDatabase(scratch.url, pino({ level: 'silent' }), 2);
  before = await migrationsBefore();
  await migrate(database.db, { migrationsFolder: before });
});
afterAll(async () => {
  await database.pool.end();
  await scratch.drop();
  await rm(before, { recursive: true, force: true });
});

/** A reason of every code, with parameters as the server wrote them. */
const REASONS: TaskError[] = [
  taskError('prompt_missing'),
  taskError('media_missing'),
  taskError('no_speech'),
  taskError('no_funds'),
  taskError('insufficient_funds', { units: '1.2' }),
  taskError('classification_unanswered'),
  taskError('classification_target', { name: 'Sales "B" (new)' }),
  taskError('interrupted', { count: 1 }),
  taskError('interrupted', { count: 3 }),
  taskError('unexpected', { message: 'boom\nat line 2' }),
  taskError('queue_failed'),
  taskError('blacklisted'),
  taskError('media_undecodable'),
  taskError('media_undecodable_detail', { detail: 'Invalid data found when processing input' }),
  taskError('media_no_audio'),
  taskError('media_empty'),
  taskError('media_silent'),
  taskError('ffmpeg_missing', { path: 'ffmpeg' }),
  taskError('ffmpeg_timeout', { seconds: 1800 }),
  taskError('text_empty'),
  taskError('text_too_large', { megabytes: 20 }),
  taskError('text_bad_json'),
  taskError('transcription_unavailable', { provider: 'OpenAI', variable: 'OPENAI_API_KEY' }),
  taskError('provider_unavailable', { provider: 'Anthropic', variable: 'ANTHROPIC_API_KEY' }),
];
/** Texts without a code: provider failures and anything else. */
const OTHER_TEXTS = [
  'OpenAI transcription answered 400: The audio file could not be decoded.',
  'Something else.',
];

describe(`migration ${MIGRATION}`, () => {
  it("maps every English reason the server wrote to its code and parameters, anything else to 'other'", async () => {
    const { pool } = database;
    const insertId = async (sql: string, values: unknown[] = []) =>
      ((await pool.query(sql, values)).rows[0] as { id: number }).id;
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
    const mediaId = await insertId(
      `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
       VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, 'x', 'audio') RETURNING id`,
      [projectId],
    );
    const texts = [...REASONS.map(taskErrorText), ...OTHER_TEXTS, null];
    const ids: number[] = [];
    for (const text of texts) {
      ids.push(
        await insertId(
          `INSERT INTO tasks (project_id, media_id, status, error) VALUES ($1, $2, 'failed', $3) RETURNING id`,
          [projectId, mediaId, text],
        ),
      );
    }

    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query('SELECT id, error_reason FROM tasks ORDER BY id');
    const reasons = new Map(
      (rows as Array<{ id: number; error_reason: TaskError | null }>).map((r) => [r.id, r.error_reason]),
    );
    const expected = [...REASONS, ...OTHER_TEXTS.map((message) => taskError('other', { message })), null];
    expect(ids.map((id) => reasons.get(id))).toEqual(expected);
    // The API answers the same English text as before.
    expect(ids.map((id) => reasons.get(id)).map((reason) => reason && taskErrorText(reason))).toEqual(texts);
  });
});
