import {
  analysisRoutes,
  type PromptField,
  projectRoutes,
  promptRoutes,
  type RouteBody,
  taskError,
} from '@parley/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer, type FakeUpstream, failure } from '../../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, type TestApp } from '../../../test/harness.ts';
import { answered, GREETING_ANSWER, insertTextTask } from '../../../test/tasks.ts';
import { fund } from '../../../test/uploads.ts';
import { connectDatabase } from '../../db/client.ts';
import { promptVersions, tasks } from '../../db/schema/index.ts';
import { runTask } from './run.ts';

let app: AnalysisApp;
let t: TestApp;
let anthropic: FakeUpstream;
let owner: Client;

beforeAll(async () => {
  app = await startAnalysisApp('versions');
  ({ t, anthropic, owner } = app);
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(anthropic.pending, 'every scripted answer was used').toBe(0);
  anthropic.reset();
});

const CHAT = 'Agent: Hello, Acme Solar.\nClient: Hi, I would like to know the price of your panels.\n';
const greeting = (explanation: string): PromptField[] => [
  { key: 'Greeting', type: 'ok', explanation, includeInScore: true },
];

async function newProject(): Promise<number> {
  const projectId = await createProject(owner, `Versions ${Math.random().toString(36).slice(2, 8)}`);
  await fund(t, projectId);
  return projectId;
}

async function createPrompt(
  projectId: number,
  payload: RouteBody<typeof promptRoutes.create>,
): Promise<number> {
  const response = await owner.call(promptRoutes.create, { params: { id: projectId }, body: payload });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data.id;
}

/** A chat analysed to the end with the prompt (the model answers GREETING_ANSWER). */
async function analyse(projectId: number, promptId: number): Promise<number> {
  const taskId = await insertTextTask(t, projectId, promptId, CHAT);
  anthropic.script(answer(GREETING_ANSWER));
  expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  return taskId;
}

const taskRow = async (taskId: number) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const versionsOf = (projectId: number) =>
  t.ctx.db
    .select()
    .from(promptVersions)
    .where(eq(promptVersions.projectId, projectId))
    .orderBy(asc(promptVersions.id));
async function detail(projectId: number, taskId: number) {
  const response = await owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('prompt versions', () => {
  it('analyses use the published version while a draft waits; after publishing, the draft; the list filters by version', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, {
      scriptName: 'Greeting',
      content: greeting('Published'),
    });
    const draft = await owner.call(promptRoutes.saveDraft, {
      params: { id: projectId, promptId },
      body: { scriptName: 'Greeting', content: greeting('Drafted') },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const during = await analyse(projectId, promptId);
    const shown = await detail(projectId, during);
    expect(shown.prompt.version).toBe(1);
    expect(shown.prompt.data.content.find((f: PromptField) => f.key === 'Greeting').explanation).toBe(
      'Published',
    );

    const published = await owner.call(promptRoutes.publishVersion, {
      params: { id: projectId, promptId, versionId: draft.json().data.id },
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = await analyse(projectId, promptId);
    expect((await taskRow(after)).promptVersionId).toBe(draft.json().data.id);
    expect((await detail(projectId, after)).prompt.version).toBe(2);
    expect(await versionsOf(projectId)).toHaveLength(2);

    const listed = async (query: Record<string, number>) => {
      const response = await owner.call(analysisRoutes.list, { params: { id: projectId }, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.items.map((item: { id: number }) => item.id);
    };
    expect(await listed({ prompt_id: promptId, prompt_version: 1 })).toEqual([during]);
    expect(await listed({ prompt_id: promptId, prompt_version: 2 })).toEqual([after]);
    expect(await listed({ prompt_id: promptId, prompt_version: 3 })).toEqual([]);
    const alone = await owner.call(analysisRoutes.list, {
      params: { id: projectId },
      query: { prompt_version: 1 },
    });
    expect(alone.statusCode).toBe(400);
  });

  it('a task points at the version it ran with; tasks of the same prompt share one, and results keep no copy', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, {
      scriptName: 'Greeting',
      content: greeting('Said hello?'),
    });
    const prompt = (await owner.call(promptRoutes.get, { params: { id: projectId, promptId } })).json().data;
    const first = await analyse(projectId, promptId);
    const second = await analyse(projectId, promptId);

    const versions = await versionsOf(projectId);
    expect(versions).toHaveLength(1);
    const [version] = versions;
    expect(version).toMatchObject({ projectId, promptId, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(version!.data).toMatchObject({
      id: promptId,
      projectId,
      scriptName: 'Greeting',
      content: prompt.content,
    });
    for (const taskId of [first, second]) {
      const task = await taskRow(taskId);
      expect(task.promptVersionId).toBe(version!.id);
      expect(task.chosenPromptVersionId).toBeNull();
      expect(Object.keys(task.result as object).sort()).toEqual(['evidence', 'score', 'values']);
    }

    // The API answers as when each task carried its copy.
    const shown = await detail(projectId, first);
    expect(shown.prompt).toEqual({
      id: promptId,
      name: 'Greeting',
      source: 'snapshot',
      version: 1,
      data: version!.data,
    });
    expect(shown.result.prompt).toEqual({
      id: promptId,
      name: 'Greeting',
      content: prompt.content,
      finalScore: prompt.finalScore,
      maxScore: prompt.maxScore,
    });
    expect(shown.result.values).toMatchObject({ Greeting: 'ok' });
  });

  it('an edited prompt analyses with a new version; earlier analyses still show the prompt they ran with', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { scriptName: 'Greeting', content: greeting('Before') });
    const before = await analyse(projectId, promptId);
    const edited = await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId },
      body: { scriptName: 'Greeting', content: greeting('After') },
    });
    expect(edited.statusCode).toBe(200);
    const after = await analyse(projectId, promptId);

    const versions = await versionsOf(projectId);
    expect(versions).toHaveLength(2);
    expect((await taskRow(before)).promptVersionId).toBe(versions[0]!.id);
    expect((await taskRow(after)).promptVersionId).toBe(versions[1]!.id);
    const explanation = (fields: PromptField[]) =>
      fields.find((field) => field.key === 'Greeting')?.explanation;
    const old = await detail(projectId, before);
    expect(explanation(old.prompt.data.content)).toBe('Before');
    expect(explanation(old.result.prompt.content)).toBe('Before');
    const current = await detail(projectId, after);
    expect(explanation(current.prompt.data.content)).toBe('After');
    expect(explanation(current.result.prompt.content)).toBe('After');
  });

  it("a deleted prompt's analyses keep showing it; a deleted project takes its versions", async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { scriptName: 'Short lived', content: greeting('Gone') });
    const taskId = await analyse(projectId, promptId);
    const shown = await detail(projectId, taskId);
    const deleted = await owner.call(promptRoutes.remove, { params: { id: projectId, promptId } });
    expect(deleted.statusCode).toBe(200);

    const [version] = await versionsOf(projectId);
    expect(version).toMatchObject({ promptId: null, data: { id: promptId, scriptName: 'Short lived' } });
    const orphan = await detail(projectId, taskId);
    expect(orphan).toMatchObject({
      prompt_id: null,
      prompt: { id: null, name: 'Short lived', source: 'snapshot' },
    });
    expect(orphan.prompt.data).toEqual(shown.prompt.data);
    expect(orphan.result).toEqual(shown.result);

    const gone = await owner.call(projectRoutes.remove, {
      params: { id: projectId },
      body: {
        confirm_name: (await owner.call(projectRoutes.get, { params: { id: projectId } })).json().data.name,
      },
    });
    expect(gone.statusCode).toBe(200);
    expect(await versionsOf(projectId)).toEqual([]);
  });

  it('a classification stores the chosen prompt as a version and resumes with it after a failure', async () => {
    const projectId = await newProject();
    const sales = await createPrompt(projectId, {
      scriptName: 'Sales call',
      content: greeting('Sales greeting'),
    });
    const router = await createPrompt(projectId, {
      scriptName: 'Router',
      isClassification: true,
      finalScore: 'no',
      content: [
        {
          key: 'Classification',
          type: 'classification',
          explanation: 'What kind of call is this?',
          includeInScore: false,
          classificationOptions: [
            { promptId: String(sales), promptName: 'Sales call', description: 'Buying' },
          ],
        },
      ],
    });
    const taskId = await insertTextTask(t, projectId, router, CHAT);
    anthropic.script(
      answer({
        Classification: answered('Sales call'),
        Summary: answered('A sale.'),
        Title: answered('Router'),
      }),
      failure(500, 'Boom'),
    );
    await expect(runTask(t.ctx, taskId, { lastAttempt: false })).rejects.toThrow();
    const chosen = (await taskRow(taskId)).chosenPromptVersionId;
    expect(chosen).not.toBeNull();
    // The pipeline state keeps the classification's answer, not a copy of either prompt.
    expect((await taskRow(taskId)).pipeline.classification).toEqual({
      analysis: expect.objectContaining({
        values: expect.objectContaining({ Classification: 'Sales call' }),
      }),
      chosen: { promptId: String(sales), promptName: 'Sales call' },
    });

    // Even with the chosen prompt edited meanwhile, the run goes on with the version it chose.
    await owner.call(promptRoutes.update, {
      params: { id: projectId, promptId: sales },
      body: { scriptName: 'Sales call', content: greeting('Edited later') },
    });
    anthropic.script(answer(GREETING_ANSWER));
    expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');
    expect(anthropic.requests).toHaveLength(3);
    expect(JSON.stringify(anthropic.requests[2]!.body)).toContain('Sales greeting');
    const task = await taskRow(taskId);
    expect(task.chosenPromptVersionId).toBe(chosen);
    const shown = await detail(projectId, taskId);
    expect(shown.result.prompt).toMatchObject({ id: sales, name: 'Sales call' });
    expect(shown.result.prompt.content.find((f: PromptField) => f.key === 'Greeting').explanation).toBe(
      'Sales greeting',
    );
    expect(shown.result.classification).toMatchObject({
      prompt: { id: router, name: 'Router', finalScore: 'no' },
      chosen: { promptId: String(sales), promptName: 'Sales call' },
    });
    // Each save made a version (the edit too); the run made none of its own.
    expect((await versionsOf(projectId)).map((version) => version.promptId)).toEqual([sales, router, sales]);
  });

  it('200 tasks of one prompt starting at once store one version', async () => {
    const projectId = await newProject();
    // No Google key: each run stops right after taking its prompt version.
    const promptId = await createPrompt(projectId, {
      scriptName: 'Busy',
      content: greeting('Said hello?'),
      provider: 'google',
      model: 'gemini-2.5-flash',
    });
    const taskIds = await Promise.all(
      Array.from({ length: 200 }, () => insertTextTask(t, projectId, promptId, CHAT)),
    );
    const wide = connectDatabase(t.database.pool.options.connectionString!, pino({ level: 'silent' }), 50);
    try {
      const ctx = { ...t.ctx, db: wide.db };
      const outcomes = await Promise.all(taskIds.map((id) => runTask(ctx, id, { lastAttempt: true })));
      expect(outcomes.every((outcome) => outcome === 'failed')).toBe(true);
    } finally {
      await wide.pool.end();
    }
    const rows = await t.ctx.db.select().from(tasks).where(inArray(tasks.id, taskIds));
    const reason = taskError('provider_unavailable', {
      provider: 'Google',
      variable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    });
    expect(rows.map((row) => row.errorReason)).toEqual(rows.map(() => reason));
    const versions = await versionsOf(projectId);
    expect(versions).toHaveLength(1);
    expect(new Set(rows.map((row) => row.promptVersionId))).toEqual(new Set([versions[0]!.id]));
  });
});
