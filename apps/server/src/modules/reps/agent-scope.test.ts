import { analysisRoutes, insightRoutes, projectRoutes, repRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, signUp } from '../../../test/harness.ts';
import {
  askInsight,
  modelAnswer,
  promptSection,
  settledInsight,
  startInsightsApp,
} from '../../../test/insights.ts';
import { changeRequests } from '../../db/schema/index.ts';

// The hand-checked data set (test/analytics.ts): Alice's a1 a2 a3 p1 (Sales), Bob's b1 a4 b2 b3 o1, a5 of nobody.
let s: Awaited<ReturnType<typeof startInsightsApp>>;
let alice: Client;
let bob: Client;
let unlinked: Client;
const RANGE = 'from=2026-03-07&to=2026-03-10';

const get = async (client: Pick<Client, 'request'>, path: string) => {
  const response = await client.request({ method: 'GET', url: `/api/projects/${s.projectId}${path}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const listed = async (client: Pick<Client, 'request'>) =>
  ((await get(client, '/analyses?page_size=100')).items as Array<{ id: number }>)
    .map((item) => item.id)
    .sort();
const sorted = (...ids: number[]) => [...ids].sort();

beforeAll(async () => {
  s = await startInsightsApp('agent-scope');
  await s.credit(s.projectId, 1);
  [alice, bob, unlinked] = [await signUp(s.t.app), await signUp(s.t.app), await signUp(s.t.app)];
  for (const agent of [alice, bob, unlinked]) await addMember(s.t, s.projectId, agent, 'user');
  for (const [agent, representative] of [
    [alice, 'Alice'],
    [bob, 'Bob'],
  ] as const) {
    const mapped = await s.owner.call(repRoutes.createMapping, {
      params: { id: s.projectId },
      body: { identifier: agent.email.toUpperCase(), representative },
    });
    expect(mapped.statusCode).toBe(201);
  }
}, 120_000);
afterAll(() => s?.close());

describe('agents see only their own representative (agents_see_own)', () => {
  it('is on for a new project; each agent learns their representative, an unmapped one null', async () => {
    expect(await get(s.owner, '')).toMatchObject({ agents_see_own: true });
    expect((await get(s.owner, '')).my_representative).toBeUndefined();
    expect((await get(alice, '')).my_representative).toBe('Alice');
    expect((await get(unlinked, '')).my_representative).toBeNull();
    const list = await alice.call(projectRoutes.list);
    const mine = list.json().data.find((project: { id: number }) => project.id === s.projectId);
    expect(mine.my_representative).toBe('Alice');
  });

  it('narrows the list, the detail, the dashboards, the checklist report and analytics', async () => {
    const { a1, a2, a3, a4, a5, b1, b2, b3, p1, o1 } = s.ids;
    expect(await listed(alice)).toEqual(sorted(a1, a2, a3, p1));
    expect(await listed(bob)).toEqual(sorted(b1, a4, b2, b3, o1));
    expect(await listed(unlinked)).toEqual([]);
    expect(await listed(s.leader)).toEqual(sorted(a1, a2, a3, p1));
    expect(await listed(s.owner)).toHaveLength(10);
    expect(await listed(s.owner)).toContain(a5);
    const detail = await alice.call(analysisRoutes.detail, { params: { id: s.projectId, taskId: b1 } });
    expect(detail.statusCode).toBe(404);

    const analysesOn = async (client: Client) =>
      (await get(client, `/analytics/dashboard?${RANGE}`)).analyses.current;
    expect([await analysesOn(alice), await analysesOn(bob), await analysesOn(unlinked)]).toEqual([3, 4, 0]);
    expect(await analysesOn(s.owner)).toBe(8);

    const sales = `prompt_id=${s.salesPrompt.id}`;
    const managerReps = async (client: Client) =>
      (
        (await get(client, `/analytics/manager-dashboard?${sales}&period=2026-03-01..2026-03-10`))
          .rows as Array<{
          representative: string;
        }>
      ).map((row) => row.representative);
    expect(await managerReps(alice)).toEqual(['Alice']);
    expect(await managerReps(bob)).toEqual(['Bob']);
    expect(await managerReps(unlinked)).toEqual([]);
    expect(await managerReps(s.owner)).toEqual(expect.arrayContaining(['Alice', 'Bob']));

    const checklistReps = async (client: Client) =>
      (
        (await get(client, `/analytics/checklist?${sales}&${RANGE}`)).rows as Array<{
          representative: string;
        }>
      ).map((row) => row.representative);
    expect(await checklistReps(alice)).toEqual(['Alice']);
    expect(await checklistReps(bob)).toEqual(['Bob']);
    expect(await checklistReps(unlinked)).toEqual([]);

    const explored = async (client: Client) =>
      JSON.stringify(await get(client, `/analytics/explore?${sales}&field=Greeting&${RANGE}`));
    expect(await explored(alice)).not.toContain('Bob');
    expect(await explored(bob)).not.toContain('Alice');
    expect(await get(alice, '/representatives')).toEqual(['Alice']);
  });

  it('asks insights of their own analyses only, and shows them only their own insights', async () => {
    const ask = async (client: Client, question: string) => {
      s.anthropic.script(answer(modelAnswer()));
      const created = await askInsight(client, s.projectId, { question });
      expect(created.statusCode).toBe(202);
      return (await settledInsight(client, s.projectId, created.json().data.id)).id;
    };
    const owners = await ask(s.owner, 'Who leads?');
    const alices = await ask(alice, 'How am I doing?');
    const request = s.anthropic.requests.find((r) => promptSection(r.body, 'question').includes('How am I'))!;
    const figures = JSON.parse(promptSection(request.body, 'figures'));
    expect(figures.analyses).toBe(4);
    expect(
      figures.final_score.by_representative.map((group: { representative: string }) => group.representative),
    ).toEqual(['Alice']);

    const insightIds = async (client: Client) =>
      ((await get(client, '/insights')).items as Array<{ id: number }>).map((item) => item.id);
    expect(await insightIds(alice)).toEqual([alices]);
    expect(await insightIds(bob)).toEqual([]);
    expect(await insightIds(s.owner)).toEqual(expect.arrayContaining([owners, alices]));
    const othersInsight = await alice.call(insightRoutes.get, {
      params: { id: s.projectId, insightId: owners },
    });
    expect(othersInsight.statusCode).toBe(404);
  });

  it('lists their own change requests on their own analyses; team leaders keep their teams', async () => {
    const request = (taskId: number, by: Client) => ({
      projectId: s.projectId,
      taskId,
      kind: 'reanalyze' as const,
      requestedBy: by.userId,
      reason: 'Check again',
      promptId: s.salesPrompt.id,
    });
    const [onAlice, onBob, aliceOnBob] = await s.t.ctx.db
      .insert(changeRequests)
      .values([request(s.ids.a1, alice), request(s.ids.b1, bob), request(s.ids.b2, alice)])
      .returning({ id: changeRequests.id });
    const requestIds = async (client: Client) =>
      ((await get(client, '/change-requests')).items as Array<{ id: number }>).map((item) => item.id).sort();
    // Alice's request on Bob's analysis (made before the scope) is not hers to see any more.
    expect(await requestIds(alice)).toEqual([onAlice!.id]);
    expect(await requestIds(bob)).toEqual([onBob!.id]);
    expect(await requestIds(unlinked)).toEqual([]);
    expect(await requestIds(s.leader)).toEqual([onAlice!.id]);
    expect(await requestIds(s.owner)).toEqual(sorted(onAlice!.id, onBob!.id, aliceOnBob!.id));
  });

  it('is switched by admins and owners only; off, agents see every analysis', async () => {
    const set = (client: Client, on: boolean) =>
      client.call(projectRoutes.update, { params: { id: s.projectId }, body: { agents_see_own: on } });
    expect((await set(alice, false)).statusCode).toBe(403);
    const off = await set(s.owner, false);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.agents_see_own).toBe(false);
    expect(await listed(alice)).toHaveLength(10);
    expect(await listed(unlinked)).toHaveLength(10);
    expect((await get(alice, '')).my_representative).toBeUndefined();
    expect(await listed(s.leader)).toHaveLength(4);
    expect((await set(s.owner, true)).statusCode).toBe(200);
    expect(await listed(alice)).toHaveLength(4);
  });
});
