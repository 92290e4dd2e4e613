import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ALL_ROUTES, type RouteDefinition, SESSION_COOKIE } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backtests,
  mediaFiles,
  passkeys,
  ssoConnections,
  ssoDomains,
  ssoGroupMappings,
  tasks,
  topicRuns,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema/index.ts';
import { storageOf } from '../src/storage/index.ts';
import { analysed, scoredPrompt } from './change-requests.ts';
import { connectDrive, TEST_ENCRYPTION_KEY } from './drive.ts';
import { startFakeAnthropic } from './fake-upstreams/anthropic.ts';
import { FakeDrive } from './fake-upstreams/google-drive.ts';
import { FakeGoogle } from './fake-upstreams/google-oauth.ts';
import { answer, type FakeUpstream } from './fake-upstreams/scripted.ts';
import { addMember, type Client, createProject, signUp, startTestApp, type TestApp } from './harness.ts';
import {
  DEEP_LEVELS,
  exampleInputs,
  exampleOf,
  GENERATED_PROMPT,
  HOSTILE_TEXTS,
  HOSTILE_TEXTS_SHORT,
  idsByName,
  jsonSchemaOf,
  queryText,
  type RequestInput,
  requestInit,
  urlOf,
  type Variant,
  variantsOf,
} from './hostile-walk.ts';
import { takeQueuedEmails } from './mail.ts';
import { createKey } from './settings.ts';
import { fund, multipart, type Part, wavBytes } from './uploads.ts';

// Issue 30: one request must never stall everyone. Every operation of the route table gets hostile input in
// each path parameter, query parameter and body field (NUL, lone surrogates, huge and non-finite numbers,
// loose ids, out-of-range dates, deep nesting, oversized and malformed bodies, multipart with bad text),
// signed in with a role that reaches it, on a real database with real rows behind the ids. No answer may be
// a 5xx, and GET /api/health, polled all along, must never wait more than 2 s.
//
// Left out: the live event stream (GET …/analyses/events: it stays open by design). Routes that call Google
// or an AI provider run against the local fakes, so none of them waits on the internet.

/** The limit for a health check while the walk runs. */
const HEALTH_LIMIT_MS = 2000;
/** Requests of the walk in flight at once: modest, so the health check measures stalls, not a queue. */
const CONCURRENCY = 2;
/** Pause between two health checks. */
const HEALTH_INTERVAL_MS = 100;
/** The upload limit of this app: small, so that an upload over it is cheap to send. */
const MAX_UPLOAD_BYTES = 64 * 1024;

const SKIPPED = new Set(['streamAnalysisEvents']);

let t: TestApp;
let anthropic: FakeUpstream;
let google: FakeGoogle;
let dataDir: string;
let origin: string;
let superAdmin: Client;
let owner: Client;
const ids: Record<string, number> = {};
let inviteToken: string;
/** The key in the address of a phone-system receiver (an Aircall one: its body is parsed before the token is checked). */
let receiverKey: string;

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  anthropic.respondWith(answer(GENERATED_PROMPT));
  google = await FakeGoogle.start();
  const drive = new FakeDrive();
  google.use(drive.route);
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-hostile-'));
  t = await startTestApp(
    {},
    {
      ...google.env(),
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      ANTHROPIC_API_KEY: 'sk-ant-walk',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_MAX_RETRIES: '0',
      DATA_DIR: dataDir,
      MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  await seedRows(drive);
});

afterAll(async () => {
  await t?.close();
  await anthropic?.close();
  await google?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * The rows the ids in paths name: the super admin, an owner and a team leader, a project with a prompt, a
 * completed analysis with its recording, a change request, a blacklist entry, a rep mapping, an API key, an
 * invitation, an insight, a top-up, a Drive connection and folder integration, a batch, a sampling rule, a
 * backtest, a topic run, a calibration session; and a project to delete.
 */
async function seedRows(drive: FakeDrive): Promise<void> {
  superAdmin = await signUp(t.app);
  owner = await signUp(t.app);
  const leader = await signUp(t.app);
  const projectId = await createProject(owner, 'Walked');
  // Deleting a project is walked on one of its own: the walk may rename the main one to what it then sends.
  ids.throwawayProjectId = await createProject(owner, 'Thrown away');
  await addMember(t, projectId, leader, 'teamleader');
  await fund(t, projectId);
  const prompt = await scoredPrompt(t, owner, projectId, 'sum');
  const taskId = await analysed(t, projectId, prompt, { department: 'Sales', representative: 'Ann' });
  await storeRecording(taskId);
  Object.assign(ids, {
    projectId,
    promptId: prompt.id,
    versionId: prompt.versionId,
    taskId,
    userId: leader.userId,
  });

  const created = async (request: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
    const response = await request;
    if (response.statusCode >= 300) throw new Error(`setup failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { id: number } }).data;
  };
  const post = (url: string, payload: object) =>
    owner.request({ method: 'POST', url: `/api${url}`, payload });
  const project = `/projects/${projectId}`;
  ids.requestId = (
    await created(
      post(`${project}/analyses/${taskId}/change-requests`, {
        kind: 'field',
        items: [{ path: 'Objections', proposed_value: 3 }],
        reason: 'Miscounted.',
      }),
    )
  ).id;
  ids.reviewId = (
    await created(
      owner.request({
        method: 'PUT',
        url: `/api${project}/analyses/${taskId}/reviews/mine`,
        payload: { answers: [{ path: 'Objections', value: 3 }], submit: true },
      }),
    )
  ).id;
  ids.entryId = (
    (await created(post('/blacklist', { project_id: projectId, phone_number: '+15550001111' }))) as never as {
      ID: number;
    }
  ).ID;
  ids.mappingId = (
    await created(post(`${project}/rep-mappings`, { identifier: 'ann', representative: 'Ann' }))
  ).id;
  ids.keyId = (await createKey(owner, projectId)).id;
  ids.inviteId = (
    await created(post(`${project}/invites`, { email: 'invitee@example.com', role: 'user' }))
  ).id;
  const emails = await takeQueuedEmails(t.ctx.boss);
  inviteToken = /invite\?token=([A-Za-z0-9_-]+)/.exec(emails.map((email) => email.text).join('\n'))![1]!;
  ids.insightId = (await created(post(`${project}/insights`, { question: 'How do the calls go?' }))).id;
  const [tariff] = (
    (await owner.request({ method: 'GET', url: '/api/billing/tariffs' })).json() as {
      data: Array<{ id: number }>;
    }
  ).data;
  ids.tariffId = tariff!.id;
  ids.invoiceId = (await created(post('/billing/invoices', { project_id: projectId, amount: 10 }))).id;
  ids.connectionId = await connectDrive(owner, projectId);
  ids.integrationId = (
    await created(
      post('/integrations/google-drive/integrations', {
        project_id: projectId,
        connection_id: ids.connectionId,
        folder_id: drive.folder('Calls'),
        structure_type: 'simple',
        prompt_id: ids.promptId,
      }),
    )
  ).id;
  const batch = await owner.request({
    method: 'POST',
    url: `/api${project}/batches`,
    ...multipart(formExamples.createBatch!()),
  });
  if (batch.statusCode !== 201) throw new Error(`setup failed: batch ${batch.statusCode} ${batch.body}`);
  ids.batchId = batch.json().data.batch_id;
  // Written directly: an endpoint made through the API must reach a public host, which tests cannot.
  const [endpoint] = await t.ctx.db
    .insert(webhookEndpoints)
    .values({
      projectId,
      url: 'https://example.com/hook',
      events: ['analysis.completed'],
      secret: 'whsec_d2Fsaw==',
    })
    .returning();
  ids.endpointId = endpoint!.id;
  const [delivery] = await t.ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint!.id,
      eventId: 'msg_walk',
      eventType: 'webhook.test',
      payload: {
        type: 'webhook.test',
        timestamp: new Date().toISOString(),
        data: { endpoint_id: 0, project_id: 0 },
      },
      status: 'failed',
    })
    .returning();
  ids.deliveryId = delivery!.id;
  // Written directly: a backtest made through the API needs a draft and a worker answering it.
  const [backtest] = await t.ctx.db
    .insert(backtests)
    .values({
      projectId,
      promptId: prompt.id,
      versionId: prompt.versionId,
      versionHash: 'walk',
      draft: { content: [] },
      modelUnitsMilli: 1000,
      status: 'completed',
      conversations: 1,
      total: 0,
      unitsMilli: 0,
    })
    .returning();
  ids.backtestId = backtest!.id;
  // Written directly: a run made through the API needs conversations and a worker answering it.
  const [topicRun] = await t.ctx.db
    .insert(topicRuns)
    .values({
      projectId,
      trigger: 'manual',
      status: 'completed',
      stage: 'done',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      previousStartDate: '2026-01-29',
      previousEndDate: '2026-02-28',
      provider: 'anthropic',
      model: 'claude-haiku-4-5-20251001',
      unitsMilli: 0,
    })
    .returning();
  ids.runId = topicRun!.id;
  ids.ruleId = (
    await created(post(`${project}/sampling-rules`, { name: 'Walk', kind: 'random', per_representative: 2 }))
  ).id;
  ids.automationRuleId = (
    await created(
      post(`${project}/automations`, {
        name: 'Walk',
        trigger: 'analysis.completed',
        actions: [{ type: 'webhook', endpoint_id: ids.endpointId }],
      }),
    )
  ).id;
  const receiver = await created(
    post(`${project}/receivers`, {
      kind: 'aircall',
      name: 'Walk',
      prompt_id: prompt.id,
      secret: 'walk-token',
    }),
  );
  ids.receiverId = receiver.id;
  ids.trackerId = (
    await created(post(`${project}/trackers`, { name: 'Walk', language: 'en', phrases: ['cancel'] }))
  ).id;
  receiverKey = (receiver as never as { url: string }).url.split('/').pop()!;
  const calibrator = await signUp(t.app);
  await addMember(t, projectId, calibrator, 'admin');
  ids.calibratorId = calibrator.userId;
  await ssoRows(projectId);
  ids.passkeyId = await strangersPasskey();
  ids.calibrationId = (
    await created(
      post(`${project}/calibrations`, { task_id: taskId, reviewer_ids: [owner.userId, calibrator.userId] }),
    )
  ).id;
}

/** An SSO connection of the owner with a domain and a group mapping (written directly: no IdP to read). */
async function ssoRows(projectId: number): Promise<void> {
  const [connection] = await t.ctx.db
    .insert(ssoConnections)
    .values({ name: 'Walk', protocol: 'saml', ownerUserId: owner.userId })
    .returning();
  ids.ssoConnectionId = connection!.id;
  const [domain] = await t.ctx.db
    .insert(ssoDomains)
    .values({ connectionId: connection!.id, domain: 'walk.example.com', verificationToken: 'walk' })
    .returning();
  ids.ssoDomainId = domain!.id;
  const [mapping] = await t.ctx.db
    .insert(ssoGroupMappings)
    .values({ connectionId: connection!.id, groupName: 'walk', projectId, role: 'user' })
    .returning();
  ids.ssoMappingId = mapping!.id;
}

/** Puts a real recording in storage behind the analysis (its rows were written directly). */
async function storeRecording(taskId: number): Promise<void> {
  const stored = await storageOf(t.ctx.config).put(Readable.from([wavBytes(0.5, 300)]), {
    prefix: 'walk',
    extension: '.wav',
  });
  const [task] = await t.ctx.db.select({ mediaId: tasks.mediaId }).from(tasks).where(eq(tasks.id, taskId));
  await t.ctx.db
    .update(mediaFiles)
    .set({ storageKey: stored.key, sizeBytes: stored.size, sha256: stored.sha256 })
    .where(eq(mediaFiles.id, task!.mediaId));
}

/** The real id a path parameter names, by the route it is in. */
function pathId(route: RouteDefinition, name: string): string {
  if (route.operationId === 'deleteProject') return String(ids.throwawayProjectId);
  if (name === 'token') return inviteToken;
  if (name === 'key') return receiverKey;
  if (name === 'provider') return 'anthropic';
  if (name === 'sessionId') return '0123456789abcdef';
  if (name === 'ruleId' && route.path.includes('/automations/')) return String(ids.automationRuleId);
  if (route.path.startsWith('/sso/') || route.path.startsWith('/auth/sso/')) {
    const sso: Record<string, string> = {
      connectionId: 'ssoConnectionId',
      domainId: 'ssoDomainId',
      mappingId: 'ssoMappingId',
    };
    return String(ids[sso[name] ?? name]);
  }
  if (name !== 'id') return String(ids[name]);
  const owners: Array<[string, string]> = [
    ['/blacklist/', 'entryId'],
    ['/billing/tariffs/', 'tariffId'],
    ['/integrations/google-drive/connections/', 'connectionId'],
    ['/integrations/google-drive/', 'integrationId'],
  ];
  return String(ids[owners.find(([prefix]) => route.path.startsWith(prefix))?.[1] ?? 'projectId']);
}

/** The real id an input of this name carries (`prompt_id`, `task_ids`, …). */
const idOf = idsByName(ids);

/** The valid input of a route: real ids in its path, a query and body that pass its schemas. */
function validInput(route: RouteDefinition): RequestInput {
  const params = Object.fromEntries(
    [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, pathId(route, name!)]),
  );
  const own = exampleInputs(ids)[route.operationId] ?? {};
  const query = own.query ?? (route.query ? (exampleOf(jsonSchemaOf(route.query), idOf) as object) : {});
  const body = own.body ?? (route.body ? exampleOf(jsonSchemaOf(route.body), idOf) : undefined);
  return {
    params,
    query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, queryText(value)])),
    ...(body === undefined ? {} : { body }),
  };
}

// ---------- multipart ----------

/** A passkey of another account (written directly): the owner's walk of its removal meets a real id, not theirs. */
async function strangersPasskey(): Promise<number> {
  const stranger = await signUp(t.app);
  const [row] = await t.ctx.db
    .insert(passkeys)
    .values({
      userId: stranger.userId,
      credentialId: 'walk',
      publicKey: new Uint8Array([1]),
      deviceType: 'singleDevice',
      name: 'Walk',
    })
    .returning();
  return row!.id;
}

const csv = (rows: string[][]) => Buffer.from(`${rows.map((row) => row.join(',')).join('\n')}\n`);
const callMetadata = JSON.stringify({ Department: 'Sales', Representative: 'Ann' });

/** A valid form of each multipart route (the route table does not describe forms). */
const formExamples: Record<string, () => Part[]> = {
  createBatch: () => [
    { name: 'prompt_id', value: String(ids.promptId) },
    { name: 'priority', value: '1' },
    {
      name: 'file',
      filename: 'calls.csv',
      contentType: 'text/csv',
      data: csv([
        ['url', 'type', 'date', 'Department', 'Representative'],
        ['https://example.com/a.wav', 'audio', '2026-03-09', 'Sales', 'Ann'],
      ]),
    },
  ],
  importBlacklist: () => [
    { name: 'project_id', value: String(ids.projectId) },
    {
      name: 'file',
      filename: 'numbers.csv',
      contentType: 'text/csv',
      data: csv([
        ['phone_number', 'note'],
        ['+15550004444', 'Walk'],
      ]),
    },
  ],
  uploadFile: () => [
    { name: 'prompt_id', value: String(ids.promptId) },
    { name: 'priority', value: '1' },
    { name: 'scheduled_at', value: '2026-03-09T15:00:00Z' },
    { name: 'force', value: 'false' },
    { name: 'metadata', value: callMetadata },
    { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: wavBytes(0.2, 330) },
  ],
  uploadChunk: () => [
    { name: 'upload_id', value: 'walk-upload-1' },
    { name: 'chunk_index', value: '0' },
    { name: 'chunk_total', value: '1' },
    { name: 'prompt_id', value: String(ids.promptId) },
    { name: 'metadata', value: callMetadata },
    { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: wavBytes(0.2, 340) },
  ],
};

/** A CSV file's text with one cell replaced. */
function withCell(data: Buffer, row: number, column: number, text: string): Buffer {
  const rows = data
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  return csv(
    rows.map((cells, r) => (r === row ? cells.map((cell, c) => (c === column ? text : cell)) : cells)),
  );
}

/**
 * Hostile forms of a multipart route: each text field with each hostile text (the metadata also as JSON holding
 * it, and deeply nested), each CSV cell with each hostile text (and bytes that are no UTF-8), a file over the
 * upload limit.
 */
function formVariants(route: RouteDefinition, valid: RequestInput): Variant[] {
  const example = formExamples[route.operationId];
  if (!example) throw new Error(`${route.operationId}: add a valid form to formExamples`);
  const parts = example();
  return parts.flatMap((part, index) => {
    const form = (replacement: Part, place: string): Variant => ({
      route,
      place: `form ${part.name} ${place}`,
      input: valid,
      form: parts.map((other, i) => (i === index ? replacement : other)),
    });
    if ('value' in part) {
      const texts = [...HOSTILE_TEXTS];
      if (part.name === 'metadata') {
        texts.push(...HOSTILE_TEXTS_SHORT.map((text) => JSON.stringify({ Department: text })));
        texts.push(`${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`);
      }
      return texts.map((value) => form({ ...part, value }, ''));
    }
    if (part.contentType === 'text/csv') {
      const rows = part.data.toString('utf8').trim().split('\n').length;
      const columns = part.data.toString('utf8').split('\n')[0]!.split(',').length;
      const cells = Array.from({ length: rows * columns }, (_, i) => [Math.floor(i / columns), i % columns]);
      const texts = HOSTILE_TEXTS_SHORT;
      const notUtf8 = Buffer.concat([part.data, Buffer.from([0xed, 0xa0, 0x80, 0x00, 0x0a])]);
      return [
        ...cells.flatMap(([row, column]) =>
          texts.map((text) =>
            form(
              { ...part, data: withCell(part.data, row!, column!, text) },
              `row ${row! + 1} column ${column! + 1}`,
            ),
          ),
        ),
        form({ ...part, data: notUtf8 }, 'bytes that are no UTF-8'),
      ];
    }
    return [form({ ...part, data: Buffer.alloc(MAX_UPLOAD_BYTES + 1) }, 'over the upload limit')];
  });
}

// ---------- requests ----------

/** Who calls a route: nobody for public ones, the super admin under /admin and /support, else the owner. */
function callerOf(route: RouteDefinition): Client | null {
  if (route.access === 'public') return null;
  return /^\/(admin|support)\//.test(route.path) ? superAdmin : owner;
}

/** The headers and body of a request (a signed-in one as the web app sends it, from its own pages). */
function requestOf(variant: Variant): RequestInit {
  const client = callerOf(variant.route);
  const headers: Record<string, string> = client
    ? { cookie: `${SESSION_COOKIE}=${client.cookie}`, 'sec-fetch-site': 'same-origin' }
    : {};
  return requestInit(variant, headers);
}

async function send(variant: Variant): Promise<number> {
  const response = await fetch(urlOf(origin, variant.route, variant.input), {
    ...requestOf(variant),
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  return response.status;
}

const isMultipart = (route: RouteDefinition) => route.consumes?.includes('multipart/form-data') ?? false;

/** Every request of the walk, the destructive routes last. */
function walk(): Variant[] {
  const routes = ALL_ROUTES.filter((route) => !SKIPPED.has(route.operationId));
  const ordered = [
    ...routes.filter((r) => r.method !== 'DELETE'),
    ...routes.filter((r) => r.method === 'DELETE'),
  ];
  return ordered.flatMap((route) => {
    const valid = validInput(route);
    if (!isMultipart(route)) {
      // A body the server reads itself (a receiver's signed bytes) gets the hostile JSON of the shape it documents.
      return variantsOf(route.form ? { ...route, body: route.form } : route, valid, idOf);
    }
    return [...variantsOf(route, valid, idOf), ...formVariants(route, valid)];
  });
}

/** Sends the variants, `CONCURRENCY` at a time; the answers of 500 and above, and requests that failed. */
async function run(variants: Variant[], inFlight: Set<Variant>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < variants.length) {
      const variant = variants[next++]!;
      const where = `${variant.route.method} ${variant.route.path} ${variant.place}`;
      inFlight.add(variant);
      try {
        const status = await send(variant);
        if (status >= 500)
          failures.push(`${status} ${where}: ${JSON.stringify(variant.input).slice(0, 200)}`);
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message}`);
      } finally {
        inFlight.delete(variant);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

/** Polls GET /api/health until `done`; the checks that waited over HEALTH_LIMIT_MS and what ran meanwhile. */
async function pollHealth(done: () => boolean, inFlight: Set<Variant>): Promise<string[]> {
  const slow: string[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/health`);
    await response.arrayBuffer();
    const waited = performance.now() - started;
    if (response.status !== 200 || waited > HEALTH_LIMIT_MS) {
      const during = [...inFlight].map((v) => `${v.route.method} ${v.route.path} ${v.place}`).join('; ');
      slow.push(`${response.status} after ${Math.round(waited)} ms, during ${during}`);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_INTERVAL_MS));
  }
  return slow;
}

describe('the hostile-input walk over every route', () => {
  it('has a valid example of every input, so that each hostile value meets the code behind the checks', () => {
    const invalid = ALL_ROUTES.flatMap((route) => {
      const valid = validInput(route);
      return (['params', 'query', 'body'] as const).flatMap((part) => {
        const result = route[part]?.safeParse(part === 'params' ? valid.params : valid[part]);
        return result && !result.success
          ? [`${route.operationId} ${part}: ${result.error.issues[0]?.message}`]
          : [];
      });
    });
    expect(invalid).toEqual([]);
  });

  it('answers every hostile request below 500, and /api/health within 2 s all along', async () => {
    const variants = walk();
    const inFlight = new Set<Variant>();
    let finished = false;
    const slowHealth = pollHealth(() => finished, inFlight);
    const failures = await run(variants, inFlight);
    finished = true;
    expect(failures).toEqual([]);
    expect(await slowHealth).toEqual([]);
  }, 300_000);

  it('leaves no poisoned row: every page reads as before', async () => {
    const reads = ALL_ROUTES.filter(
      (route) => route.method === 'GET' && !SKIPPED.has(route.operationId) && !route.path.includes(':token'),
    );
    const answers = await Promise.all(
      reads.map(async (route) => ({
        route: route.operationId,
        status: await send({ route, place: 'valid', input: validInput(route) }),
      })),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const pages = answers.filter((answer) =>
      ['listAnalyses', 'getAnalysis', 'getProjectDashboard'].includes(answer.route),
    );
    expect(pages.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
