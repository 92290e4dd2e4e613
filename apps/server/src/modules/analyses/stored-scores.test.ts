import { analysisRoutes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertTextTask } from '../../../test/tasks.ts';

// Issue 30, item 3: one analysis whose stored final score is not a number the API can answer (Infinity,
// written before scores were bounded) made the analyses list and its detail answer 500 for everyone. Such a
// score reads as no score.

let t: TestApp;
let owner: Client;
let projectId: number;
let fineId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Poisoned');
  fineId = await insertTextTask(t, projectId, null, 'a fine conversation');
  await t.ctx.db.execute(sql`UPDATE tasks SET final_score = 87.5 WHERE id = ${fineId}`);
});
afterAll(() => t?.close());

describe('a stored final score the API cannot answer', () => {
  for (const stored of ['Infinity', '-Infinity', 'NaN', '1e400']) {
    it(`(${stored}) reads as none in the list and the detail, and the other analyses still show`, async () => {
      const taskId = await insertTextTask(t, projectId, null, `a conversation scored ${stored}`);
      await t.ctx.db.execute(sql`UPDATE tasks SET final_score = ${stored}::numeric WHERE id = ${taskId}`);
      const list = await owner.call(analysisRoutes.list, { params: { id: projectId } });
      expect(list.statusCode, list.body).toBe(200);
      const scores = new Map(
        list
          .json()
          .data.items.map((item: { id: number; final_score: number | null }) => [item.id, item.final_score]),
      );
      expect(scores.get(taskId)).toBeNull();
      expect(scores.get(fineId)).toBe(87.5);
      const detail = await owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.final_score).toBeNull();
    });
  }
});
