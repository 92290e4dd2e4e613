import { changeRequestRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, scoredPrompt, startChangeRequestApp } from '../../../test/change-requests.ts';
import { fund } from '../../../test/uploads.ts';
import { changeRequests, tasks } from '../../db/schema/index.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let taskId: number;
let otherPromptId: number;

beforeAll(async () => {
  s = await startChangeRequestApp();
  const prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  otherPromptId = (await scoredPrompt(s.t, s.owner, s.projectId, 'percent')).id;
  taskId = await analysed(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Ann' });
  await s.t.ctx.db
    .update(tasks)
    .set({ metadata: { Department: 'Sales', Representative: 'Ann' } })
    .where(eq(tasks.id, taskId));
}, 120_000);
afterAll(() => s?.t.close());

describe('re-analysis requests', () => {
  it('starts the re-analysis on approval once the project can pay for it', async () => {
    const created = await s.user.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId },
      body: { kind: 'reanalyze', prompt_id: otherPromptId, reason: 'Wrong scorecard.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    expect(request).toMatchObject({ kind: 'reanalyze', prompt_id: otherPromptId, items: [] });
    const twice = await s.user2.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId },
      body: { kind: 'reanalyze', prompt_id: otherPromptId, reason: 'Again.' },
    });
    expect(twice.statusCode).toBe(409);
    const approve = () =>
      s.admin.call(changeRequestRoutes.approve, {
        params: { id: s.projectId, requestId: request.id },
        body: {},
      });
    expect((await approve()).statusCode).toBe(402);
    const [reopened] = await s.t.ctx.db
      .select()
      .from(changeRequests)
      .where(eq(changeRequests.id, request.id));
    expect(reopened?.status).toBe('open');
    await fund(s.t, s.projectId);
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await s.t.ctx.db.select().from(changeRequests).where(eq(changeRequests.id, request.id));
    expect(row?.status).toBe('approved');
    const [started] = await s.t.ctx.db.select().from(tasks).where(eq(tasks.id, row!.reanalysisTaskId!));
    expect(started).toMatchObject({ promptId: otherPromptId, status: 'queued' });
  });
});

describe('isolation and read-only access', () => {
  it("answers 404 for another project's analysis and 403 to support staff writing", async () => {
    const otherPrompt = await scoredPrompt(s.t, s.owner, s.otherProjectId, 'sum');
    const foreign = await analysed(s.t, s.otherProjectId, otherPrompt, {
      department: 'Sales',
      representative: 'Ann',
    });
    const payload = {
      kind: 'field' as const,
      items: [{ path: 'Greeting', proposed_value: true }],
      reason: 'x',
    };
    const viaProject = await s.admin.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId: foreign },
      body: payload,
    });
    expect(viaProject.statusCode).toBe(404);
    const bySupport = await s.support.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId },
      body: payload,
    });
    expect(bySupport.statusCode).toBe(403);
    const leaderOfOthers = await s.otherLeader.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId },
      body: payload,
    });
    expect(leaderOfOthers.statusCode).toBe(404);
  });
});
