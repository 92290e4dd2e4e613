import {
  analysisRoutes,
  analyticsRoutes,
  type PromptField,
  promptRoutes,
  uploadRoutes,
} from '@parley/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { createProject } from '../../../test/harness.ts';
import { answered } from '../../../test/tasks.ts';
import { fund, multipart } from '../../../test/uploads.ts';
import { runTask } from './run.ts';

let app: AnalysisApp;

beforeAll(async () => {
  app = await startAnalysisApp('knockouts');
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(app.anthropic.pending, 'every scripted answer was used').toBe(0);
  app.anthropic.reset();
});

/** Greeting (ok) and Budget (yes/no, knocks out on no) count towards a percentage. */
const CONTENT: PromptField[] = [
  { key: 'Greeting', type: 'ok', explanation: '', includeInScore: true },
  {
    key: 'Budget',
    type: 'bool',
    explanation: 'Was the budget discussed?',
    includeInScore: true,
    knockout: [false],
  },
];

const answerWith = (budget: boolean) => ({
  Summary: answered('A call.'),
  Title: answered('Call'),
  Greeting: answered('ok'),
  Budget: answered(budget),
});

async function promptIn(projectId: number, extra: Record<string, unknown> = {}) {
  const response = await app.owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName: 'Knockouts', finalScore: 'percent', content: CONTENT, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A chat by `representative` analysed with the model answering Budget `budget`; answers the detail. */
async function analyse(projectId: number, promptId: number, representative: string, budget: boolean) {
  const upload = await app.owner.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify({ Department: 'Sales', Representative: representative }) },
      {
        name: 'file',
        filename: 'chat.txt',
        contentType: 'text/plain',
        data: Buffer.from(`Agent: Hello, ${representative} here (${Math.random()}).\nClient: Hi.`),
      },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const taskId: number = upload.json().data.task_id;
  app.anthropic.script(answer(answerWith(budget)));
  expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  const detail = await app.owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
  expect(detail.statusCode).toBe(200);
  return detail.json().data;
}

describe('knockout answers', () => {
  it('the prompt API keeps knockout answers and the cap, and refuses bad ones with a clear message', async () => {
    const projectId = await createProject(app.owner, 'Knockout prompts');
    const prompt = await promptIn(projectId, { knockoutCap: 40 });
    expect(prompt.content.find((field: PromptField) => field.key === 'Budget').knockout).toEqual([false]);
    expect(prompt.knockoutCap).toBe(40);
    const plain = await app.owner.call(promptRoutes.create, {
      params: { id: projectId },
      body: {
        scriptName: 'Plain',
        content: [{ key: 'Greeting', type: 'ok', explanation: '', includeInScore: true }],
      },
    });
    expect(plain.json().data).not.toHaveProperty('knockoutCap');

    const bad = async (body: Record<string, unknown>) => {
      const response = await app.owner.call(promptRoutes.update, {
        params: { id: projectId, promptId: prompt.id },
        body: { scriptName: 'Knockouts', finalScore: 'percent', content: CONTENT, ...body },
      });
      expect(response.statusCode).toBe(400);
      return response.json().error.message;
    };
    expect(
      await bad({ content: [{ key: 'Greeting', type: 'ok', explanation: '', knockout: ['n/a'] }] }),
    ).toBe('Field "Greeting": the knockout answer "n/a" is not one of the field\'s answers.');
    expect(await bad({ content: [{ key: 'Notes', type: 'string', explanation: '', knockout: ['x'] }] })).toBe(
      'Field "Notes": only yes/no, ok and option fields can have knockout answers.',
    );
    expect(await bad({ knockoutCap: 2_000_000 })).toBe('Knockout cap must be at most 1000000.');

    // Saving without a cap removes it.
    const saved = await app.owner.call(promptRoutes.update, {
      params: { id: projectId, promptId: prompt.id },
      body: { scriptName: 'Knockouts', finalScore: 'percent', content: CONTENT },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).not.toHaveProperty('knockoutCap');
  });

  it('a knockout answer scores 0 and is recorded; analytics counts it per field and representative', async () => {
    const projectId = await createProject(app.owner, 'Knockout analyses');
    await fund(app.t, projectId);
    const prompt = await promptIn(projectId);

    const ann = await analyse(projectId, prompt.id, 'Ann', false);
    expect(ann.result.score).toMatchObject({
      mode: 'percent',
      score: 0,
      sum: 1,
      scoreBeforeKnockouts: 50,
      knockouts: [{ path: 'Budget', answer: false }],
    });
    expect(ann.final_score).toBe(0);
    const bob = await analyse(projectId, prompt.id, 'Bob', true);
    expect(bob.result.score).toMatchObject({ score: 100, knockouts: [] });

    const explore = async (field: string) => {
      const response = await app.owner.call(analyticsRoutes.explore, {
        params: { id: projectId },
        query: { prompt_id: prompt.id, field, group_by: 'representative' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const budget = await explore('Budget');
    expect(budget.groups.map((row: { key: string; knockouts: number }) => [row.key, row.knockouts])).toEqual([
      ['Ann', 1],
      ['Bob', 0],
    ]);
    expect(budget.total).toMatchObject({ knockouts: 1, passed: 1, missed: 1 });
    const final = await explore('Final Score');
    expect(final.groups.map((row: { key: string; knockouts: number }) => [row.key, row.knockouts])).toEqual([
      ['Ann', 1],
      ['Bob', 0],
    ]);
    expect((await explore('Greeting')).total.knockouts).toBe(0);

    // The list (and its export) narrows to the knocked-out analyses.
    const list = await app.owner.call(analysisRoutes.list, {
      params: { id: projectId },
      query: { knocked_out: 'true' },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((item: { id: number }) => item.id)).toEqual([ann.id]);
    const all = await app.owner.call(analysisRoutes.list, { params: { id: projectId }, query: {} });
    expect(all.json().data.total).toBe(2);
    const wrong = await app.owner.call(analysisRoutes.list, {
      params: { id: projectId },
      query: { knocked_out: 'yes' as 'true' },
    });
    expect(wrong.statusCode).toBe(400);

    // The dashboard: the knocked-out conversation counts as failed (its knockout item missed, its score 0).
    const dashboard = await app.owner.call(analyticsRoutes.dashboard, {
      params: { id: projectId },
      query: {},
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data).toMatchObject({
      analyses: { current: 2 },
      average_score: { current: 50 },
      pass_rate: { current: 0.75 },
    });
  });

  it('a yes answer that knocks out is a missed item, and a cap keeps min(score, cap)', async () => {
    const projectId = await createProject(app.owner, 'Knockout cap');
    await fund(app.t, projectId);
    // Budget knocks out on yes here; the cap keeps at most 40 of the 100 % it would have scored.
    const content = [CONTENT[0]!, { ...CONTENT[1]!, knockout: [true] }];
    const prompt = await promptIn(projectId, { content, knockoutCap: 40 });
    const detail = await analyse(projectId, prompt.id, 'Cleo', true);
    expect(detail.result.score).toMatchObject({ score: 40, knockouts: [{ path: 'Budget', answer: true }] });
    const dashboard = await app.owner.call(analyticsRoutes.dashboard, {
      params: { id: projectId },
      query: {},
    });
    // Greeting passed, Budget (yes, but a knockout) missed.
    expect(dashboard.json().data.pass_rate.current).toBe(0.5);
  });
});
