import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisUnitsMilli, fromMicros, unitsPriceMicros } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { answer, type FakeUpstream, slow } from '../../../test/fake-upstreams/scripted.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createPrompt, META, multipart } from '../../../test/uploads.ts';
import { invoices, projects, tasks, users } from '../../db/schema.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { conversationText, parseTextConversation } from '../../media/text-conversation.ts';
import { PIPELINE_TEXTS } from '../pipeline/failures.ts';
import { workAnalysis } from '../pipeline/jobs.ts';
import { adjustBalance, ledgerMismatches } from './service.ts';

let t: TestApp;
let anthropic: FakeUpstream;
let dataDir: string;
let owner: Client;

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-holds-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: 'sk-ant-holds',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_MAX_RETRIES: '0',
    },
  );
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await anthropic?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const superAdmin = async () => (await t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true)))[0]!;

/** A chat of `n` of 1.2 units (the upload check asks for one): each costs the same. */
const chat = (n: number) =>
  `Agent: Hello, this is call ${String(n).padStart(3, '0')}.\nClient: ${'Tell me about the panels. '.repeat(45)}\n`;
const GREETING = { Greeting: { value: 'ok', justification: 'Said hello.', quote: 'Hello', timestamp: null } };

async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('holds', () => {
  it('100 concurrent uploads on a balance for 5: five provider runs, five charges, balance = ledger', async () => {
    const projectId = await createProject(owner, 'Concurrent');
    const promptId = await createPrompt(owner, projectId, 'Greeting');
    // Default plan: 0.05 per unit; a 1-unit model; billed by the characters of the conversation's text.
    const units = analysisUnitsMilli(
      conversationText(parseTextConversation(chat(0), 'chat.txt')).length,
      1000,
    );
    await adjustBalance(t.ctx, projectId, await superAdmin(), {
      type: 'credit',
      amount: fromMicros(5 * unitsPriceMicros(units, 50_000)),
      reason: 'Five analyses',
    });
    // Slow answers keep every paid run open while the other tasks start.
    anthropic.script(...Array.from({ length: 5 }, () => slow(300, answer(GREETING))));
    const ctx = {
      ...t.ctx,
      config: { ...t.ctx.config, analysis: { ...t.ctx.config.analysis, concurrency: 8, retryLimit: 0 } },
    };
    await workAnalysis(ctx);
    try {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          owner.request({
            method: 'POST',
            url: `/api/projects/${projectId}/uploads`,
            ...multipart([
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
        expect([PIPELINE_TEXTS.noFunds, PIPELINE_TEXTS.insufficientFunds(String(units / 1000))]).toContain(
          row.error,
        );
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
});
