import type { AnalyticsField, PromptField } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnalysis, insertPromptVersion, SALES_CONTENT } from '../../../test/analytics.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';

// Scorecard versions and knockouts in analytics: a prompt whose version 3 changed the marks of Tone (0–3 became
// 0–5) and kept Greeting; two analyses ran with version 2, two with version 3 (one knocked out by Greeting).

let t: TestApp;
let owner: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let promptId: number;
let otherPromptId: number;

const marks = (...values: number[]) => values.map((value) => ({ value, explanation: '' }));
const withTone = (values: number[]): PromptField[] =>
  SALES_CONTENT.map((field) => (field.key === 'Tone' ? { ...field, marks: marks(...values) } : field));
const V2 = withTone([0, 1, 2, 3]);
const V3 = withTone([0, 1, 2, 3, 4, 5]);

const answer = (greeting: boolean, tone: number) => ({
  Summary: 'A call.',
  Greeting: greeting,
  Discovery: { Budget: 'ok', Timeline: true },
  Tone: tone,
  Outcome: 'Won',
  Objections: 1,
});

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app);
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Versions');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  const created = await owner.request({
    method: 'POST',
    url: `/api/projects/${projectId}/prompts`,
    payload: { scriptName: 'Sales QA', content: V2 },
  });
  promptId = created.json().data.id;
  const other = await stranger.request({
    method: 'POST',
    url: `/api/projects/${otherProjectId}/prompts`,
    payload: { scriptName: 'Other QA', content: V2 },
  });
  otherPromptId = other.json().data.id;
  const v2 = await insertPromptVersion(t, projectId, promptId, 'Sales QA', V2);
  const v3 = await insertPromptVersion(t, projectId, promptId, 'Sales QA', V3);
  const add = (
    versionId: number,
    content: PromptField[],
    representative: string,
    day: string,
    score: number,
    values: ReturnType<typeof answer>,
    knockouts: string[] = [],
  ) =>
    insertAnalysis(t, projectId, {
      prompt: { id: promptId, versionId, content },
      values,
      score,
      representative,
      department: 'Sales',
      day,
      createdAt: `${day}T12:00:00Z`,
      knockouts,
    });
  await add(v2, V2, 'Alice', '2026-03-02', 80, answer(true, 3));
  await add(v2, V2, 'Bob', '2026-03-03', 40, answer(false, 1));
  await add(v3, V3, 'Alice', '2026-03-09', 90, answer(true, 5));
  await add(v3, V3, 'Bob', '2026-03-10', 0, answer(false, 2), ['Greeting']);
});
afterAll(() => t?.close());

async function get<T>(path: string, query: string, client: Client = owner, project = projectId) {
  const response = await client.request({
    method: 'GET',
    url: `/api/projects/${project}/analytics/${path}?${query}`,
  });
  return { status: response.statusCode, body: response.json() as { data: T } };
}
async function data<T>(path: string, query: string): Promise<T> {
  const { status, body } = await get<T>(path, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}
const fields = (query = '') => data<AnalyticsField[]>('fields', `prompt_id=${promptId}${query}`);
const tone = (list: AnalyticsField[]) => list.filter((field) => field.label === 'Tone');
const PERIODS = 'period=2026-03-01..2026-03-07&period=2026-03-08..2026-03-14';

describe('analytics by scorecard version', () => {
  it('counts a field whose scoring changed per version, and a kept field as one', async () => {
    expect(tone(await fields())).toEqual([
      { path: 'Tone"1', label: 'Tone', type: 'marks', max: 3, count: 2, version: 1 },
      { path: 'Tone"3', label: 'Tone', type: 'marks', max: 5, count: 2, version: 3 },
    ]);
    expect((await fields()).filter((field) => field.label === 'Greeting')).toEqual([
      { path: 'Greeting', label: 'Greeting', type: 'bool', max: 1, count: 4 },
    ]);
    // One version's analyses only: nothing to tell apart.
    expect(tone(await fields('&from=2026-03-08&to=2026-03-14'))).toEqual([
      { path: 'Tone', label: 'Tone', type: 'marks', max: 5, count: 2 },
    ]);
    expect(tone(await fields('&prompt_version=2'))).toEqual([
      { path: 'Tone', label: 'Tone', type: 'marks', max: 3, count: 2 },
    ]);
  });

  it('shows the eras as checklist items and manager columns, and filters both by version', async () => {
    const report = await data<{
      items: AnalyticsField[];
      rows: Array<{ representative: string; knockouts: number; cells: Record<string, { value: number }> }>;
    }>('checklist', `prompt_id=${promptId}`);
    expect(report.items.map((item) => [item.path, item.version ?? null])).toEqual([
      ['Greeting', null],
      ['Discovery.Budget', null],
      ['Discovery.Timeline', null],
      ['Tone"1', 1],
      ['Tone"3', 3],
      ['Objections', null],
    ]);
    const alice = report.rows.find((row) => row.representative === 'Alice')!;
    expect([alice.cells['Tone"1']!.value, alice.cells['Tone"3']!.value]).toEqual([3, 5]);
    expect(report.rows.map((row) => [row.representative, row.knockouts])).toEqual([
      ['Alice', 0],
      ['Bob', 1],
    ]);
    const v3 = await data<{ items: AnalyticsField[]; rows: unknown[] }>(
      'checklist',
      `prompt_id=${promptId}&prompt_version=3`,
    );
    expect(v3.items.find((item) => item.label === 'Tone')).toMatchObject({ path: 'Tone', max: 5, count: 2 });

    const manager = await data<{
      fields: AnalyticsField[];
      team: { analyses: number[]; knockouts: number[] };
      rows: Array<{ representative: string; knockouts: number[] }>;
    }>('manager-dashboard', `prompt_id=${promptId}&${PERIODS}`);
    expect(tone(manager.fields).map((field) => field.path)).toEqual(['Tone"1', 'Tone"3']);
    expect(manager.team).toMatchObject({ analyses: [2, 2], knockouts: [0, 1] });
    expect(manager.rows.map((row) => [row.representative, row.knockouts])).toEqual([
      ['Alice', [0, 0]],
      ['Bob', [0, 1]],
    ]);
    const managerV2 = await data<{ team: { analyses: number[] } }>(
      'manager-dashboard',
      `prompt_id=${promptId}&prompt_version=2&${PERIODS}`,
    );
    expect(managerV2.team.analyses).toEqual([2, 0]);
  });

  it('explores one era at a time: the era asked, or the newest when the field is asked by its path', async () => {
    type Explored = { field: AnalyticsField; total: { count: number; average: number | null } };
    const old = await data<Explored>('explore', `prompt_id=${promptId}&field=Tone"1&group_by=representative`);
    expect(old.field).toMatchObject({ path: 'Tone"1', version: 1, max: 3 });
    expect(old.total).toMatchObject({ count: 2, average: 2 });
    const newest = await data<Explored>('explore', `prompt_id=${promptId}&field=Tone&group_by=month`);
    expect(newest.field).toMatchObject({ path: 'Tone"3', version: 3, max: 5 });
    expect(newest.total).toMatchObject({ count: 2, average: 3.5 });
    const knocked = await data<{ total: { knockouts: number } }>(
      'explore',
      `prompt_id=${promptId}&field=Greeting&group_by=representative&prompt_version=3`,
    );
    expect(knocked.total.knockouts).toBe(1);
    expect((await get('explore', `prompt_id=${promptId}&field=Tone"2`)).status).toBe(404);
  });

  it('counts knocked-out analyses on the dashboard, within a version', async () => {
    type Dashboard = {
      analyses: { current: number };
      pass_rate: { current: number };
      knockouts: { current: number };
    };
    const all = await data<Dashboard>('dashboard', `prompt_id=${promptId}`);
    expect(all.analyses.current).toBe(4);
    expect(all.knockouts.current).toBe(1);
    const v3 = await data<Dashboard>('dashboard', `prompt_id=${promptId}&prompt_version=3`);
    expect(v3.analyses.current).toBe(2);
    expect(v3.knockouts.current).toBe(1);
    // Version 3's yes/no answers: Greeting passed and knocked out (missed), Budget and Timeline passed twice.
    expect(v3.pass_rate.current).toBe(5 / 6);
  });

  it('refuses a version without a prompt, and answers 404 for a version of no prompt of the project', async () => {
    const without = await get('dashboard', 'prompt_version=1');
    expect(without.status).toBe(400);
    for (const path of ['dashboard', 'fields', 'checklist']) {
      expect((await get(path, `prompt_id=${promptId}&prompt_version=99`)).status).toBe(404);
      // Another project's prompt and version, asked through this project.
      expect((await get(path, `prompt_id=${otherPromptId}&prompt_version=1`)).status).toBe(404);
    }
    expect(
      (await get('manager-dashboard', `prompt_id=${otherPromptId}&prompt_version=1&${PERIODS}`)).status,
    ).toBe(404);
    expect((await get('explore', `prompt_id=${otherPromptId}&prompt_version=1&field=Greeting`)).status).toBe(
      404,
    );
    // A stranger asks for this project's prompt version: not a member.
    expect((await get('fields', `prompt_id=${promptId}&prompt_version=1`, stranger)).status).toBe(404);
  });
});
