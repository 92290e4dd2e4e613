import {
  PEOPLE_NAME_MAX,
  type PromptField,
  projectRoutes,
  promptRoutes,
  UPLOAD_METADATA,
} from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer, type FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, type TestApp } from '../../../test/harness.ts';
import { uploadCall } from '../../../test/settings.ts';
import { answered, insertTextTask } from '../../../test/tasks.ts';
import { fund } from '../../../test/uploads.ts';
import { analysisFieldValues, analyticsBackfill, tasks } from '../../db/schema/index.ts';
import { runTask } from '../pipeline/run.ts';
import { updateTaskPeople } from '../tasks/people.ts';
import { backfillFieldValues } from './backfill.ts';

let app: AnalysisApp;
let t: TestApp;
let anthropic: FakeUpstream;
let owner: Client;

beforeAll(async () => {
  app = await startAnalysisApp('analytics');
  ({ t, anthropic, owner } = app);
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(anthropic.pending, 'every scripted answer was used').toBe(0);
  anthropic.reset();
});

const scored = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: `${key}?`,
  includeInScore: true,
  ...extra,
});
const CONTENT: PromptField[] = [
  { key: 'Summary', type: 'string', explanation: 'Summary', includeInScore: false },
  { key: 'Title', type: 'string', explanation: 'Title', includeInScore: false },
  scored('Greeting', 'ok'),
  scored('Discovery', 'object', {
    includeInScore: false,
    content: [scored('Budget', 'bool'), scored('Timeline', 'ok')],
  }),
  scored('Rating', 'marks', { marks: [0, 1, 2].map((value) => ({ value, explanation: `${value}` })) }),
  scored('Tone', 'option', {
    includeInScore: false,
    options: ['Friendly', 'Neutral'].map((value) => ({ value, explanation: value })),
  }),
];
const ANSWER = {
  Summary: answered('A sales call.'),
  Title: answered('Panels'),
  Greeting: answered('ok'),
  Discovery: { Budget: answered(false), Timeline: answered('n/a') },
  Rating: answered(2),
  Tone: answered('Friendly'),
};

async function setUp(): Promise<{ projectId: number; promptId: number; taskId: number }> {
  const projectId = await createProject(owner, `Analytics ${Math.random().toString(36).slice(2, 8)}`);
  await fund(t, projectId);
  const created = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName: 'Sales call', finalScore: 'percent', content: CONTENT },
  });
  expect(created.statusCode, created.body).toBe(201);
  const promptId: number = created.json().data.id;
  const taskId = await insertTextTask(t, projectId, promptId, 'Agent: Hello.\nClient: Hi.\n');
  await t.ctx.db
    .update(tasks)
    .set({ representative: 'Ann', department: 'Sales' })
    .where(eq(tasks.id, taskId));
  anthropic.script(answer(ANSWER));
  expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  return { projectId, promptId, taskId };
}

const rowsOf = (taskId: number) =>
  t.ctx.db
    .select()
    .from(analysisFieldValues)
    .where(eq(analysisFieldValues.taskId, taskId))
    .orderBy(asc(analysisFieldValues.path));

describe('analytics rows of an analysis', () => {
  it('are written when the analysis completes: every scored or categorical value and the final score', async () => {
    const { projectId, promptId, taskId } = await setUp();
    const rows = await rowsOf(taskId);
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(
      rows.map((row) => [row.path, row.valueType, row.score, row.maxScore, row.value, row.outcome]),
    ).toEqual([
      ['Discovery.Budget', 'bool', 0, 1, 'false', 'missed'],
      ['Discovery.Timeline', 'ok', null, 1, 'n/a', 'na'],
      ['Final Score', 'final', 75, null, null, null],
      ['Greeting', 'ok', 1, 1, 'ok', 'passed'],
      ['Rating', 'marks', 2, 2, '2', null],
      ['Tone', 'option', null, null, 'Friendly', null],
    ]);
    expect(task!.finalScore).toBe(75);
    for (const row of rows) {
      expect(row).toMatchObject({
        projectId,
        promptId,
        promptVersionId: task!.promptVersionId,
        representative: 'Ann',
        department: 'Sales',
        analysisDate: task!.conversationAt.toISOString().slice(0, 10),
      });
    }
  });

  it('follow the rep mapping and the project time zone', async () => {
    const { projectId, taskId } = await setUp();
    await updateTaskPeople(t.ctx.db, projectId, [
      { id: taskId, representative: 'Ann Lee', department: 'Field' },
    ]);
    expect(new Set((await rowsOf(taskId)).map((row) => `${row.representative}/${row.department}`))).toEqual(
      new Set(['Ann Lee/Field']),
    );

    // 23:30 UTC is the next day in Kyiv.
    await t.ctx.db
      .update(tasks)
      .set({ conversationAt: new Date('2026-03-10T23:30:00Z') })
      .where(eq(tasks.id, taskId));
    await t.ctx.db
      .update(analysisFieldValues)
      .set({ analysisDate: '2026-03-10' })
      .where(eq(analysisFieldValues.taskId, taskId));
    const moved = await owner.call(projectRoutes.update, {
      params: { id: projectId },
      body: { timezone: 'Europe/Kyiv' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(new Set((await rowsOf(taskId)).map((row) => row.analysisDate))).toEqual(new Set(['2026-03-11']));
  });

  it('let the analyses list find the analyses behind a figure', async () => {
    const { projectId, promptId, taskId } = await setUp();
    const list = async (query: string) => {
      const response = await owner.request({ url: `/api/projects/${projectId}/analyses?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.items as Array<{ id: number }>).map((item) => item.id);
    };
    expect(await list(`prompt_id=${promptId}&field=Discovery.Budget&field_outcome=missed`)).toEqual([taskId]);
    expect(await list('field=Discovery.Budget&field_outcome=passed')).toEqual([]);
    expect(await list('field=Tone&field_value=Friendly')).toEqual([taskId]);
    expect(await list('field=Tone&field_value=Neutral')).toEqual([]);
  });

  it('keep a very long representative name the upload gave (cut to fit the indexes)', async () => {
    const { projectId, promptId } = await setUp();
    // The longest value an upload's metadata may hold, in random CJK characters: 3,000 bytes that PostgreSQL
    // cannot compress below an index row's limit (2,704).
    const name = Array.from({ length: UPLOAD_METADATA.valueMax }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20000)),
    ).join('');
    const taskId = await uploadCall(owner, projectId, promptId, {
      Representative: name,
      Department: 'Відділ '.repeat(Math.floor(UPLOAD_METADATA.valueMax / 'Відділ '.length)),
    });
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task!.representative).toBe(name.slice(0, PEOPLE_NAME_MAX));
    expect(task!.department!.length).toBeLessThanOrEqual(PEOPLE_NAME_MAX);
    expect(task!.metadata.Representative).toBe(name);
  });

  it('are copied for analyses completed before analytics, with progress', async () => {
    const { taskId } = await setUp();
    const before = await rowsOf(taskId);
    await t.ctx.db.delete(analysisFieldValues);
    expect(await backfillFieldValues(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(taskId)).toEqual(before);
    const [progress] = await t.ctx.db.select().from(analyticsBackfill);
    expect(progress!.finishedAt).not.toBeNull();
    expect(progress!.done).toBe(progress!.total);
    // Nothing left: a second run has nothing to do.
    expect(await backfillFieldValues(t.ctx)).toBe(0);
  });

  it('are looked for at the first start only: a finished copy is never scanned for again', async () => {
    const { taskId } = await setUp();
    // A database that had nothing to copy: the first start finds nothing and says so.
    await t.ctx.db.delete(analyticsBackfill);
    expect(await backfillFieldValues(t.ctx)).toBe(0);
    const [marked] = await t.ctx.db.select().from(analyticsBackfill);
    expect(marked).toMatchObject({ total: 0, done: 0 });
    expect(marked!.finishedAt).not.toBeNull();
    // Rows a scan would find again are left alone by later starts: they read the flag, not the tasks.
    await t.ctx.db.delete(analysisFieldValues).where(eq(analysisFieldValues.taskId, taskId));
    expect(await backfillFieldValues(t.ctx)).toBe(0);
    expect(await rowsOf(taskId)).toEqual([]);
    // A copy cut short (no finish) goes on at the next start.
    await t.ctx.db.update(analyticsBackfill).set({ finishedAt: null });
    expect(await backfillFieldValues(t.ctx)).toBe(1);
    expect((await rowsOf(taskId)).length).toBeGreaterThan(0);
  });
});
