import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promptRoutes, type Tracker, trackerRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { type FakeUpstream, failure } from '../../../test/fake-upstreams/scripted.ts';
import { answeringSmartTrackers } from '../../../test/fake-upstreams/smart-trackers.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { answered } from '../../../test/tasks.ts';
import { completedAnalysis, createTracker, hitsOf, said } from '../../../test/trackers.ts';
import { fund } from '../../../test/uploads.ts';
import { billingHolds, invoices, mediaFiles, tasks, trackerRuns } from '../../db/schema/index.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { storageOf } from '../../storage/index.ts';
import { runTask } from '../pipeline/run.ts';
import { runTrackerRun } from './smart-run.ts';

// Smart trackers: the analysis model answers them in the scorecard's call (one call), the quote located in the
// transcript; applying one to past analyses is a priced job, charged once per analysis answered.

const CANCEL = 'the customer says they will cancel';
const COMPETITOR = 'the customer mentions a competitor';
const CANCEL_QUOTE = 'I will cancel my contract next month.';

let t: TestApp;
let anthropic: FakeUpstream;
let dataDir: string;
let owner: Client;
let admin: Client;
let user: Client;
let stranger: Client;

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-smart-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: 'sk-ant-smart',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_GENERATION_PROVIDER: 'anthropic',
      AI_MAX_RETRIES: '0',
    },
  );
  await signUp(t.app); // the super admin
  [owner, admin, user, stranger] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
}, 120_000);
afterAll(async () => {
  await t?.close();
  await anthropic?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  expect(anthropic.pending, 'every scripted answer was used').toBe(0);
  anthropic.reset();
});

async function project(units?: number) {
  const projectId = await createProject(owner, `Smart ${Math.random().toString(36).slice(2, 8)}`);
  if (units !== 0) await fund(t, projectId, units);
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  return projectId;
}

const smart = (client: Client, projectId: number, name: string, statement: string) =>
  createTracker(client, projectId, { kind: 'smart', name, statement });

const trackerOf = async (projectId: number, trackerId: number): Promise<Tracker> => {
  const listed = await owner.call(trackerRoutes.list, { params: { id: projectId } });
  return (listed.json().data as Tracker[]).find((tracker) => tracker.id === trackerId)!;
};

describe('smart trackers: defining them', () => {
  it('admins and owners create and change them; members read them; other projects 404', async () => {
    const projectId = await project();
    const created = await smart(admin, projectId, 'Cancellation', `  ${CANCEL} `);
    expect(created).toMatchObject({ kind: 'smart', statement: CANCEL, phrases: [], analyses_hit: 0 });
    expect(created.apply).toEqual({ status: 'done', done: 0, total: 0, finished_at: null, error: null });
    const keywords = await createTracker(owner, projectId, {
      name: 'Words',
      language: 'en',
      phrases: ['refund'],
    });
    expect(keywords.statement).toBeNull();

    const byUser = await user.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { kind: 'smart', name: 'Nope', statement: CANCEL },
    });
    expect(byUser.statusCode).toBe(403);
    const byStranger = await stranger.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { kind: 'smart', name: 'Nope', statement: CANCEL },
    });
    expect(byStranger.statusCode).toBe(404);
    const empty = await owner.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { kind: 'smart', name: 'Empty', statement: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const tooLong = await owner.call(trackerRoutes.create, {
      params: { id: projectId },
      body: { kind: 'smart', name: 'Long', statement: 'x'.repeat(301) },
    });
    expect(tooLong.statusCode).toBe(400);

    const changed = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: created.id },
      body: { kind: 'smart', statement: 'the customer asks to cancel' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.statement).toBe('the customer asks to cancel');
    const userChange = await user.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: created.id },
      body: { kind: 'smart', name: 'Mine' },
    });
    expect(userChange.statusCode).toBe(403);
    // Fields of the other kind are refused.
    const phrases = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: created.id },
      body: { phrases: ['cancel'] },
    });
    expect(phrases.statusCode).toBe(400);
    expect(phrases.json().error.code).toBe('not_keyword_tracker');
    const statement = await owner.call(trackerRoutes.update, {
      params: { id: projectId, trackerId: keywords.id },
      body: { kind: 'smart', statement: CANCEL },
    });
    expect(statement.statusCode).toBe(400);
    // Another project's tracker.
    const elsewhere = await project();
    const foreign = await owner.call(trackerRoutes.update, {
      params: { id: elsewhere, trackerId: created.id },
      body: { kind: 'smart', name: 'Moved' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await user.call(trackerRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
  });
});

async function summaryPrompt(projectId: number) {
  const response = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: 'Summary',
      basicInstruction: 'Summarise the chat.',
      content: [{ key: 'Summary', type: 'string', explanation: 'A summary', includeInScore: false }],
      provider: 'anthropic',
      model: 'claude-sonnet-4-20250514',
      finalScore: 'no',
      transcriptionTask: 'transcribe',
      transcriptionLanguage: 'auto',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function chatTask(projectId: number, promptId: number, chat: string) {
  const stored = await storageOf(t.ctx.config).put(Readable.from([Buffer.from(chat)]), {
    prefix: `projects/${projectId}`,
    extension: '.txt',
  });
  const [file] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: stored.key,
      fileName: 'chat.txt',
      contentType: 'text/plain',
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: 'text',
    })
    .returning();
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: file!.id, promptId, createdBy: owner.userId, metadata: {} })
    .returning();
  return task!.id;
}

const SUMMARY = {
  Summary: answered('A customer leaving.'),
  Title: answered('Cancellation'),
  speaker_roles: [
    { speaker: 'Sarah', role: 'representative' },
    { speaker: 'Tom', role: 'customer' },
  ],
};

describe('smart trackers: answered with the analysis', () => {
  it('asks them in the scorecard call (one call); a said statement is a hit with its located quote', async () => {
    const projectId = await project();
    const promptId = await summaryPrompt(projectId);
    const cancel = await smart(owner, projectId, 'Cancellation', CANCEL);
    const competitor = await smart(owner, projectId, 'Competitor', COMPETITOR);
    const taskId = await chatTask(
      projectId,
      promptId,
      `Sarah: Hi Tom, how can I help?\nTom: ${CANCEL_QUOTE}\nSarah: I am sorry to hear that.\n`,
    );
    anthropic.script(answeringSmartTrackers(SUMMARY, { [CANCEL]: CANCEL_QUOTE }));
    expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');

    // One model call: the scorecard, the roles and both statements together.
    expect(anthropic.requests).toHaveLength(1);
    const schema = anthropic.requests[0]!.body.tools[0].input_schema.properties;
    expect(Object.keys(schema.smart_trackers.properties)).toEqual([`t${cancel.id}`, `t${competitor.id}`]);
    expect(JSON.stringify(anthropic.requests[0]!.body.system)).toContain('smart_trackers');

    const hits = await hitsOf(owner, projectId, taskId);
    expect(hits).toEqual([
      {
        tracker_id: cancel.id,
        name: 'Cancellation',
        hits: 1,
        moments: [{ segment: 1, seconds: null, role: 'customer', text: CANCEL_QUOTE }],
      },
    ]);
    // Not part of the scorecard.
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(Object.keys(row!.result as object)).not.toContain('smart_trackers');
    expect(JSON.stringify((row!.result as { values: unknown }).values)).not.toContain('smart_trackers');
    expect((await trackerOf(projectId, cancel.id)).analyses_hit).toBe(1);
    expect((await trackerOf(projectId, competitor.id)).analyses_hit).toBe(0);
  });

  it('keeps a quote found in no piece as the moment text, without a segment', async () => {
    const projectId = await project();
    const promptId = await summaryPrompt(projectId);
    const cancel = await smart(owner, projectId, 'Cancellation', CANCEL);
    // The model's quote spans two messages: found in no piece.
    const taskId = await chatTask(projectId, promptId, 'Sarah: Hello.\nTom: I am done.\nTom: Goodbye.\n');
    const quote = 'I am done.\nTom: Goodbye.';
    anthropic.script(answeringSmartTrackers(SUMMARY, { [CANCEL]: quote }));
    expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');
    expect(await hitsOf(owner, projectId, taskId)).toEqual([
      {
        tracker_id: cancel.id,
        name: 'Cancellation',
        hits: 1,
        moments: [{ segment: null, seconds: null, role: null, text: quote }],
      },
    ]);
  });
});

/** A project with three past analyses and a smart tracker created after them; `units` to fund it with. */
async function pastAnalyses(units?: number) {
  const projectId = await project(units);
  const ids = [
    await completedAnalysis(t, projectId, said(CANCEL_QUOTE, { at: '2026-01-10T12:00:00Z' })),
    await completedAnalysis(t, projectId, said('The price is fine, thanks.', { at: '2026-02-10T12:00:00Z' })),
    await completedAnalysis(
      t,
      projectId,
      said('Cancel it. I will cancel my contract next month.', { at: '2026-03-10T12:00:00Z' }),
    ),
  ];
  const tracker = await smart(owner, projectId, 'Cancellation', CANCEL);
  return { projectId, ids, tracker };
}

const signal = new AbortController().signal;
const charged = (runId: number) =>
  t.ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.referenceId, `tracker_run:${runId}`));

describe('smart trackers: applying to past analyses (priced)', () => {
  it('estimates, holds, asks each analysis once and charges exactly per analysis, also when retried', async () => {
    const { projectId, ids, tracker } = await pastAnalyses();
    const estimate = await admin.call(trackerRoutes.applyEstimate, {
      params: { id: projectId, trackerId: tracker.id },
      query: {},
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    const { analyses, units } = estimate.json().data;
    expect(analyses).toBe(3);
    expect(units).toBeGreaterThan(0);
    const ranged = await admin.call(trackerRoutes.applyEstimate, {
      params: { id: projectId, trackerId: tracker.id },
      query: { from: '2026-02-01', to: '2026-03-31' },
    });
    expect(ranged.json().data).toEqual({ analyses: 2, units: (units / 3) * 2 });

    const started = await admin.call(trackerRoutes.apply, {
      params: { id: projectId, trackerId: tracker.id },
      body: {},
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data.apply).toMatchObject({ status: 'running', done: 0, total: 3 });
    const [run] = await t.ctx.db.select().from(trackerRuns).where(eq(trackerRuns.trackerId, tracker.id));
    const [hold] = await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.trackerRunId, run!.id));
    expect(hold!.unitsMilli).toBe(units * 1000);
    // A second start while it runs is refused.
    const again = await admin.call(trackerRoutes.apply, {
      params: { id: projectId, trackerId: tracker.id },
      body: {},
    });
    expect(again.statusCode).toBe(409);

    // The first attempt answers one analysis, then the provider fails: the job is retried.
    anthropic.script(answeringSmartTrackers(null, { [CANCEL]: CANCEL_QUOTE }), failure(500, 'Overloaded'));
    await expect(runTrackerRun(t.ctx, run!.id, { lastAttempt: false, signal })).rejects.toThrow(RetryLater);
    expect(await charged(run!.id)).toEqual([]);
    // The retry goes on from the second analysis; the run is charged once, for three.
    anthropic.script(
      answeringSmartTrackers(null, { [CANCEL]: CANCEL_QUOTE }),
      answeringSmartTrackers(null, { [CANCEL]: CANCEL_QUOTE }),
    );
    await runTrackerRun(t.ctx, run!.id, { lastAttempt: false, signal });
    expect(anthropic.requests).toHaveLength(4);
    // Each call asks only the statement, with the conversation.
    expect(JSON.stringify(anthropic.requests[0]!.body)).toContain(CANCEL);
    expect(JSON.stringify(anthropic.requests[0]!.body)).not.toContain('speaker_roles');
    // Run again (a duplicate job): nothing is asked or charged again.
    await runTrackerRun(t.ctx, run!.id, { lastAttempt: true, signal });
    expect(anthropic.requests).toHaveLength(4);
    const invoiceRows = await charged(run!.id);
    expect(invoiceRows).toHaveLength(1);
    expect(invoiceRows[0]!.unitsMilli).toBe(units * 1000);
    expect(await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.trackerRunId, run!.id))).toEqual(
      [],
    );

    const after = await trackerOf(projectId, tracker.id);
    expect(after.apply).toMatchObject({ status: 'done', done: 3, total: 3, error: null });
    expect(after.analyses_hit).toBe(2);
    expect((await hitsOf(owner, projectId, ids[0]!))[0]!.moments).toEqual([
      { segment: 1, seconds: 5, role: 'customer', text: CANCEL_QUOTE },
    ]);
    expect(await hitsOf(owner, projectId, ids[1]!)).toEqual([]);
    expect((await hitsOf(owner, projectId, ids[2]!))[0]!.moments[0]!.segment).toBe(1);
  });

  it('is refused with 402 when the project cannot pay it, nothing held or queued', async () => {
    const { projectId, tracker } = await pastAnalyses(0);
    const refused = await owner.call(trackerRoutes.apply, {
      params: { id: projectId, trackerId: tracker.id },
      body: {},
    });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error.code).toBe('insufficient_funds');
    expect(refused.json().error.message).toMatch(/^Insufficient funds: applying this tracker costs/);
    expect(await t.ctx.db.select().from(trackerRuns).where(eq(trackerRuns.trackerId, tracker.id))).toEqual(
      [],
    );
    expect((await trackerOf(projectId, tracker.id)).apply.status).toBe('done');
  });

  it('is for admins and owners, of smart trackers of their project', async () => {
    const { projectId, tracker } = await pastAnalyses();
    const params = { id: projectId, trackerId: tracker.id };
    expect((await user.call(trackerRoutes.apply, { params, body: {} })).statusCode).toBe(403);
    expect((await user.call(trackerRoutes.applyEstimate, { params, query: {} })).statusCode).toBe(403);
    expect((await stranger.call(trackerRoutes.apply, { params, body: {} })).statusCode).toBe(404);
    const elsewhere = await project();
    const foreign = { id: elsewhere, trackerId: tracker.id };
    expect((await owner.call(trackerRoutes.apply, { params: foreign, body: {} })).statusCode).toBe(404);
    expect((await owner.call(trackerRoutes.applyEstimate, { params: foreign, query: {} })).statusCode).toBe(
      404,
    );
    const keywords = await createTracker(owner, projectId, {
      name: 'Words',
      language: 'en',
      phrases: ['cancel'],
    });
    const free = await owner.call(trackerRoutes.apply, {
      params: { id: projectId, trackerId: keywords.id },
      body: {},
    });
    expect(free.statusCode).toBe(409);
    expect(free.json().error.code).toBe('not_smart_tracker');
    const empty = await owner.call(trackerRoutes.apply, {
      params,
      body: { from: '2030-01-01' },
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.code).toBe('nothing_to_apply');
  });
});
