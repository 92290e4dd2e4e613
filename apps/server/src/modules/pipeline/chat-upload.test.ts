import { analysisRoutes, uploadRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer, DEFAULT_USAGE, failure } from '../../../test/fake-upstreams/scripted.ts';
import { createProject } from '../../../test/harness.ts';
import { metricValue } from '../../../test/metrics.ts';
import { GREETING_ANSWER } from '../../../test/tasks.ts';
import { createPrompt, fund, META, multipart } from '../../../test/uploads.ts';
import { tasks } from '../../db/schema/index.ts';
import {
  pipelineStageDuration,
  providerRateLimited,
  providerRequests,
  providerRetries,
  providerTokens,
  tasksFinished,
  unitsCharged,
  unitsHeld,
} from '../../metrics/metrics.ts';
import { runTask } from './run.ts';

let app: AnalysisApp;

beforeAll(async () => {
  app = await startAnalysisApp('chats');
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(app.anthropic.pending, 'every scripted answer was used').toBe(0);
  app.anthropic.reset();
});

const WHATSAPP = [
  '12/31/23, 9:41 PM - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.',
  '12/31/23, 9:41 PM - Sarah: Hi Tom, how can I help?',
  '12/31/23, 9:43 PM - Tom: My panel stopped working.',
  'It shows a red light.',
  '12/31/23, 9:50 PM - Sarah: Could you send a photo?',
].join('\n');

const JSON_CHAT = JSON.stringify([
  { author: 'Олена', text: 'Добрий день! Чим допомогти?', time: '2024-01-05T10:00:00Z' },
  { author: 'Client', text: 'What does a panel cost?', time: '2024-01-05T10:01:30Z' },
]);

/** Uploads the file as a user does into a funded project of its own; answers the project and task. */
async function upload(
  fileName: string,
  content: string,
  contentType: string,
  fields: Array<{ name: string; value: string }> = [],
) {
  const projectId = await createProject(app.owner, `Chats ${Math.random().toString(36).slice(2, 8)}`);
  await fund(app.t, projectId);
  const promptId = await createPrompt(app.owner, projectId);
  const uploaded = await app.owner.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify(META) },
      ...fields,
      { name: 'file', filename: fileName, contentType, data: Buffer.from(content) },
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { projectId, taskId: uploaded.json().data.task_id as number };
}

/** Uploads the file as a user does, then works the task through the pipeline; answers the detail. */
async function uploadAndAnalyse(...file: Parameters<typeof upload>) {
  const { projectId, taskId } = await upload(...file);
  app.anthropic.script(answer(GREETING_ANSWER));
  expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  const detail = await app.owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
  expect(detail.statusCode).toBe(200);
  return { taskId, detail: detail.json().data, modelRead: JSON.stringify(app.anthropic.requests[0]!.body) };
}

describe('chat uploads', () => {
  it('a WhatsApp .txt export ends with its messages as turns with authors, times and chat metrics', async () => {
    const { detail, modelRead } = await uploadAndAnalyse(
      'WhatsApp Chat with Tom.txt',
      WHATSAPP,
      'text/plain',
    );
    expect(detail.transcript).toEqual([
      { speaker: 'Sarah', text: 'Hi Tom, how can I help?', start: 0, end: 0 },
      { speaker: 'Tom', text: 'My panel stopped working.\nIt shows a red light.', start: 120, end: 120 },
      { speaker: 'Sarah', text: 'Could you send a photo?', start: 540, end: 540 },
    ]);
    const text =
      '[0:00] Sarah: Hi Tom, how can I help?\n[2:00] Tom: My panel stopped working.\nIt shows a red light.\n' +
      '[9:00] Sarah: Could you send a photo?';
    expect(detail.transcript_text).toBe(text);
    // Dated by its first message (the notice before it is not one), on the chat's clock in the project's zone.
    expect(detail).toMatchObject({
      conversation_at: '2023-12-31T21:41:00.000Z',
      conversation_at_source: 'conversation',
    });
    // The model reads the conversation text it is billed for (characters x the 1-unit model).
    expect(modelRead).toContain(JSON.stringify(text).slice(1, -1));
    expect(detail.units_charged).toBe(text.length / 1000);
    expect(detail.metrics).toEqual({
      kind: 'chat',
      messages: 3,
      durationSeconds: 540,
      speakers: [
        { speaker: 'Sarah', messages: 2, words: 11, wordShare: 0.55, questions: 2, responseSeconds: 420 },
        { speaker: 'Tom', messages: 1, words: 9, wordShare: 0.45, questions: 0, responseSeconds: 120 },
      ],
      longestMessage: { speaker: 'Tom', words: 9, start: 120 },
      responseSeconds: 270,
    });
  });

  it('a .json chat ends with turns by author, times from the first message', async () => {
    const { detail } = await uploadAndAnalyse('chat.json', JSON_CHAT, 'application/json');
    expect(detail.transcript).toEqual([
      { speaker: 'Олена', text: 'Добрий день! Чим допомогти?', start: 0, end: 0 },
      { speaker: 'Client', text: 'What does a panel cost?', start: 90, end: 90 },
    ]);
    expect(detail.metrics).toMatchObject({ kind: 'chat', messages: 2, responseSeconds: 90 });
    expect(detail).toMatchObject({
      conversation_at: '2024-01-05T10:00:00.000Z',
      conversation_at_source: 'conversation',
    });
  });

  it("a chat's time declared with the upload beats its first message", async () => {
    const { detail } = await uploadAndAnalyse('chat.json', JSON_CHAT, 'application/json', [
      { name: 'conversation_at', value: '2024-01-04T18:00:00+02:00' },
    ]);
    expect(detail).toMatchObject({
      conversation_at: '2024-01-04T16:00:00.000Z',
      conversation_at_source: 'declared',
    });
  });

  it('a chat without dates keeps its upload time', async () => {
    const { detail } = await uploadAndAnalyse('chat.txt', '[0:05] Ann: Hello\n[0:09] Bob: Hi', 'text/plain');
    expect(detail).toMatchObject({ conversation_at: detail.created_at, conversation_at_source: 'upload' });
  });

  it('a chat analysed before its turns were kept still shows its text', async () => {
    const { taskId, detail } = await uploadAndAnalyse('chat.txt', 'Ann: Hello\nBob: Hi', 'text/plain');
    await app.t.ctx.db.update(tasks).set({ transcript: null, metrics: null }).where(eq(tasks.id, taskId));
    const again = await app.owner.call(analysisRoutes.detail, { params: { id: detail.project_id, taskId } });
    expect(again.json().data).toMatchObject({
      transcript: null,
      metrics: null,
      transcript_text: 'Ann: Hello\nBob: Hi',
    });
  });
});

describe('metrics of a run', () => {
  it('count its stages, its end, its provider calls and its units', async () => {
    const anthropic = { provider: 'anthropic' };
    const read = async () => ({
      stages: await Promise.all(
        ['media', 'hold', 'analysis', 'charge'].map((stage) => metricValue(pipelineStageDuration, { stage })),
      ),
      completed: await metricValue(tasksFinished, { status: 'completed' }),
      failed: await metricValue(tasksFinished, { status: 'failed', reason: 'provider_failed' }),
      answered: await metricValue(providerRequests, { ...anthropic, status: 200 }),
      refused: await metricValue(providerRequests, { ...anthropic, status: 400 }),
      rateLimited: await metricValue(providerRateLimited, anthropic),
      retries: await metricValue(providerRetries, anthropic),
      input: await metricValue(providerTokens, { ...anthropic, type: 'input' }),
      output: await metricValue(providerTokens, { ...anthropic, type: 'output' }),
      held: await metricValue(unitsHeld, { work: 'analysis' }),
      charged: await metricValue(unitsCharged, { work: 'analysis' }),
    });
    const before = await read();

    const done = await upload('chat.txt', 'Ann: Hello\nBob: Hi', 'text/plain');
    app.anthropic.script(failure(429, 'Slow down', 10), answer(GREETING_ANSWER));
    expect(await runTask(app.t.ctx, done.taskId, { lastAttempt: true })).toBe('completed');
    const [task] = await app.t.ctx.db.select().from(tasks).where(eq(tasks.id, done.taskId));
    const refused = await upload('chat.txt', 'Ann: Hello again', 'text/plain');
    app.anthropic.script(failure(400, 'Bad request'));
    expect(await runTask(app.t.ctx, refused.taskId, { lastAttempt: true })).toBe('failed');

    const after = await read();
    // A stage counts when it finishes: the refused task's analysis did not.
    expect(after.stages.map((count, i) => count - before.stages[i]!)).toEqual([2, 2, 1, 1]);
    expect(after.completed - before.completed).toBe(1);
    expect(after.failed - before.failed).toBe(1);
    expect(after.answered - before.answered).toBe(1);
    expect(after.refused - before.refused).toBe(1);
    expect(after.rateLimited - before.rateLimited).toBe(1);
    expect(after.retries - before.retries).toBe(1);
    expect(after.input - before.input).toBe(DEFAULT_USAGE.input);
    expect(after.output - before.output).toBe(DEFAULT_USAGE.output);
    expect(after.held - before.held).toBeGreaterThan(0);
    expect(after.charged - before.charged).toBeCloseTo(task!.unitsChargedMilli! / 1000, 9);
  });
});
