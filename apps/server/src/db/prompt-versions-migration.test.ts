import { rm } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, databaseBefore, migrationsBefore } from '../../test/migrations.ts';
import { detailResult } from '../modules/analyses/detail.ts';
import { readPromptVersions } from '../modules/prompts/versions.ts';
import type { Database } from './client.ts';

/** The migration that turned each task's prompt copies into prompt versions. */
const MIGRATION = '0013_prompt_versions';
const NUMBERED = '0035_prompt_version_numbers';

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore(MIGRATION);
  ({ database } = before);
});
afterAll(() => before?.close());

const insertId = async (text: string, values: unknown[] = []) =>
  ((await database.pool.query(text, values)).rows[0] as { id: number }).id;

async function insertPrompt(projectId: number, name: string): Promise<number> {
  return insertId(
    `INSERT INTO prompts (project_id, script_name, role, basic_instruction, transcribe_instructions, provider,
       model, response_language, company_details, final_score, lva, transcription_task, transcription_language,
       content, metadata_fields, is_classification, units_milli)
     VALUES ($1, $2, 'Sales', '', '', 'anthropic', 'claude-3-7-sonnet-20250219', 'Auto', '', 'percent', 'none',
       'transcribe', 'auto', '[]', '[]', false, 1000) RETURNING id`,
    [projectId, name],
  );
}

/** A prompt copy as the pipeline took it (snapshotOf): the prompt's settings and fields, id and project. */
const snapshot = (id: number, projectId: number, name: string, explanation: string, extra = {}) => ({
  id,
  projectId,
  scriptName: name,
  role: 'Sales',
  basicInstruction: 'Judge the call.',
  provider: 'anthropic',
  model: 'claude-3-7-sonnet-20250219',
  finalScore: 'percent',
  LVA: 'none',
  maxScore: null,
  content: [{ key: 'Greeting', type: 'ok', explanation, includeInScore: true }],
  metadataFields: ['Department'],
  isClassification: false,
  unitsMilli: 1000,
  ...extra,
});
type Snapshot = ReturnType<typeof snapshot>;
/** The result's copy of the prompt that answered, as the pipeline wrote it. */
const copyOf = (s: Snapshot) => ({
  id: s.id,
  name: s.scriptName,
  content: s.content,
  finalScore: s.finalScore,
  maxScore: s.maxScore,
});
const answer = (greeting: string) => ({
  values: { Greeting: greeting },
  evidence: { Greeting: { justification: 'Said so.', quote: 'Hello', timestamp: null } },
  score: { mode: 'percent', score: 100, sum: 1, maxBounded: 1, base: 1, fields: [] },
});

describe(`migration ${MIGRATION}`, () => {
  it("stores each distinct prompt copy once, points tasks at it and drops the copies; the API's answer stays", async () => {
    const projectId = await insertId(`INSERT INTO projects (name) VALUES ('Old') RETURNING id`);
    const mediaId = await insertId(
      `INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
       VALUES ($1, 'k', 'call.wav', 'audio/wav', 1, 'x', 'audio') RETURNING id`,
      [projectId],
    );
    const [sales, router, target] = [
      await insertPrompt(projectId, 'Sales'),
      await insertPrompt(projectId, 'Router'),
      await insertPrompt(projectId, 'Target'),
    ];
    const deletedId = target + 100;
    const salesV1 = snapshot(sales, projectId, 'Sales', 'Greeted?');
    const salesV2 = snapshot(sales, projectId, 'Sales', 'Greeted warmly?');
    const gone = snapshot(deletedId, projectId, 'Deleted', 'Greeted?');
    const routerSnap = snapshot(router, projectId, 'Router', 'Kind?', {
      isClassification: true,
      finalScore: 'no',
    });
    const targetSnap = snapshot(target, projectId, 'Target', 'Target greeting?', { maxScore: 10 });
    const classification = {
      field: 'Kind',
      chosen: { promptId: String(target), promptName: 'Target' },
      values: { Kind: 'Target' },
      evidence: {},
    };
    // An older result whose prompt copy lacks maxScore: not what its version gives back, so it stays.
    const { maxScore: _, ...withoutMax } = copyOf(salesV1);
    const rows: Array<{
      promptId: number | null;
      snapshot: Snapshot | null;
      result: unknown;
      pipeline?: object;
    }> = [
      { promptId: sales, snapshot: salesV1, result: { prompt: copyOf(salesV1), ...answer('ok') } },
      { promptId: sales, snapshot: salesV1, result: { prompt: copyOf(salesV1), ...answer('not ok') } },
      { promptId: sales, snapshot: salesV2, result: { prompt: copyOf(salesV2), ...answer('ok') } },
      { promptId: null, snapshot: gone, result: { prompt: copyOf(gone), ...answer('ok') } },
      { promptId: null, snapshot: gone, result: null },
      {
        promptId: router,
        snapshot: routerSnap,
        result: {
          prompt: copyOf(targetSnap),
          ...answer('ok'),
          classification: { prompt: copyOf(routerSnap), ...classification },
        },
        pipeline: {
          media: { kind: 'text', characters: 10, messages: 2 },
          classification: {
            analysis: { prompt: copyOf(routerSnap), ...answer('Target') },
            chosen: classification.chosen,
            target: targetSnap,
          },
        },
      },
      { promptId: sales, snapshot: salesV1, result: { prompt: withoutMax, ...answer('ok') } },
      { promptId: sales, snapshot: null, result: null },
      { promptId: sales, snapshot: salesV1, result: { Summary: 'A result of the first days' } },
    ];
    const ids: number[] = [];
    for (const row of rows) {
      ids.push(
        await insertId(
          `INSERT INTO tasks (project_id, media_id, prompt_id, status, prompt_snapshot, result, pipeline)
           VALUES ($1, $2, $3, 'completed', $4, $5, $6) RETURNING id`,
          [projectId, mediaId, row.promptId, row.snapshot, row.result, row.pipeline ?? {}],
        ),
      );
    }

    // Up to the one that numbered versions and made the prompts' current content a version (its own test).
    const through = await migrationsBefore(NUMBERED);
    await migrate(database.db, { migrationsFolder: through });
    await rm(through, { recursive: true, force: true });

    const { rows: versions } = await database.pool.query(
      'SELECT id, prompt_id, data FROM prompt_versions WHERE project_id = $1 ORDER BY id',
      [projectId],
    );
    const versionOf = (data: Snapshot) => versions.find((v) => isDeepStrictEqual(v.data, data))!;
    expect(versions).toHaveLength(5);
    expect(versions.map((v) => v.data)).toEqual(
      expect.arrayContaining([salesV1, salesV2, gone, routerSnap, targetSnap]),
    );
    expect(versionOf(gone).prompt_id).toBeNull();
    expect(versionOf(targetSnap).prompt_id).toBe(target);
    // The hash is the one the server computes (prompts/versions.ts) from the data's jsonb text.
    for (const data of [salesV1, salesV2, routerSnap, targetSnap]) {
      const { rows: hashed } = await database.pool.query(
        `SELECT hash = encode(sha256(convert_to($1::jsonb::text, 'UTF8')), 'hex') AS same FROM prompt_versions WHERE id = $2`,
        [JSON.stringify(data), versionOf(data).id],
      );
      expect(hashed[0].same).toBe(true);
    }

    const { rows: after } = await database.pool.query(
      'SELECT id, prompt_version_id, chosen_prompt_version_id, result, pipeline FROM tasks WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    expect(after.map((task) => task.prompt_version_id)).toEqual([
      ...[salesV1, salesV1, salesV2, gone, gone, routerSnap, salesV1].map((data) => versionOf(data).id),
      null,
      versionOf(salesV1).id,
    ]);
    expect(after.map((task) => task.chosen_prompt_version_id)).toEqual(
      rows.map((_row, index) => (index === 5 ? versionOf(targetSnap).id : null)),
    );
    // No copies left but the one that differs from its version, and the first days' result as it was.
    expect(after.map((task) => task.result && 'prompt' in task.result)).toEqual([
      false,
      false,
      false,
      false,
      null,
      false,
      true,
      null,
      false,
    ]);
    expect(after[5].result.classification).not.toHaveProperty('prompt');
    expect(after[5].pipeline).toEqual({
      media: { kind: 'text', characters: 10, messages: 2 },
      classification: { analysis: answer('Target'), chosen: classification.chosen },
    });
    // The analysis detail answers each result as before.
    const data = await readPromptVersions(
      database.db,
      versions.map((v) => v.id),
    );
    const find = (id: number | null) => (id === null ? null : data.get(id)!);
    for (const [index, task] of after.entries()) {
      const answer = detailResult(
        task.result,
        find(task.prompt_version_id),
        find(task.chosen_prompt_version_id),
      );
      // As before, but for `unsure` (later than this migration), which results stored without it answer false.
      expect(answer).toEqual(withUnsureEvidence(rows[index]!.result));
    }
    const { rows: columns } = await database.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'tasks' AND column_name = 'prompt_snapshot'`,
    );
    expect(columns).toEqual([]);
  });
});

/** A stored result as the API answers it today: each field's evidence says whether the model was unsure. */
function withUnsureEvidence(result: unknown): unknown {
  return JSON.parse(JSON.stringify(result), (key, value: unknown) =>
    key !== 'evidence' || !value || typeof value !== 'object'
      ? value
      : Object.fromEntries(Object.entries(value).map(([path, item]) => [path, { unsure: false, ...item }])),
  );
}
