import type { AddressInfo } from 'node:net';
import { type PromptField, promptRoutes, repRoutes, SESSION_COOKIE } from '@parley/contracts';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { insertTextTask, waitUntil } from '../../../test/tasks.ts';
import { tasks } from '../../db/schema/index.ts';

let t: TestApp;
let owner: Client;
let user: Client;
let leader: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let promptId: number;
const ids: Record<string, number> = {};

const CONTENT: PromptField[] = [
  { key: 'Greeting', type: 'ok', explanation: '', includeInScore: true },
  {
    key: 'Discovery',
    type: 'object',
    explanation: '',
    includeInScore: false,
    content: [
      { key: 'Budget', type: 'bool', explanation: '', includeInScore: true },
      { key: 'Objections', type: 'array', explanation: '', includeInScore: false },
    ],
  },
];

async function task(
  project: number,
  name: string,
  values: Partial<typeof tasks.$inferInsert>,
  prompt: number | null = promptId,
) {
  const id = await insertTextTask(t, project, prompt, name);
  // Conversations here are dated when they were uploaded.
  await t.ctx.db
    .update(tasks)
    .set({ ...values, conversationAt: values.createdAt })
    .where(eq(tasks.id, id));
  ids[name] = id;
  return id;
}

const answered = (greeting: string, budget: boolean, objections: string[]) => ({
  values: {
    Summary: 'A call.',
    Title: 'Call',
    Greeting: greeting,
    Discovery: { Budget: budget, Objections: objections },
    'Final Score': 50,
  },
  score: { mode: 'percent', score: 50 },
});

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  user = await signUp(t.app);
  leader = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Exported');
  otherProjectId = await createProject(owner, 'Elsewhere');
  // Members with the role 'user' see every analysis here (agent scope is reps/agent-scope.test.ts).
  await usersSeeAll(t, projectId);
  await usersSeeAll(t, otherProjectId);
  await addMember(t, projectId, user, 'user');
  await addMember(t, projectId, leader, 'teamleader');
  const assigned = await owner.call(repRoutes.setTeamLeader, {
    params: { id: projectId, userId: leader.userId },
    body: { departments: ['Support'], representatives: [] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const created = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName: 'Sales QA', content: CONTENT },
  });
  expect(created.statusCode, created.body).toBe(201);
  promptId = created.json().data.id;

  await task(projectId, 'pricing', {
    createdAt: new Date('2026-03-01T10:00:00Z'),
    status: 'completed',
    title: '=HYPERLINK("http://evil.example","click")',
    representative: 'Ann',
    department: 'Sales',
    finalScore: -5,
    transcriptText: 'the premium pricing plan',
    result: answered('ok', true, ['price', '+ too long']),
    scoreMode: 'percent',
  });
  await task(projectId, 'refund', {
    createdAt: new Date('2026-03-05T10:00:00Z'),
    status: 'completed',
    title: 'Refund, "urgent"\nsecond line',
    representative: '@bob',
    department: 'Support',
    finalScore: 90,
    transcriptText: 'my refund never arrived',
    result: answered('not ok', false, []),
    scoreMode: 'percent',
  });
  await task(projectId, 'failed', {
    createdAt: new Date('2026-03-10T10:00:00Z'),
    status: 'failed',
    title: '-1 call',
    representative: 'Cid',
    department: 'Support',
  });
  await task(otherProjectId, 'foreign', {
    createdAt: new Date('2026-03-06T10:00:00Z'),
    status: 'completed',
    title: 'Not yours',
    department: 'Sales',
    transcriptText: 'the premium pricing plan',
  });
});
afterAll(() => t.close());

const exportUrl = (query: string, project = projectId) => `/api/projects/${project}/analyses/export?${query}`;

async function exportCsv(query: string, client: Pick<Client, 'request'> = owner) {
  const response = await client.request({ method: 'GET', url: exportUrl(query) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const csvRows = (body: string): Array<Record<string, string>> =>
  parse(body, { columns: true, bom: true, skip_empty_lines: true });

async function listIds(query: string, client: Client = owner): Promise<number[]> {
  const response = await client.request({
    method: 'GET',
    url: `/api/projects/${projectId}/analyses?page_size=100&${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items.map((item: { id: number }) => item.id);
}

describe('the analyses export', () => {
  it('answers a CSV attachment with a byte order mark, the list columns and the prompt’s fields', async () => {
    const response = await exportCsv(`format=csv&prompt_id=${promptId}`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="analyses-project-${projectId}-\\d{8}-\\d{6}\\.csv"$`),
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'id,conversation_at,created_at,title,file_name,representative,department,prompt_id,prompt_name,final_score,score_mode,' +
        'duration_seconds,status,error,Summary,Title,Greeting,Discovery.Budget,Discovery.Objections',
    );
    const rows = csvRows(response.body);
    expect(rows.map((row) => Number(row.id))).toEqual([ids.failed, ids.refund, ids.pricing]);
    expect(rows[2]).toMatchObject({
      conversation_at: '2026-03-01T10:00:00.000Z',
      created_at: '2026-03-01T10:00:00.000Z',
      prompt_name: 'Sales QA',
      score_mode: 'percent',
      status: 'completed',
      Greeting: 'ok',
      'Discovery.Budget': 'true',
      'Discovery.Objections': 'price; + too long',
    });
  });

  it('guards formula cells with an apostrophe and quotes separators, quotes and line breaks', async () => {
    const response = await exportCsv(`prompt_id=${promptId}`);
    const rows = csvRows(response.body);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    expect(byId.get(ids.pricing!)).toMatchObject({
      title: `'=HYPERLINK("http://evil.example","click")`,
      final_score: '-5', // a number stays a number
    });
    expect(byId.get(ids.refund!)).toMatchObject({
      title: 'Refund, "urgent"\nsecond line',
      representative: "'@bob",
    });
    expect(byId.get(ids.failed!)).toMatchObject({ title: "'-1 call" });
    expect(response.body).toContain('"Refund, ""urgent""\nsecond line"');
  });

  it('exports exactly what the list shows with the same filters', async () => {
    const cases = [
      'department=support',
      'status=completed',
      'q=pricing',
      'from=2026-03-02&to=2026-03-31',
      'score_min=0',
      `prompt_id=${promptId}&representative=ann`,
      'field=Greeting&field_outcome=passed',
    ];
    for (const query of cases) {
      const rows = csvRows((await exportCsv(query)).body);
      expect(
        rows.map((row) => Number(row.id)),
        query,
      ).toEqual(await listIds(query));
    }
    expect(csvRows((await exportCsv('q=pricing')).body).map((row) => Number(row.id))).toEqual([ids.pricing]);
  });

  it("never exports another project's rows, and strangers get 404", async () => {
    const all = csvRows((await exportCsv('')).body).map((row) => Number(row.id));
    expect(all).not.toContain(ids.foreign);
    expect(all).toHaveLength(3);
    const response = await stranger.request({ method: 'GET', url: exportUrl('') });
    expect(response.statusCode).toBe(404);
  });

  it('narrows a team leader to their team, as the list does', async () => {
    const rows = csvRows((await exportCsv('', leader)).body).map((row) => Number(row.id));
    expect(rows).toEqual([ids.failed, ids.refund]);
    expect(rows).toEqual(await listIds('', leader));
    expect(csvRows((await exportCsv('', user)).body)).toHaveLength(3);
  });

  it('writes JSON lines with the list columns and the results by path', async () => {
    const response = await exportCsv(`format=jsonl&prompt_id=${promptId}&status=completed`);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/\.jsonl"$/);
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id)).toEqual([ids.refund, ids.pricing]);
    expect(lines[1]).toEqual({
      id: ids.pricing,
      conversation_at: '2026-03-01T10:00:00.000Z',
      created_at: '2026-03-01T10:00:00.000Z',
      title: '=HYPERLINK("http://evil.example","click")',
      file_name: 'chat.txt',
      representative: 'Ann',
      department: 'Sales',
      prompt_id: promptId,
      prompt_name: 'Sales QA',
      final_score: -5,
      score_mode: 'percent',
      duration_seconds: null,
      status: 'completed',
      error: null,
      results: {
        Summary: 'A call.',
        Title: 'Call',
        Greeting: 'ok',
        'Discovery.Budget': true,
        'Discovery.Objections': ['price', '+ too long'],
      },
    });
    // Without a prompt, each line carries its own answer.
    const own = (await exportCsv('format=jsonl&status=failed')).body.trimEnd().split('\n');
    expect(JSON.parse(own[0]!)).toMatchObject({ id: ids.failed, results: {} });
  });

  it('serves API keys, and refuses an unknown format with a clear error', async () => {
    const { key } = await createKey(owner, projectId, 'full');
    const rows = csvRows((await exportCsv('', keyClient(t.app, key))).body);
    expect(rows).toHaveLength(3);
    // A media key reads only what it uploaded: none of these.
    const media = await createKey(owner, projectId, 'media');
    expect(csvRows((await exportCsv('', keyClient(t.app, media.key))).body)).toEqual([]);
    const bad = await owner.request({ method: 'GET', url: exportUrl('format=xlsx') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'format' });
  });
});

describe('a big export', () => {
  const ROWS = 20_000;
  let base: string;
  beforeAll(async () => {
    const [media] = await t.ctx.db
      .select({ media_id: tasks.mediaId })
      .from(tasks)
      .where(eq(tasks.id, ids.pricing!));
    // Realistic width: a 1 KB answer; rows share conversation times in tens (the keyset's tie-break on id).
    await t.ctx.db.execute(sql`
      INSERT INTO tasks (project_id, media_id, prompt_id, status, progress, title, representative, department,
                         final_score, score_mode, result, conversation_at, created_at, updated_at)
      SELECT ${otherProjectId}, ${media!.media_id}, NULL, 'completed', 100, 'Call ' || g, 'Rep ' || g % 50,
             'Dept ' || g % 5, g % 101, 'percent',
             jsonb_build_object('values', jsonb_build_object('Summary', repeat('The agent greeted the customer. ', 30),
               'Greeting', 'ok', 'Discovery', jsonb_build_object('Budget', g % 2 = 0, 'Objections',
               jsonb_build_array('price', 'timing'))), 'score', jsonb_build_object('mode', 'percent')),
             timestamptz '2026-01-01' + (g / 10) * interval '1 minute', now(), now()
      FROM generate_series(1, ${ROWS}) AS g`);
    await addMember(t, otherProjectId, user, 'user');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base =
      typeof address === 'string'
        ? address
        : `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const session = () => ({ cookie: `${SESSION_COOKIE}=${user.cookie}` });
  const url = (query: string) => `${base}/api/projects/${otherProjectId}/analyses/export?${query}`;

  it('streams every row once, newest first, in many chunks', async () => {
    const response = await fetch(url('format=jsonl'), { headers: session() });
    expect(response.status).toBe(200);
    let bytes = 0;
    let chunks = 0;
    let rest = '';
    let previous = { at: Number.POSITIVE_INFINITY, id: 0 };
    let count = 0;
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      bytes += chunk.byteLength;
      chunks += 1;
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const { id, conversation_at } = JSON.parse(line) as { id: number; conversation_at: string };
        const at = Date.parse(conversation_at);
        expect(at < previous.at || (at === previous.at && id < previous.id)).toBe(true);
        previous = { at, id };
        count += 1;
      }
    }
    expect(count).toBe(ROWS + 1); // and the project's own 'foreign'
    expect(chunks).toBeGreaterThan(10);
    expect(bytes).toBeGreaterThan(20_000_000);
  });

  it('reads a batch only when the client took the one before, and stops when the client goes away', async () => {
    const aborted = new AbortController();
    // Uncompressed: a compressor's buffers would hold a hundred times more of these alike rows.
    const response = await fetch(url('format=csv'), {
      headers: { ...session(), 'accept-encoding': 'identity' },
      signal: aborted.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    aborted.abort();
    const ended = await waitUntil(
      async () => t.logs.filter((log) => log.msg === 'analyses export ended' && log.format === 'csv'),
      (logs) => logs.some((log) => log.projectId === otherProjectId),
      10_000,
    );
    const log = ended.find((entry) => entry.projectId === otherProjectId)!;
    expect(log.finished).toBe(false);
    // What the socket's buffers held besides the first chunk: a few batches of 1,000, never the whole export.
    expect(log.rows).toBeLessThanOrEqual(5_000);
  });
});
