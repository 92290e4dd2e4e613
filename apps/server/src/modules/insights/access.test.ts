import { INSIGHT_TEXTS, insightRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../../test/client.ts';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, type Client, signUp, usersSeeAll } from '../../../test/harness.ts';
import {
  askInsight,
  modelAnswer,
  promptSection,
  settledInsight,
  startInsightsApp,
} from '../../../test/insights.ts';

let s: Awaited<ReturnType<typeof startInsightsApp>>;
/** Insights asked by the owner and the team leader of Sales, and one of the other project. */
const asked = { owner: 0, leader: 0, other: 0 };

async function ask(client: Pick<Client, 'call'>, projectId: number, question: string) {
  s.anthropic.script(answer(modelAnswer()));
  const created = await askInsight(client, projectId, { question });
  expect(created.statusCode).toBe(202);
  return (await settledInsight(client, projectId, created.json().data.id)).id;
}

beforeAll(async () => {
  s = await startInsightsApp('insights-access');
  await s.credit(s.projectId, 1);
  await s.credit(s.otherProjectId, 1);
  asked.owner = await ask(s.owner, s.projectId, 'Who needs coaching?');
  asked.leader = await ask(s.leader, s.projectId, 'How is my team doing?');
  asked.other = await ask(s.owner, s.otherProjectId, 'And here?');
}, 120_000);
afterAll(() => s?.close());

const ids = (response: { json: () => { data: { items: Array<{ id: number }> } } }) =>
  response.json().data.items.map((item) => item.id);

/** Every insight route of the project, for access checks. */
const everyRoute = (id: number, insightId: number) => [
  prepare(insightRoutes.fieldContext, { params: { id }, query: { field: 'Greeting' } }),
  prepare(insightRoutes.create, { params: { id }, body: { question: 'Q?' } }),
  prepare(insightRoutes.list, { params: { id } }),
  prepare(insightRoutes.get, { params: { id, insightId } }),
  prepare(insightRoutes.remove, { params: { id, insightId } }),
];

describe('insight access', () => {
  it("a team leader's insight reads their teams' analyses only, and they see only their own insights", async () => {
    const leaderRequest = s.anthropic.requests.find((request) =>
      promptSection(request.body, 'question').includes('my team'),
    )!;
    const figures = JSON.parse(promptSection(leaderRequest.body, 'figures'));
    // Sales: Alice's a1, a2, a3 and p1 (none of Bob's, nor a5 without a department).
    expect(figures.analyses).toBe(4);
    expect(
      figures.final_score.by_department.map((group: { department: string }) => group.department),
    ).toEqual(['Sales']);
    expect(
      figures.final_score.by_representative.map((group: { representative: string }) => group.representative),
    ).toEqual(['Alice']);

    const leaderList = await s.leader.call(insightRoutes.list, { params: { id: s.projectId } });
    expect([ids(leaderList), leaderList.json().data.total]).toEqual([[asked.leader], 1]);
    const ownersByLeader = await s.leader.call(insightRoutes.get, {
      params: { id: s.projectId, insightId: asked.owner },
    });
    expect(ownersByLeader.statusCode).toBe(404);
    expect(ownersByLeader.json().error.message).toBe(INSIGHT_TEXTS.insightNotFound);

    // Those who see every analysis see every insight, newest first, paged.
    for (const client of [s.owner, s.fullKey]) {
      const list = await client.call(insightRoutes.list, { params: { id: s.projectId } });
      expect([ids(list), list.json().data.total]).toEqual([[asked.leader, asked.owner], 2]);
    }
    const paged = await s.owner.call(insightRoutes.list, {
      params: { id: s.projectId },
      query: { page: '2', page_size: '1' },
    });
    expect(paged.json().data).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(ids(paged)).toEqual([asked.owner]);
    const reopened = await s.fullKey.call(insightRoutes.get, {
      params: { id: s.projectId, insightId: asked.leader },
    });
    expect(reopened.json().data).toMatchObject({ status: 'completed', question: 'How is my team doing?' });
  });

  it('is isolated: strangers and other projects get 404, media keys 403, on every route', async () => {
    const otherMember = await signUp(s.t.app);
    await addMember(s.t, s.otherProjectId, otherMember, 'admin');
    for (const call of everyRoute(s.projectId, asked.owner)) {
      expect((await call.by(s.stranger)).statusCode).toBe(404);
      expect((await call.by(otherMember)).statusCode).toBe(404);
      expect((await call.by(s.mediaKey)).statusCode).toBe(403);
    }
    // Another project's insight through this project's address.
    for (const route of [insightRoutes.get, insightRoutes.remove]) {
      const response = await s.owner.call(route, { params: { id: s.projectId, insightId: asked.other } });
      expect(response.statusCode).toBe(404);
    }
    const otherList = await otherMember.call(insightRoutes.list, { params: { id: s.otherProjectId } });
    expect(ids(otherList)).toEqual([asked.other]);
  });

  it('is deleted by admins and owners only', async () => {
    const user = await signUp(s.t.app);
    const admin = await signUp(s.t.app);
    await addMember(s.t, s.projectId, user, 'user');
    await addMember(s.t, s.projectId, admin, 'admin');
    await usersSeeAll(s.t, s.projectId);
    const params = { id: s.projectId, insightId: asked.leader };
    for (const client of [user, s.leader]) {
      const refused = await client.call(insightRoutes.remove, { params });
      expect(refused.statusCode).toBe(403);
    }
    // A user who sees every analysis (agents_see_own off) sees every insight but deletes none.
    expect(ids(await user.call(insightRoutes.list, { params: { id: s.projectId } }))).toHaveLength(2);
    const deleted = await admin.call(insightRoutes.remove, { params });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { data: { ok: true } }]);
    expect((await s.owner.call(insightRoutes.get, { params })).statusCode).toBe(404);
    expect(ids(await s.owner.call(insightRoutes.list, { params: { id: s.projectId } }))).toEqual([
      asked.owner,
    ]);
  });
});

describe('field context', () => {
  const context = (client: Pick<Client, 'request'>, query: string) =>
    client.request({ method: 'GET', url: `/api/projects/${s.projectId}/insights/field-context?${query}` });

  it('per field: distinct values, the top 5 with counts and how many more, within the filters', async () => {
    const range = `prompt_id=${s.salesPrompt.id}&start_date=2026-03-07&end_date=2026-03-10`;
    const fields = ['"Discovery"."Budget"', 'Tone', 'Nothing'].map((f) => `field=${encodeURIComponent(f)}`);
    const response = await context(s.owner, `${fields.join('&')}&${range}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        fieldName: 'Discovery.Budget',
        fieldData: {
          totalUnique: 3,
          results: [
            { value: 'ok', count: 2 },
            { value: 'n/a', count: 1 },
            { value: 'not ok', count: 1 },
          ],
          remainingCount: 0,
        },
      },
      {
        fieldName: 'Tone',
        fieldData: {
          totalUnique: 4,
          results: [
            { value: '3', count: 2 },
            { value: '0', count: 1 },
            { value: '1', count: 1 },
            { value: '2', count: 1 },
          ],
          remainingCount: 0,
        },
      },
      { fieldName: 'Nothing', fieldData: { totalUnique: 0, results: [], remainingCount: 0 } },
    ]);

    // Every analysis's final score (80 twice): 9 distinct, the top 5 shown, 4 more.
    const scores = await context(s.owner, 'field=Final%20Score');
    expect(scores.json().data[0].fieldData).toEqual({
      totalUnique: 9,
      results: [
        { value: '80', count: 2 },
        { value: '100', count: 1 },
        { value: '20', count: 1 },
        { value: '30', count: 1 },
        { value: '40', count: 1 },
      ],
      remainingCount: 4,
    });
    // Departments and representatives: any of them, case-insensitively.
    const bobs = await context(
      s.owner,
      'field=Greeting&department=SUPPORT&representative=bob&representative=carol',
    );
    expect(bobs.json().data[0].fieldData.results).toEqual([{ value: 'false', count: 1 }]);
    // The team leader: Sales only (a1, a2, a3, p1).
    const leaders = await context(s.leader, 'field=Greeting');
    expect(leaders.json().data[0].fieldData.results).toEqual([
      { value: 'true', count: 3 },
      { value: 'false', count: 1 },
    ]);
    expect((await context(s.owner, 'field=Tone&start_date=2026-03-10&end_date=2026-03-01')).statusCode).toBe(
      400,
    );
  });
});
