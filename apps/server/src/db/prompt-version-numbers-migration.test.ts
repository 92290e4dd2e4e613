import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore } from '../../test/migrations.ts';
import { publishedVersion } from '../modules/prompts/versions.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** The migration that numbered the versions and gave them states. */
const MIGRATION = '0035_prompt_version_numbers';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

const insertId = async (text: string, values: unknown[] = []) =>
  ((await database.pool.query(text, values)).rows[0] as { id: number }).id;

const insertPrompt = (projectId: number, name: string, explanation: string, maxScore: string | null) =>
  insertId(
    `INSERT INTO prompts (project_id, script_name, role, basic_instruction, transcribe_instructions, provider,
       model, response_language, company_details, final_score, lva, max_score, transcription_task,
       transcription_language, content, metadata_fields, is_classification, units_milli)
     VALUES ($1, $2, 'Sales', '', '', 'anthropic', 'claude-sonnet-4-5', 'English', '', 'percent', 'none', $4,
       'transcribe', 'auto', $3, '["Department"]', false, 1000) RETURNING id`,
    [
      projectId,
      name,
      JSON.stringify([{ key: 'Greeting', type: 'ok', explanation, includeInScore: true }]),
      maxScore,
    ],
  );

const insertVersion = (projectId: number, promptId: number | null, data: object, createdAt: string) =>
  insertId(
    `INSERT INTO prompt_versions (project_id, prompt_id, data, hash, created_at)
     VALUES ($1, $2, $3, encode(sha256(convert_to($3::jsonb::text, 'UTF8')), 'hex'), $4) RETURNING id`,
    [projectId, promptId, JSON.stringify(data), createdAt],
  );

describe('migration 0035: prompt version numbers', () => {
  it('numbers versions by creation, publishes the newest, and makes a prompt edited since a new version the pipeline reuses', async () => {
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('P') RETURNING id`);
    const edited = await insertPrompt(projectId, 'Edited', 'Now', '12.5');
    const never = await insertPrompt(projectId, 'Never analysed', 'New', null);
    const v1 = await insertVersion(
      projectId,
      edited,
      { id: edited, scriptName: 'Edited', old: 1 },
      '2026-01-02',
    );
    const v2 = await insertVersion(
      projectId,
      edited,
      { id: edited, scriptName: 'Edited', old: 2 },
      '2026-02-01',
    );
    const gone = await insertVersion(projectId, null, { id: 999, scriptName: 'Gone' }, '2026-01-01');
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await database.pool.query(
      `SELECT id, prompt_id, number, state, author_user_id FROM prompt_versions WHERE project_id = $1
       ORDER BY prompt_id NULLS FIRST, number`,
      [projectId],
    );
    const byPrompt = (promptId: number | null) =>
      rows.filter((row) => row.prompt_id === promptId).map((row) => [row.number, row.state]);
    expect(byPrompt(null)).toEqual([[1, 'superseded']]);
    expect(rows.find((row) => row.prompt_id === null).id).toBe(gone);
    expect(byPrompt(edited)).toEqual([
      [1, 'superseded'],
      [2, 'superseded'],
      [3, 'published'],
    ]);
    expect(
      rows
        .filter((row) => row.prompt_id === edited)
        .slice(0, 2)
        .map((row) => row.id),
    ).toEqual([v1, v2]);
    expect(byPrompt(never)).toEqual([[1, 'published']]);
    expect(rows.every((row) => row.author_user_id === null)).toBe(true);

    // An analysis of a prompt unchanged since the migration reuses its version: no new one.
    for (const promptId of [edited, never]) {
      const published = rows.find((row) => row.prompt_id === promptId && row.state === 'published');
      expect((await publishedVersion(database.db, projectId, promptId))!.id).toBe(published.id);
    }
    const { rows: count } = await database.pool.query(
      'SELECT count(*)::int AS n FROM prompt_versions WHERE project_id = $1',
      [projectId],
    );
    expect(count[0].n).toBe(rows.length);
  });
});
