import {
  analysisUnitsMilli,
  fromMicros,
  milliUnits,
  projectRoutes,
  taskError,
  textUnitsMilli,
  unitsPriceMicros,
  uploadRoutes,
} from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer, type FakeUpstream, slow } from '../../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, type TestApp } from '../../../test/harness.ts';
import { GREETING_ANSWER, insertTextTask, waitUntil } from '../../../test/tasks.ts';
import { createPrompt, META, multipart } from '../../../test/uploads.ts';
import { billingHolds, invoices, projects, tasks, users } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { conversationText, parseTextConversation } from '../../media/text-conversation.ts';
import { analysisJob } from '../pipeline/jobs.ts';
import { runTask } from '../pipeline/run.ts';
import { adjustBalance } from './adjustments.ts';
import { charge } from './charge.ts';
import { canProcess, releaseHeld, reserve } from './holds.ts';
import { ledgerMismatches } from './ledger.ts';

let app: AnalysisApp;
let t: TestApp;
let anthropic: FakeUpstream;
let owner: Client;

beforeAll(async () => {
  app = await startAnalysisApp('holds');
  ({ t, anthropic, owner } = app);
}, 120_000);
afterAll(() => app?.close());

const superAdmin = async () => (await t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true)))[0]!;

/** A chat of `n` of 1.2 units (the upload check asks for one): each costs the same. */
const chat = (n: number) =>
  `Agent: Hello, this is call ${String(n).padStart(3, '0')}.\nClient: ${'Tell me about the panels. '.repeat(45)}\n`;
/** What each chat costs: its characters x a 1-unit model. */
const units = analysisUnitsMilli(
  textUnitsMilli(conversationText(parseTextConversation(chat(0), 'chat.txt')).length),
  milliUnits(1000),
);

describe('holds', () => {
  it('100 concurrent uploads on a balance for 5: five provider runs, five charges, balance = ledger', async () => {
    const projectId = await createProject(owner, 'Concurrent');
    const promptId = await createPrompt(owner, projectId, 'Greeting');
    // Default plan: 0.05 per unit; a 1-unit model; billed by the characters of the conversation's text.
    await adjustBalance(t.ctx, projectId, await superAdmin(), {
      type: 'credit',
      amount: fromMicros(5 * unitsPriceMicros(units, 50_000)),
      reason: 'Five analyses',
    });
    // Slow answers keep every paid run open while the other tasks start.
    anthropic.script(...Array.from({ length: 5 }, () => slow(300, answer(GREETING_ANSWER))));
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, analysis: { ...t.ctx.config.analysis, concurrency: 8, retryLimit: 0 } },
    };
    await analysisJob.work(ctx);
    try {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          owner.call(uploadRoutes.file, {
            params: { id: projectId },
            form: multipart([
              { name: 'prompt_id', value: String(promptId) },
              { name: 'metadata', value: JSON.stringify(META) },
              {
                name: 'file',
                filename: `chat-${n}.txt`,
                contentType: 'text/plain',
                data: Buffer.from(chat(n)),
              },
            ]),
          }),
        ),
      );
      const taskIds = responses
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json().data.task_id as number);
      // Uploads that came after every unit was held are refused at the door (402).
      expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 402)).toBe(true);
      expect(taskIds.length).toBeGreaterThanOrEqual(5);

      const finished = await waitUntil(
        () => t.ctx.db.select().from(tasks).where(inArray(tasks.id, taskIds)),
        (rows) => rows.every((row) => row.status === 'completed' || row.status === 'failed'),
        60_000,
      );
      const charges = await t.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.projectId, projectId), eq(invoices.reference, 'analysis')));
      expect(anthropic.requests).toHaveLength(5);
      expect(charges).toHaveLength(5);
      expect(finished.filter((row) => row.status === 'completed')).toHaveLength(5);
      for (const row of finished.filter((r) => r.status === 'failed')) {
        expect([
          taskError('no_funds'),
          taskError('insufficient_funds', { units: String(units / 1000) }),
        ]).toContainEqual(row.errorReason);
      }
      const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
      expect(project!.balanceMicros).toBe(0);
      expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
      const holds = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM billing_holds`);
      expect(holds.rows[0]).toEqual({ n: 0 });
    } finally {
      await t.ctx.boss.offWork(QUEUES.analysis);
    }
  }, 120_000);

  it('count in canProcess and in the available balance; a task asking for itself skips its own hold', async () => {
    const { projectId, taskIds } = await funded(0.5, 3); // 10 units at 0.05
    const [a, b] = taskIds as [number, number];
    expect(await reserve(t.ctx, projectId, a, milliUnits(6000))).toBe('held');
    expect(await canProcess(t.ctx, projectId, milliUnits(4000))).toBe(true);
    expect(await canProcess(t.ctx, projectId, milliUnits(4001))).toBe(false);
    expect(await canProcess(t.ctx, projectId, milliUnits(10_000), { exceptTaskId: a })).toBe(true);
    const view = (await owner.call(projectRoutes.get, { params: { id: projectId } })).json().data;
    expect(view).toMatchObject({ current_balance: 0.5, available_balance: 0.2 });

    expect(await reserve(t.ctx, projectId, b, milliUnits(4001))).toBe('insufficient');
    expect(await reserve(t.ctx, projectId, b, milliUnits(4000))).toBe('held');
    expect(await heldUnits(projectId)).toEqual({ [a]: 6000, [b]: 4000 });
  });

  it('are one per task: a re-run replaces the hold, a refused one releases it', async () => {
    const { projectId, taskIds } = await funded(0.5, 3);
    const [a, b] = taskIds as [number, number];
    expect(await reserve(t.ctx, projectId, a, milliUnits(3000))).toBe('held');
    expect(await reserve(t.ctx, projectId, a, milliUnits(3000))).toBe('held');
    expect(await reserve(t.ctx, projectId, a, milliUnits(5000))).toBe('held'); // a classification chose a second prompt
    expect(await heldUnits(projectId)).toEqual({ [a]: 5000 });
    expect(await reserve(t.ctx, projectId, b, milliUnits(5000))).toBe('held');
    expect(await reserve(t.ctx, projectId, a, milliUnits(5001))).toBe('insufficient');
    expect(await heldUnits(projectId)).toEqual({ [b]: 5000 });
  });

  it('are settled by the charge of the units actually used, released by failures and deletion', async () => {
    const { projectId, taskIds } = await funded(0.5, 3);
    const [a, b, c] = taskIds as [number, number, number];
    await reserve(t.ctx, projectId, a, milliUnits(4000));
    await reserve(t.ctx, projectId, b, milliUnits(4000));
    await reserve(t.ctx, projectId, c, milliUnits(2000));
    // Less than held (voice analysis did not run): the charge takes what was used and frees the rest.
    const charged = await charge(t.ctx, projectId, a, milliUnits(3000));
    expect(charged.status === 'charged' && charged.invoice.amountMicros).toBe(150_000);
    expect(await heldUnits(projectId)).toEqual({ [b]: 4000, [c]: 2000 });
    expect(await reserve(t.ctx, projectId, a, milliUnits(1000))).toBe('already_charged');
    expect(await heldUnits(projectId)).toEqual({ [b]: 4000, [c]: 2000 });

    await releaseHeld(t.ctx.db, { taskId: b });
    await t.ctx.db.delete(tasks).where(eq(tasks.id, c));
    expect(await heldUnits(projectId)).toEqual({});
    expect(await canProcess(t.ctx, projectId, milliUnits(7000))).toBe(true);
  });

  it('a task failing on its last attempt releases its hold; one waiting for a retry keeps it', async () => {
    const projectId = await createProject(owner, 'Failing');
    await credit(projectId, 1);
    const promptId = await createPrompt(owner, projectId, 'Greeting');
    const taskId = await insertTextTask(t, projectId, promptId, chat(1));
    // Nothing scripted: the model answers 500.
    await expect(runTask(t.ctx, taskId, { lastAttempt: false })).rejects.toThrow();
    expect(await heldUnits(projectId)).toEqual({ [taskId]: units });
    expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('failed');
    expect(await heldUnits(projectId)).toEqual({});
    anthropic.reset();
  });
});

async function credit(projectId: number, amount: number): Promise<void> {
  await adjustBalance(t.ctx, projectId, await superAdmin(), { type: 'credit', amount, reason: 'Test' });
}

/** A project with `amount` of balance and `count` tasks (rows only). */
async function funded(amount: number, count: number) {
  const projectId = await createProject(owner, 'Held');
  await credit(projectId, amount);
  const taskIds: number[] = [];
  for (let n = 0; n < count; n += 1) taskIds.push(await insertTextTask(t, projectId, null, chat(n)));
  return { projectId, taskIds };
}

async function heldUnits(projectId: number): Promise<Record<number, number>> {
  const rows = await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, projectId));
  return Object.fromEntries(rows.map((row) => [row.taskId, row.unitsMilli]));
}
