import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore, insertId, projectWithMedia } from '../../test/migrations.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** The migration that made the agreement ledger's table and copied the reviews submitted before it. */
const MIGRATION = '0045_review_agreement_answers';

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
});
afterAll(() => before?.close());

describe(`migration ${MIGRATION}`, () => {
  it('copies the measured answers of submitted reviews, not drafts nor free text', async () => {
    const { pool, db } = before.database;
    const { projectId, mediaId } = await projectWithMedia(pool);
    const taskId = await insertId(
      pool,
      `INSERT INTO tasks (project_id, media_id) VALUES ($1, $2) RETURNING id`,
      [projectId, mediaId],
    );
    const versionId = await insertId(
      pool,
      `INSERT INTO prompt_versions (project_id, number, state, data, hash)
       VALUES ($1, 1, 'published', '{}', 'h') RETURNING id`,
      [projectId],
    );
    const review = (status: string, reviewer: string, submittedAt: string | null) =>
      insertId(
        pool,
        `INSERT INTO reviews (project_id, task_id, reviewer_name, prompt_version_id, status, score_detail, submitted_at)
         VALUES ($1, $2, $3, $4, $5, '{}', $6) RETURNING id`,
        [projectId, taskId, reviewer, versionId, status, submittedAt],
      );
    const submitted = await review('submitted', 'Ann', '2026-03-09T14:59:00Z');
    const draft = await review('draft', 'Bob', null);
    for (const reviewId of [submitted, draft]) {
      await pool.query(
        `INSERT INTO review_answers (review_id, path, field_type, ai_value, value) VALUES
           ($1, 'Greeting', 'bool', 'false', 'true'), ($1, 'Outcome', 'option', '"Won "', '"Won"'),
           ($1, 'Tone', 'marks', NULL, '2'), ($1, 'Summary', 'string', '"A call."', '"A call."')`,
        [reviewId],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await pool.query(
      `SELECT review_id, project_id, prompt_version_id, submitted_at, reviewer_name, path, field_type, ai_value, value
       FROM review_agreement_answers ORDER BY path`,
    );
    const copied = { review_id: submitted, project_id: projectId, prompt_version_id: versionId };
    const at = new Date('2026-03-09T14:59:00Z');
    expect(rows).toEqual([
      {
        ...copied,
        submitted_at: at,
        reviewer_name: 'Ann',
        path: 'Greeting',
        field_type: 'bool',
        ai_value: 'false',
        value: 'true',
      },
      {
        ...copied,
        submitted_at: at,
        reviewer_name: 'Ann',
        path: 'Outcome',
        field_type: 'option',
        ai_value: '"Won "',
        value: '"Won"',
      },
      {
        ...copied,
        submitted_at: at,
        reviewer_name: 'Ann',
        path: 'Tone',
        field_type: 'marks',
        ai_value: null,
        value: '2',
      },
    ]);
  });
});
