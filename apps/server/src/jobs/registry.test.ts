import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { JOBS } from './all.ts';
import { QUEUES } from './boss.ts';
import { defineJob } from './registry.ts';

let t: TestApp;
const handled: number[] = [];

const countJob = defineJob({
  name: 'registry_test',
  payload: z.object({ count: z.number().int() }),
  handler: async (_ctx, { count }) => {
    handled.push(count);
  },
});

let backlogDone = 0;
/** Two workers a process, as a queue of slow receivers (webhooks) has twenty. */
const backlogJob = defineJob({
  name: 'registry_backlog_test',
  payload: z.object({ n: z.number().int() }),
  handler: async () => {
    backlogDone += 1;
  },
  concurrency: 2,
});

beforeAll(async () => {
  t = await startTestApp();
  for (const job of [countJob, backlogJob]) {
    for (const { name, ...settings } of job.queues(t.ctx.config))
      await t.ctx.boss.createQueue(name, settings);
  }
});
afterAll(async () => {
  await t?.close();
});

const queued = async () =>
  (await t.ctx.boss.findJobs<{ count: number }>(countJob.name, { queued: true })).map(
    (job) => job.data.count,
  );

/** Runs `work` in a transaction that is then rolled back. */
async function rolledBack(work: Parameters<typeof t.ctx.db.transaction>[0]): Promise<void> {
  const rollback = new Error('roll back');
  await expect(
    t.ctx.db.transaction(async (tx) => {
      await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

describe('defineJob', () => {
  it('refuses a payload its schema refuses, and sends nothing', async () => {
    await expect(countJob.send(t.ctx, { count: 1.5 })).rejects.toThrow(z.ZodError);
    await expect(
      countJob.sendMany(t.ctx, [{ data: { count: 2 } }, { data: { count: 2.5 } }]),
    ).rejects.toThrow(z.ZodError);
    expect(await queued()).toEqual([]);
  });

  it('sends in the caller transaction: a rolled-back one queues nothing, a committed one queues its jobs', async () => {
    await rolledBack(async (tx) => {
      await countJob.send(t.ctx, { count: 3 }, { tx });
      await countJob.sendMany(t.ctx, [{ data: { count: 4 } }], { tx });
    });
    expect(await queued()).toEqual([]);

    await t.ctx.db.transaction(async (tx) => {
      await countJob.send(t.ctx, { count: 5 }, { tx });
    });
    expect(await queued()).toEqual([5]);
    await t.ctx.db.transaction(async (tx) => {
      await countJob.sendMany(t.ctx, [{ data: { count: 6 } }, { data: { count: 7 } }], { tx });
    });
    expect((await queued()).sort()).toEqual([5, 6, 7]);
  });

  it('works its queue with the handler', async () => {
    await countJob.work(t.ctx);
    await expect.poll(() => [...handled].sort(), { timeout: 15_000 }).toEqual([5, 6, 7]);
    await t.ctx.boss.offWork(countJob.name);
  });

  it('works a backlog without pausing between jobs (one job a worker every 2 s poll: 80 jobs in 80 s)', async () => {
    await backlogJob.sendMany(
      t.ctx,
      Array.from({ length: 80 }, (_, n) => ({ data: { n } })),
    );
    await backlogJob.work(t.ctx);
    await expect.poll(() => backlogDone, { timeout: 20_000 }).toBe(80);
    await t.ctx.boss.offWork(backlogJob.name);
  });
});

describe('the job list', () => {
  it('declares every queue, each once, a given-up queue before the queue that names it', async () => {
    const names = JOBS.flatMap((job) => job.queues(t.ctx.config).map((queue) => queue.name));
    expect([...names].sort()).toEqual(Object.values(QUEUES).sort());
    for (const job of JOBS) {
      for (const queue of job.queues(t.ctx.config)) {
        if (queue.deadLetter) expect(names.indexOf(queue.deadLetter)).toBeLessThan(names.indexOf(queue.name));
      }
    }
    const created = new Set((await t.ctx.boss.getQueues()).map((queue) => queue.name));
    for (const name of names) expect(created).toContain(name);
  });
});
