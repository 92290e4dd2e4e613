import { TASK_ERROR_EXAMPLES, type TaskError, taskError, taskErrorText } from '@parley/contracts';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** The migration that turned tasks.error (English text) into tasks.error_reason (a code with parameters). */
const MIGRATION = '0008_task_error_reasons';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

/** Texts the server wrote: one of every code, and texts without a code (a provider's failure, anything else). */
const withoutCode = (reason: TaskError) => reason.code === 'other' || reason.code === 'provider_failed';
/** Codes that came after the migration: the server never wrote them as English text. */
const ADDED_SINCE = new Set<TaskError['code']>(['ffprobe_missing', 'redaction_failed']);
const CODED = TASK_ERROR_EXAMPLES.filter((reason) => !withoutCode(reason) && !ADDED_SINCE.has(reason.code));
const OTHER_TEXTS = TASK_ERROR_EXAMPLES.filter(withoutCode).map((reason) => taskErrorText(reason));

/** The English of codes whose text changed after the migration, as the server wrote it then. */
const TEXT_THEN: Partial<Record<TaskError['code'], (reason: TaskError) => string>> = {
  transcription_unavailable: (reason) => {
    const { provider, variable } = reason.params as { provider: string; variable: string };
    return `Transcription uses ${provider} (TRANSCRIPTION_PROVIDER), which is not configured on this server. Set ${variable} in the server environment.`;
  },
};
const textThen = (reason: TaskError) => (TEXT_THEN[reason.code] ?? taskErrorText)(reason);

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
    const texts = [...CODED.map(textThen), ...OTHER_TEXTS, null];
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
    const expected = [...CODED, ...OTHER_TEXTS.map((message) => taskError('other', { message })), null];
    expect(ids.map((id) => reasons.get(id))).toEqual(expected);
    // The API answers the same English text as before (today's, where a text was reworded since).
    expect(ids.map((id) => reasons.get(id)).map((reason) => reason && taskErrorText(reason))).toEqual(
      expected.map((reason) => reason && taskErrorText(reason)),
    );
  });
});
