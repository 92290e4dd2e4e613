import type { AnalyticsField, ChecklistResponse, SpeakerRoles } from '@parley/contracts';
import { analysisRoutes, uploadRoutes } from '@parley/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, createProject, signUp, usersSeeAll } from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { GREETING_ANSWER, insertTextTask } from '../../../test/tasks.ts';
import { createPrompt, fund, multipart } from '../../../test/uploads.ts';
import { analysisFieldValues } from '../../db/schema/index.ts';
import { runTask } from '../pipeline/run.ts';

let app: AnalysisApp;

beforeAll(async () => {
  app = await startAnalysisApp('speaker-roles');
}, 120_000);
afterAll(() => app?.close());
afterEach(() => {
  expect(app.anthropic.pending, 'every scripted answer was used').toBe(0);
  app.anthropic.reset();
});

/** Sarah: 11 words and 2 questions; Tom: 9 words. */
const SUPPORT_CHAT =
  'Sarah: Hi Tom, how can I help?\nTom: My panel stopped working. It shows a red light.\nSarah: Could you send a photo?';
/** Ann: 2 words; Client: 1. */
const SHORT_CHAT = 'Ann: Hello there.\nClient: Hi.';

async function newProject() {
  const projectId = await createProject(app.owner, `Roles ${Math.random().toString(36).slice(2, 8)}`);
  await fund(app.t, projectId);
  return { projectId, promptId: await createPrompt(app.owner, projectId) };
}

/** A chat uploaded and analysed; the model says who is who. */
async function analysedChat(
  { projectId, promptId }: { projectId: number; promptId: number },
  chat: string,
  roles: Record<string, string>,
  representative = 'Ann',
): Promise<number> {
  const upload = await app.owner.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify({ Department: 'Support', Representative: representative }) },
      { name: 'file', filename: 'chat.txt', contentType: 'text/plain', data: Buffer.from(chat) },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const taskId: number = upload.json().data.task_id;
  const speakerRoles = Object.entries(roles).map(([speaker, role]) => ({ speaker, role }));
  app.anthropic.script(answer({ ...GREETING_ANSWER, speaker_roles: speakerRoles }));
  expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  return taskId;
}

const put = (
  client: Pick<Client, 'call'>,
  projectId: number,
  taskId: number,
  roles: Record<string, string>,
) =>
  client.call(analysisRoutes.speakerRoles, {
    unchecked: true,
    params: { id: projectId, taskId },
    body: { roles },
  });

const metricRows = (taskId: number) =>
  app.t.ctx.db
    .select({ path: analysisFieldValues.path, score: analysisFieldValues.score })
    .from(analysisFieldValues)
    .where(
      and(eq(analysisFieldValues.taskId, taskId), like(analysisFieldValues.path, 'Conversation metrics.%')),
    );
const shareOf = async (taskId: number) =>
  (await metricRows(taskId)).find((row) => row.path === 'Conversation metrics.Representative talk share (%)')
    ?.score;

describe("a reviewer's speaker roles", () => {
  it('swap who is who: the metrics, the analytics rows and the detail follow', async () => {
    const project = await newProject();
    const taskId = await analysedChat(project, SUPPORT_CHAT, { Sarah: 'representative', Tom: 'customer' });
    expect(await shareOf(taskId)).toBe(55);

    const response = await put(app.owner, project.projectId, taskId, {
      Sarah: 'customer',
      Tom: 'representative',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected: SpeakerRoles = {
      roles: { Sarah: 'customer', Tom: 'representative' },
      source: 'reviewer',
      check: null,
      metrics: {
        representative_share: 45,
        customer_share: 55,
        representative_questions: 0,
        customer_questions: 2,
        representative_response_seconds: null,
        customer_response_seconds: null,
      },
    };
    expect(response.json().data).toEqual(expected);
    expect(await shareOf(taskId)).toBe(45);
    expect((await metricRows(taskId)).map((row) => row.path).sort()).toEqual([
      'Conversation metrics.Customer questions',
      'Conversation metrics.Customer talk share (%)',
      'Conversation metrics.Representative questions',
      'Conversation metrics.Representative talk share (%)',
    ]);
    const detail = await app.owner.call(analysisRoutes.detail, { params: { id: project.projectId, taskId } });
    expect(detail.json().data.speaker_roles).toEqual(expected);

    // Leaving a speaker out takes their role away: nobody is the customer any more.
    const partial = await put(app.owner, project.projectId, taskId, { Tom: 'representative' });
    expect(partial.json().data.metrics).toMatchObject({ representative_share: 45, customer_share: null });
    expect((await metricRows(taskId)).map((row) => row.path).sort()).toEqual([
      'Conversation metrics.Representative questions',
      'Conversation metrics.Representative talk share (%)',
    ]);
  });

  it('are refused for a speaker the conversation does not have, and before there are speakers', async () => {
    const project = await newProject();
    const taskId = await analysedChat(project, SHORT_CHAT, { Ann: 'representative' });
    const unknown = await put(app.owner, project.projectId, taskId, {
      Ann: 'customer',
      Zoe: 'representative',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'unknown_speaker',
      message: '"Zoe" is not one of the speakers of this conversation.',
    });
    expect(await shareOf(taskId)).toBeCloseTo(66.7);
    expect((await put(app.owner, project.projectId, taskId, { Ann: 'boss' })).statusCode).toBe(400);

    const queued = await insertTextTask(app.t, project.projectId, project.promptId, SHORT_CHAT);
    const early = await put(app.owner, project.projectId, queued, { Ann: 'customer' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('no_speakers');
  });

  it('may be set by any member who sees the analysis: not by media keys, not from another project', async () => {
    const project = await newProject();
    const taskId = await analysedChat(project, SHORT_CHAT, { Ann: 'representative', Client: 'customer' });
    const user = await signUp(app.t.app);
    await addMember(app.t, project.projectId, user, 'user');
    await usersSeeAll(app.t, project.projectId);
    const leader = await signUp(app.t.app);
    await addMember(app.t, project.projectId, leader, 'teamleader');
    const roles = { Ann: 'customer', Client: 'representative' };

    // A team leader without a team sees no analysis.
    expect((await put(leader, project.projectId, taskId, roles)).statusCode).toBe(404);
    const media = keyClient(app.t.app, (await createKey(app.owner, project.projectId, 'media')).key);
    expect((await put(media, project.projectId, taskId, roles)).statusCode).toBe(403);
    const other = await newProject();
    expect((await put(app.owner, other.projectId, taskId, roles)).statusCode).toBe(404);
    const full = keyClient(app.t.app, (await createKey(app.owner, project.projectId, 'full')).key);
    expect((await put(full, project.projectId, taskId, roles)).statusCode).toBe(200);

    const byUser = await put(user, project.projectId, taskId, { Ann: 'representative', Client: 'other' });
    expect(byUser.statusCode, byUser.body).toBe(200);
    expect(byUser.json().data).toMatchObject({
      roles: { Ann: 'representative', Client: 'other' },
      source: 'reviewer',
      metrics: { representative_share: 66.7, customer_share: null },
    });
  });
});

describe('the metrics per role in analytics', () => {
  it("are number fields of the prompt's analyses, averaged per representative", async () => {
    const project = await newProject();
    await analysedChat(project, SUPPORT_CHAT, { Sarah: 'representative', Tom: 'customer' }, 'Sarah'); // 55 %
    await analysedChat(project, SHORT_CHAT, { Ann: 'representative', Client: 'customer' }, 'Ann'); // 66.7 %
    const again = 'Ann: Hello again.\nClient: Hi.'; // another file (the same one would be a duplicate)
    await analysedChat(project, again, { Ann: 'customer', Client: 'representative' }, 'Ann'); // 33.3 %
    const get = async <T>(path: string) => {
      const response = await app.owner.request({
        method: 'GET',
        url: `/api/projects/${project.projectId}/analytics/${path}?prompt_id=${project.promptId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as T;
    };

    const fields = await get<AnalyticsField[]>('fields');
    expect(fields).toContainEqual({
      path: 'Conversation metrics.Representative talk share (%)',
      label: 'Conversation metrics - Representative talk share (%)',
      type: 'float',
      max: null,
      count: 3,
    });
    expect(fields).toContainEqual({
      path: 'Conversation metrics.Representative questions',
      label: 'Conversation metrics - Representative questions',
      type: 'int',
      max: null,
      count: 3,
    });

    const checklist = await get<ChecklistResponse['data']>('checklist');
    const share = 'Conversation metrics.Representative talk share (%)';
    expect(checklist.items.map((item) => item.path)).toContain(share);
    const cellOf = (representative: string) =>
      checklist.rows.find((row) => row.representative === representative)?.cells[share];
    expect(cellOf('Ann')).toEqual({ count: 2, value: expect.closeTo(50), ratio: null, na: 0 });
    expect(cellOf('Sarah')).toEqual({ count: 1, value: 55, ratio: null, na: 0 });
    expect(checklist.total.cells[share]?.count).toBe(3);
    expect(checklist.total.cells[share]?.value).toBeCloseTo(155 / 3);
  });
});
