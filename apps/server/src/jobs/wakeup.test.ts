import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { waitUntil } from '../../test/tasks.ts';
import { watchBacklog } from './wakeup.ts';

let t: TestApp;
const QUEUE = 'wakeup_test';

beforeAll(async () => {
  t = await startTestApp();
  await t.ctx.boss.createQueue(QUEUE);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

it('wakes an idle worker for a job that became ready without a wake-up (a retry come due, a lost worker’s job)', async () => {
  const started: string[] = [];
  // Workers that look for jobs only once an hour on their own: only a wake-up can start the job in time.
  await t.ctx.boss.work(QUEUE, { pollingIntervalSeconds: 3600, localConcurrency: 2 }, async ([job]) => {
    if (job) started.push(job.id);
  });
  watchBacklog(t.ctx.boss, QUEUE);
  // Ready in a second, after the workers' first look: nothing announces it.
  const id = await t.ctx.boss.send(QUEUE, {}, { startAfter: 1 });

  await waitUntil(
    async () => started,
    (ids) => ids.includes(id!),
    20_000,
  );
  expect(started).toEqual([id]);
});
