import { analysisRoutes, changeRequestRoutes, FIELD_NUMBER_MAX } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, field, scoredPrompt, startChangeRequestApp } from '../../../test/change-requests.ts';

// Issue 30, item 3: a change request made a score Infinity and broke the analyses list for everyone. Int and
// float values of 1e308 were accepted; once approved, final_score was Infinity and the list and detail
// answered 500.

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let taskId: number;

const NUMBERS = [
  field('Summary', 'string'),
  field('Title', 'string'),
  field('Calls', 'int', { includeInScore: true }),
  field('Rate', 'float', { includeInScore: true }),
  field('Final Score', 'float'),
];

beforeAll(async () => {
  s = await startChangeRequestApp();
  const prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum', null, 'claude-sonnet-4-5', NUMBERS);
  const values = { Summary: 'A call.', Title: 'Counting', Calls: 2, Rate: 0.5 };
  taskId = await analysed(
    s.t,
    s.projectId,
    prompt,
    { department: 'Sales', representative: 'Ann' },
    undefined,
    values,
  );
}, 120_000);
afterAll(() => s?.t.close());

const request = (path: string, proposed_value: unknown) =>
  s.user.call(changeRequestRoutes.create, {
    unchecked: true,
    params: { id: s.projectId, taskId },
    body: { kind: 'field', items: [{ path, proposed_value }], reason: 'Counted wrong.' },
  });
const approve = (requestId: number, values: Record<string, unknown>) =>
  s.admin.call(changeRequestRoutes.approve, {
    unchecked: true,
    params: { id: s.projectId, requestId },
    body: { values },
  });

describe('a number a change request sets', () => {
  it('is refused beyond what a result holds: 1e308 and its like, for int and float fields', async () => {
    for (const [path, value] of [
      ['Calls', 1e308],
      ['Calls', -1e308],
      ['Calls', 2 ** 53 + 2],
      ['Rate', 1e308],
      ['Rate', -Number.MAX_VALUE],
      ['Rate', FIELD_NUMBER_MAX * 2],
    ] as const) {
      const response = await request(path, value);
      expect({ path, value, status: response.statusCode }).toEqual({ path, value, status: 422 });
      expect(response.json().error.message).toContain(FIELD_NUMBER_MAX.toLocaleString('en-US'));
    }
  });

  it('of a transcript moment is bounded too', async () => {
    const response = await s.user.call(changeRequestRoutes.create, {
      params: { id: s.projectId, taskId },
      body: {
        kind: 'field',
        items: [{ path: 'Calls', proposed_value: 3 }],
        reason: 'Counted wrong.',
        transcript_moment: { seconds: 1e308, quote: null },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('transcript_moment.seconds');
  });

  it('is refused on approval too, and the request stays open', async () => {
    const created = await request('Calls', 3);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    for (const value of [1e308, -1e308]) {
      const response = await approve(id, { Calls: value });
      expect({ value, status: response.statusCode }).toEqual({ value, status: 422 });
    }
    const read = await s.admin.call(changeRequestRoutes.get, { params: { id: s.projectId, requestId: id } });
    expect(read.json().data.status).toBe('open');
    await s.admin.call(changeRequestRoutes.reject, {
      params: { id: s.projectId, requestId: id },
      body: { reason: 'No.' },
    });
  });

  it('within the bounds keeps the final score finite, and the list and detail answer', async () => {
    for (const [path, value] of [
      ['Calls', FIELD_NUMBER_MAX],
      ['Rate', FIELD_NUMBER_MAX],
    ] as const) {
      const created = await request(path, value);
      expect(created.statusCode, created.body).toBe(201);
      const approved = await approve(created.json().data.id, {});
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const detail = await s.owner.call(analysisRoutes.detail, { params: { id: s.projectId, taskId } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.final_score).toBe(FIELD_NUMBER_MAX * 2);
    const list = await s.owner.call(analysisRoutes.list, { params: { id: s.projectId } });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.items.find((item: { id: number }) => item.id === taskId);
    expect(row.final_score).toBe(FIELD_NUMBER_MAX * 2);
  });
});
