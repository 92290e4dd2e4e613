import { analysisRoutes, changeRequestRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, scoredPrompt, startChangeRequestApp } from '../../../test/change-requests.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;

beforeAll(async () => {
  s = await startChangeRequestApp();
}, 120_000);
afterAll(() => s?.t.close());

// VALUES: Greeting false (0/1), Budget 'not ok' (0/1), Tone 1 (of 3). Approved: Greeting true, Tone 3.
const cases = [
  { mode: 'sum', maxScore: null, before: 1, after: 4 },
  { mode: 'percent', maxScore: null, before: 20, after: 80 },
  { mode: 'percent', maxScore: 10, before: 10, after: 40 },
  { mode: 'descending', maxScore: null, before: 1, after: 4 },
  { mode: 'descending', maxScore: 10, before: 6, after: 9 },
  { mode: 'no', maxScore: null, before: null, after: null },
] as const;

describe('approval recomputes the final score', () => {
  for (const { mode, maxScore, before, after } of cases) {
    it(`in mode ${mode} (max ${maxScore})`, async () => {
      const prompt = await scoredPrompt(s.t, s.owner, s.projectId, mode, maxScore);
      const taskId = await analysed(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Ann' });
      const detailOf = async () =>
        (await s.owner.call(analysisRoutes.detail, { params: { id: s.projectId, taskId } })).json().data;
      expect((await detailOf()).final_score).toBe(before);
      const created = await s.user.call(changeRequestRoutes.create, {
        params: { id: s.projectId, taskId },
        body: {
          kind: 'field',
          items: [
            { path: 'Greeting', proposed_value: true },
            { path: 'Tone', proposed_value: 2 },
          ],
          reason: 'Better than that.',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const approved = await s.admin.call(changeRequestRoutes.approve, {
        params: { id: s.projectId, requestId: created.json().data.id },
        body: { values: { Tone: 3 } },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const detail = await detailOf();
      expect(detail.final_score).toBe(after);
      if (mode !== 'no') expect(detail.result.values['Final Score']).toBe(after);
      expect(detail.result.score.score).toBe(after);
    });
  }
});
