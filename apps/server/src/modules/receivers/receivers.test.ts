import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  dataRequestRoutes,
  projectRoutes,
  RECEIVERS,
  type ReceiverCreateRequest,
  receiverRoutes,
  UPLOAD_TEXTS,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENCRYPTION_KEY } from '../../../test/drive.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund, wavBytes } from '../../../test/uploads.ts';
import {
  blacklistEntries,
  mediaFiles,
  phoneReceivers,
  prompts,
  receiverEvents,
  tasks,
} from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { processReceiverEvent } from './jobs.ts';

const PUBLIC_URL = 'http://parley.test';

let t: TestApp;
let owner: Client;
let admin: Client;
let user: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
let promptId: number;

/** Requests the fake phone-system servers saw: path and Authorization header. */
interface Seen {
  path: string;
  authorization: string | undefined;
}
let media: Server;
let mediaOrigin: string;
let storage: Server;
let storageOrigin: string;
const seenByMedia: Seen[] = [];
const seenByStorage: Seen[] = [];
/** Paths the media server answers 503 once. */
const busyOnce = new Set<string>();
/** Paths whose first request the media server holds until the test answers it (audio, or 503 when busy). */
const heldOnce = new Set<string>();
const held: Array<(busy: boolean) => void> = [];
/** A different tone per path, so that every recording is new bytes (not a duplicate of another test's). */
const tones = new Map<string, number>();

const TWILIO_ACCOUNT = `AC${'1'.repeat(32)}`;
const TWILIO_TOKEN = randomBytes(16).toString('hex');
const ZOOM_SECRET = randomBytes(11).toString('hex');
const ZOOM_DOWNLOAD_TOKEN = 'zoom-download-token';
const AIRCALL_TOKEN = randomBytes(16).toString('hex');
const twilioBasic = `Basic ${Buffer.from(`${TWILIO_ACCOUNT}:${TWILIO_TOKEN}`).toString('base64')}`;

function sendAudio(response: ServerResponse, path: string, type = 'audio/mpeg') {
  if (!tones.has(path)) tones.set(path, 300 + tones.size * 37);
  const bytes = wavBytes(0.3, tones.get(path)!);
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  response.end(bytes);
}

/**
 * The providers' media servers: Twilio's recordings want HTTP basic auth (and one redirects to storage on
 * another origin, as Twilio's do to S3), Zoom's a Bearer download token (and redirect to storage); Aircall's
 * and generic links are plain.
 */
function startMedia(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seenByMedia.push({ path: url.pathname, authorization: request.headers.authorization });
    const busy = () => {
      response.writeHead(503);
      response.end('busy');
    };
    if (busyOnce.delete(url.pathname)) return busy();
    if (heldOnce.delete(url.pathname)) {
      held.push((answerBusy) => (answerBusy ? busy() : sendAudio(response, url.pathname)));
      return;
    }
    const wants = url.pathname.startsWith('/twilio/')
      ? twilioBasic
      : url.pathname.startsWith('/zoom/')
        ? `Bearer ${ZOOM_DOWNLOAD_TOKEN}`
        : undefined;
    if (wants && request.headers.authorization !== wants) {
      response.writeHead(401);
      return response.end('unauthorized');
    }
    if (url.pathname.includes('to-storage')) {
      const name = url.pathname.split('/').pop();
      response.writeHead(302, { location: `${storageOrigin}/signed/${name}?X-Amz-Signature=abc` });
      return response.end();
    }
    sendAudio(response, url.pathname);
  });
}

function startStorage(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seenByStorage.push({ path: url.pathname, authorization: request.headers.authorization });
    sendAudio(response, url.pathname, 'application/octet-stream');
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  media = startMedia();
  storage = startStorage();
  mediaOrigin = await listen(media);
  storageOrigin = await listen(storage);
  t = await startTestApp(
    {},
    { PUBLIC_URL, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, URL_UPLOAD_ALLOW_HOSTS: '127.0.0.1' },
  );
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  user = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Calls');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'QA');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => media?.close(resolve));
  await new Promise((resolve) => storage?.close(resolve));
});

async function createReceiver(
  client: Pick<Client, 'call'>,
  body: Partial<ReceiverCreateRequest> & Pick<ReceiverCreateRequest, 'kind'>,
  project = projectId,
) {
  const response = await client.call(receiverRoutes.create, {
    params: { id: project },
    body: { name: `${body.kind} line`, prompt_id: promptId, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; url: string; secret: string | null };
}

/** The receiver's address as the app is asked for it (PUBLIC_URL stripped), with an optional query. */
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

function post(
  url: string,
  payload: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: pathOf(url), payload, headers });
}

/** Works the queued call events as a worker would; answers how many it took. */
async function work(options: { lastAttempt: boolean } = { lastAttempt: true }): Promise<number> {
  const { boss } = t.ctx;
  const jobs = await boss.fetch<{ eventId: number }>(QUEUES.receiverEvents, { batchSize: 100 });
  for (const job of jobs) await processReceiverEvent(t.ctx, job.data.eventId, options);
  if (jobs.length > 0)
    await boss.complete(
      QUEUES.receiverEvents,
      jobs.map((job) => job.id),
    );
  return jobs.length;
}

const eventRow = async (id: number) =>
  (await t.ctx.db.select().from(receiverEvents).where(eq(receiverEvents.id, id)))[0]!;
const taskRow = async (id: number) => (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const eventCount = async (receiverId: number) =>
  (await t.ctx.db.select().from(receiverEvents).where(eq(receiverEvents.receiverId, receiverId))).length;

// ---------- how each provider signs (computed here from its documentation, not with the server's code) ----------

/** Twilio: base64 HMAC-SHA1 with the Auth Token of the full URL and each POST parameter's name and value, sorted by name. */
function twilioSigned(url: string, params: Record<string, string>, token = TWILIO_TOKEN) {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return {
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': createHmac('sha1', token).update(data).digest('base64'),
    },
  };
}

/** Zoom: x-zm-signature = v0= + hex HMAC-SHA256 with the Secret Token of 'v0:{timestamp}:{body}'. */
function zoomSigned(body: object, at = Date.now(), secret = ZOOM_SECRET) {
  const payload = JSON.stringify(body);
  const timestamp = String(Math.floor(at / 1000));
  const hash = createHmac('sha256', secret).update(`v0:${timestamp}:${payload}`).digest('hex');
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-zm-request-timestamp': timestamp,
      'x-zm-signature': `v0=${hash}`,
    },
  };
}

/** Standard Webhooks, signed with the standardwebhooks package. */
function genericSigned(
  body: object,
  secret: string,
  id = `msg_${randomBytes(6).toString('hex')}`,
  at = new Date(),
) {
  const payload = JSON.stringify(body);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, payload),
    },
  };
}

describe('receivers', () => {
  it('are managed by admins, owners and full keys; users 403, other projects 404, media keys refused', async () => {
    const created = await createReceiver(admin, { kind: 'twilio', secret: TWILIO_TOKEN });
    expect(created.secret).toBeNull();
    expect(created.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/receivers/[A-Za-z0-9_-]{32}$`));
    const [stored] = await t.ctx.db.select().from(phoneReceivers).where(eq(phoneReceivers.id, created.id));
    expect(stored!.secret).toMatch(/^v1\./);
    expect(stored!.secret).not.toContain(TWILIO_TOKEN);

    const list = await owner.call(receiverRoutes.list, { params: { id: projectId } });
    const listed = list.json().data.find((r: { id: number }) => r.id === created.id);
    expect(listed).toMatchObject({
      kind: 'twilio',
      prompt_id: promptId,
      enabled: true,
      date_source: 'RecordingStartTime',
      url: created.url,
      last_event_at: null,
    });
    expect(listed.mapping).toContainEqual({ source: 'agent', metadata: 'Representative' });
    expect(listed).not.toHaveProperty('secret');

    const params = { id: projectId, receiverId: created.id };
    expect((await user.call(receiverRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    expect((await user.call(receiverRoutes.update, { params, body: { enabled: false } })).statusCode).toBe(
      403,
    );
    expect((await user.call(receiverRoutes.events, { params, query: {} })).statusCode).toBe(403);
    expect((await stranger.call(receiverRoutes.list, { params: { id: projectId } })).statusCode).toBe(404);
    // Another project's owner reaches this receiver through neither project.
    const elsewhere = { id: otherProjectId, receiverId: created.id };
    expect((await stranger.call(receiverRoutes.update, { params: elsewhere, body: {} })).statusCode).toBe(
      404,
    );
    expect((await stranger.call(receiverRoutes.delete, { params: elsewhere })).statusCode).toBe(404);
    expect((await stranger.call(receiverRoutes.events, { params: elsewhere, query: {} })).statusCode).toBe(
      404,
    );

    const full = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    const mediaKey = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    expect((await full.call(receiverRoutes.list, { params: { id: projectId } })).statusCode).toBe(200);
    expect((await full.call(receiverRoutes.events, { params, query: {} })).statusCode).toBe(200);
    expect((await mediaKey.call(receiverRoutes.list, { params: { id: projectId } })).statusCode).toBe(403);
    expect(
      (
        await mediaKey.call(receiverRoutes.create, {
          params: { id: projectId },
          body: { kind: 'generic', name: 'x', prompt_id: promptId },
        })
      ).statusCode,
    ).toBe(403);
    expect((await full.call(receiverRoutes.list, { params: { id: otherProjectId } })).statusCode).toBe(404);
    const byKey = await createReceiver(full, { kind: 'generic' });
    expect(byKey.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const updated = await admin.call(receiverRoutes.update, {
      params,
      body: { name: 'Support line', mapping: [{ source: 'queue', metadata: 'Department' }], date_source: '' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Support line',
      mapping: [{ source: 'queue', metadata: 'Department' }],
      date_source: '',
      url: created.url,
    });
    expect((await owner.call(receiverRoutes.delete, { params })).statusCode).toBe(200);
    expect((await owner.call(receiverRoutes.delete, { params })).statusCode).toBe(404);
    expect(
      (
        await post(created.url, 'RecordingStatus=completed', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).statusCode,
    ).toBe(404);
    await owner.call(receiverRoutes.delete, { params: { id: projectId, receiverId: byKey.id } });
  });

  it("refuse another project's prompt, a provider's kind without its secret, a new secret for a generic one, and more than the limit", async () => {
    const foreignPrompt = await createPrompt(stranger, otherProjectId, 'Theirs');
    const wrongPrompt = await owner.call(receiverRoutes.create, {
      params: { id: projectId },
      body: { kind: 'aircall', name: 'A', prompt_id: foreignPrompt, secret: AIRCALL_TOKEN },
    });
    expect(wrongPrompt.statusCode).toBe(422);
    expect(wrongPrompt.json().error).toMatchObject({ code: 'invalid_value', field: 'prompt_id' });
    const noSecret = await owner.call(receiverRoutes.create, {
      params: { id: projectId },
      body: { kind: 'zoom', name: 'Z', prompt_id: promptId },
    });
    expect(noSecret.statusCode).toBe(400);

    const generic = await createReceiver(owner, { kind: 'generic' });
    const newSecret = await owner.call(receiverRoutes.update, {
      params: { id: projectId, receiverId: generic.id },
      body: { secret: 'mine' },
    });
    expect(newSecret.statusCode).toBe(422);
    expect(newSecret.json().error.field).toBe('secret');

    const project = await createProject(owner, 'Many lines');
    const prompt = await createPrompt(owner, project, 'P');
    for (let i = 0; i < RECEIVERS.receiversMax; i += 1) {
      await createReceiver(owner, { kind: 'generic', prompt_id: prompt }, project);
    }
    const over = await owner.call(receiverRoutes.create, {
      params: { id: project },
      body: { kind: 'generic', name: 'One more', prompt_id: prompt },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('too_many_receivers');
    await owner.call(receiverRoutes.delete, { params: { id: projectId, receiverId: generic.id } });
  });
});

describe('a Twilio receiver', () => {
  let receiver: { id: number; url: string };
  beforeAll(async () => {
    receiver = await createReceiver(owner, {
      kind: 'twilio',
      secret: TWILIO_TOKEN,
      mapping: [
        { source: 'agent', metadata: 'Representative' },
        { source: 'queue', metadata: 'Department' },
        { source: 'CallSid', metadata: 'Call' },
      ],
    });
  });

  const callback = (sid: string, path = sid, extra: Record<string, string> = {}) => ({
    AccountSid: TWILIO_ACCOUNT,
    CallSid: `CA${sid}`,
    RecordingSid: sid,
    RecordingUrl: `${mediaOrigin}/twilio/2010-04-01/Accounts/${TWILIO_ACCOUNT}/Recordings/${path}`,
    RecordingStatus: 'completed',
    RecordingStartTime: 'Tue, 24 Nov 2026 15:30:05 +0000',
    RecordingDuration: '42',
    RecordingChannels: '2',
    RecordingSource: 'DialVerb',
    ...extra,
  });

  it('takes a signed recording callback: fetched with basic auth, analysed with the mapped metadata and the call date', async () => {
    const address = `${receiver.url}?agent=Anna&queue=Sales`;
    const { payload, headers } = twilioSigned(address, callback('RE0001'));
    const response = await post(address, payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    const { event_id, status } = response.json().data;
    expect(status).toBe('received');

    expect(await work()).toBe(1);
    const event = await eventRow(event_id);
    expect(event).toMatchObject({
      externalId: 'RE0001',
      eventType: 'completed',
      status: 'queued',
      reason: null,
      metadata: { Representative: 'Anna', Department: 'Sales', Call: 'CARE0001' },
      download: null,
    });
    expect(event.conversationAt?.toISOString()).toBe('2026-11-24T15:30:05.000Z');
    const task = await taskRow(event.taskId!);
    expect(task).toMatchObject({
      representative: 'Anna',
      department: 'Sales',
      createdBy: owner.userId,
      promptId,
      status: 'queued',
    });
    expect(task.conversationAt?.toISOString()).toBe('2026-11-24T15:30:05.000Z');
    const [file] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task.mediaId));
    expect(file!.fileName).toBe('RE0001.mp3');
    expect(file!.sourceUrl).toBe(
      `${mediaOrigin}/twilio/2010-04-01/Accounts/${TWILIO_ACCOUNT}/Recordings/RE0001.mp3`,
    );
    expect(seenByMedia.find((seen) => seen.path.endsWith('/RE0001.mp3'))?.authorization).toBe(twilioBasic);
    const [row] = await t.ctx.db.select().from(phoneReceivers).where(eq(phoneReceivers.id, receiver.id));
    expect(row!.lastEventAt).not.toBeNull();

    // Twilio retries a callback it thinks failed: the same recording is answered, not taken again.
    const again = await post(address, payload, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ event_id, status: 'queued' });
    expect(await work()).toBe(0);
    expect(await eventCount(receiver.id)).toBe(1);

    const listed = await owner.call(receiverRoutes.events, {
      params: { id: projectId, receiverId: receiver.id },
      query: { page_size: 10 },
    });
    expect(listed.json().data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(listed.json().data.items[0]).toMatchObject({
      id: event_id,
      external_id: 'RE0001',
      status: 'queued',
      task_id: event.taskId,
      metadata: { Representative: 'Anna', Department: 'Sales' },
      conversation_at: '2026-11-24T15:30:05.000Z',
    });
  });

  it('refuses a wrong signature (401) and stores nothing; ignores callbacks of recordings not completed', async () => {
    const before = await eventCount(receiver.id);
    const forged = twilioSigned(receiver.url, callback('RE0002'), 'not-the-token');
    expect((await post(receiver.url, forged.payload, forged.headers)).statusCode).toBe(401);
    // Signed for one address, sent to another (the query is part of what is signed).
    const signed = twilioSigned(`${receiver.url}?agent=Anna`, callback('RE0002'));
    expect((await post(`${receiver.url}?agent=Bob`, signed.payload, signed.headers)).statusCode).toBe(401);
    const unsigned = await post(receiver.url, signed.payload, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe('invalid_signature');

    const absent = twilioSigned(receiver.url, callback('RE0003', 'RE0003', { RecordingStatus: 'absent' }));
    const ignored = await post(receiver.url, absent.payload, absent.headers);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data).toEqual({ event_id: null, status: 'ignored' });
    expect(await eventCount(receiver.id)).toBe(before);
    expect(await work()).toBe(0);
  });

  it('sends its basic auth to the recording origin only, not to the storage a redirect leads to', async () => {
    const { payload, headers } = twilioSigned(receiver.url, callback('RE0004', 'RE0004-to-storage'));
    const response = await post(receiver.url, payload, headers);
    expect(await work()).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event.status, event.reason ?? '').toBe('queued');
    expect(seenByMedia.find((seen) => seen.path.endsWith('/RE0004-to-storage.mp3'))?.authorization).toBe(
      twilioBasic,
    );
    const redirected = seenByStorage.find((seen) => seen.path === '/signed/RE0004-to-storage.mp3');
    expect(redirected).toBeDefined();
    expect(redirected!.authorization).toBeUndefined();
  });

  it('retries a recording server that is busy, then takes the call', async () => {
    const path = `/twilio/2010-04-01/Accounts/${TWILIO_ACCOUNT}/Recordings/RE0005.mp3`;
    busyOnce.add(path);
    const { payload, headers } = twilioSigned(receiver.url, callback('RE0005'));
    const eventId = (await post(receiver.url, payload, headers)).json().data.event_id;
    const { boss } = t.ctx;
    const [job] = await boss.fetch<{ eventId: number }>(QUEUES.receiverEvents);
    await expect(
      processReceiverEvent(t.ctx, job!.data.eventId, { lastAttempt: false }),
    ).rejects.toBeInstanceOf(RetryLater);
    expect(await eventRow(eventId)).toMatchObject({
      status: 'received',
      reason: expect.stringContaining('503'),
    });
    await processReceiverEvent(t.ctx, job!.data.eventId, { lastAttempt: false });
    await boss.complete(QUEUES.receiverEvents, job!.id);
    expect(await eventRow(eventId)).toMatchObject({ status: 'queued', reason: null });
  });
});

describe('a Zoom receiver', () => {
  let receiver: { id: number; url: string };
  beforeAll(async () => {
    receiver = await createReceiver(owner, { kind: 'zoom', secret: ZOOM_SECRET });
  });

  const completed = (uuid: string) => ({
    event: 'recording.completed',
    event_ts: Date.now(),
    payload: {
      account_id: 'acc',
      object: {
        uuid,
        id: 123456789,
        host_email: 'anna@example.com',
        topic: 'Renewal call',
        start_time: '2026-11-20T09:15:00Z',
        duration: 30,
        recording_files: [
          {
            id: `${uuid}-video`,
            file_type: 'MP4',
            file_extension: 'MP4',
            download_url: `${mediaOrigin}/zoom/rec/${uuid}-video`,
            recording_type: 'shared_screen_with_speaker_view',
          },
          {
            id: `${uuid}-audio`,
            file_type: 'M4A',
            file_extension: 'M4A',
            download_url: `${mediaOrigin}/zoom/rec/${uuid}-audio-to-storage`,
            recording_type: 'audio_only',
          },
          {
            id: `${uuid}-chat`,
            file_type: 'CHAT',
            file_extension: 'TXT',
            download_url: `${mediaOrigin}/zoom/rec/${uuid}-chat`,
          },
        ],
      },
    },
    download_token: ZOOM_DOWNLOAD_TOKEN,
  });

  it("answers Zoom's URL validation with the token Zoom expects, only when signed", async () => {
    const body = {
      event: 'endpoint.url_validation',
      event_ts: Date.now(),
      payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' },
    };
    const { payload, headers } = zoomSigned(body);
    const response = await post(receiver.url, payload, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', ZOOM_SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    });
    const unsigned = zoomSigned(body, Date.now(), 'another secret');
    expect((await post(receiver.url, unsigned.payload, unsigned.headers)).statusCode).toBe(401);
  });

  it('takes recording.completed with its audio-only file, fetched with the download token', async () => {
    const { payload, headers } = zoomSigned(completed('uuid-1=='));
    const response = await post(receiver.url, payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(await work()).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event).toMatchObject({
      externalId: 'uuid-1==:uuid-1==-audio',
      eventType: 'recording.completed',
      status: 'queued',
      metadata: { Representative: 'anna@example.com', Topic: 'Renewal call' },
    });
    expect(event.conversationAt?.toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect(
      seenByMedia.find((seen) => seen.path === '/zoom/rec/uuid-1==-audio-to-storage')?.authorization,
    ).toBe(`Bearer ${ZOOM_DOWNLOAD_TOKEN}`);
    expect(
      seenByStorage.find((seen) => seen.path === '/signed/uuid-1==-audio-to-storage')?.authorization,
    ).toBeUndefined();
    const task = await taskRow(event.taskId!);
    expect(task).toMatchObject({ representative: 'anna@example.com' });
    const [file] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task.mediaId));
    expect(file!.fileName).toBe('zoom-uuid-1__-audio.m4a');
  });

  it('refuses an old timestamp (401) and ignores other events', async () => {
    const before = await eventCount(receiver.id);
    const old = zoomSigned(completed('uuid-2'), Date.now() - (RECEIVERS.toleranceSeconds + 60) * 1000);
    const refused = await post(receiver.url, old.payload, old.headers);
    expect(refused.statusCode).toBe(401);
    const started = zoomSigned({ event: 'meeting.started', payload: { object: { uuid: 'uuid-3' } } });
    expect((await post(receiver.url, started.payload, started.headers)).json().data).toEqual({
      event_id: null,
      status: 'ignored',
    });
    expect(await eventCount(receiver.id)).toBe(before);
  });
});

describe('an Aircall receiver', () => {
  let receiver: { id: number; url: string };
  beforeAll(async () => {
    receiver = await createReceiver(owner, { kind: 'aircall', secret: AIRCALL_TOKEN });
  });

  const ended = (id: number, extra: Record<string, unknown> = {}) => ({
    resource: 'call',
    event: 'call.ended',
    timestamp: Math.floor(Date.now() / 1000),
    token: AIRCALL_TOKEN,
    data: {
      id,
      direction: 'inbound',
      started_at: 1795534200,
      raw_digits: '+1 555 000 1234',
      user: { id: 1, name: 'Bob Agent' },
      number: { id: 2, name: 'Support', digits: '+1 555 000 9999' },
      recording: `${mediaOrigin}/aircall/${id}.mp3?X-Amz-Signature=secret`,
      ...extra,
    },
  });
  const sent = (body: object) =>
    post(receiver.url, JSON.stringify(body), { 'content-type': 'application/json' });

  it('takes call.ended with its recording; the stored source keeps no signature', async () => {
    const response = await sent(ended(9001));
    expect(response.statusCode, response.body).toBe(200);
    expect(await work()).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event).toMatchObject({
      externalId: '9001',
      eventType: 'call.ended',
      status: 'queued',
      metadata: {
        Representative: 'Bob Agent',
        Department: 'Support',
        Direction: 'inbound',
        Phone: '+1 555 000 1234',
      },
    });
    expect(event.conversationAt?.toISOString()).toBe('2026-11-24T15:30:00.000Z');
    const task = await taskRow(event.taskId!);
    const [file] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task.mediaId));
    expect(file!.sourceUrl).toBe(`${mediaOrigin}/aircall/9001.mp3`);

    // Erasing the person's analysis (GDPR) clears what the mapping kept of the call; the row stays.
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    const erased = await owner.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: { task_ids: [task.id], kind: 'phone', value: '+1 555 000 1234', confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({ externalId: '9001', metadata: {} });
    expect((await sent(ended(9001))).json().data).toEqual({ event_id: event.id, status: 'queued' });
  });

  it('refuses a wrong token and ignores calls without a recording', async () => {
    const before = await eventCount(receiver.id);
    expect((await sent({ ...ended(9002), token: 'wrong' })).statusCode).toBe(401);
    expect((await sent({ ...ended(9002), token: undefined })).statusCode).toBe(401);
    expect((await sent(ended(9003, { recording: null }))).json().data).toEqual({
      event_id: null,
      status: 'ignored',
    });
    expect((await sent({ ...ended(9004), event: 'call.created' })).json().data.status).toBe('ignored');
    expect(await eventCount(receiver.id)).toBe(before);
  });

  it('skips a blacklisted caller', async () => {
    await t.ctx.db.insert(blacklistEntries).values({ projectId, phoneNumber: '+15550004321' });
    const response = await sent(ended(9005, { raw_digits: '+1 555 000 4321' }));
    expect(await work()).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event).toMatchObject({ status: 'skipped', reason: "The caller's number is on the blacklist." });
    expect((await taskRow(event.taskId!)).status).toBe('skipped');
  });
});

describe('a generic receiver', () => {
  let receiver: { id: number; url: string; secret: string | null };
  beforeAll(async () => {
    receiver = await createReceiver(owner, { kind: 'generic' });
  });

  const call = (id: string, extra: Record<string, unknown> = {}) => ({
    recording_url: `${mediaOrigin}/generic/${id}.mp3`,
    call_id: id,
    started_at: '2026-11-23T10:00:00+02:00',
    agent: 'Cleo',
    queue: 'Renewals',
    direction: 'outbound',
    caller_number: '+15550007777',
    ...extra,
  });

  it('takes a Standard Webhooks signed call, verified with the whsec_ secret it answered once', async () => {
    const { payload, headers } = genericSigned(call('g-1'), receiver.secret!);
    const response = await post(receiver.url, payload, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(await work()).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event).toMatchObject({
      externalId: 'g-1',
      eventType: 'recording',
      status: 'queued',
      metadata: {
        Representative: 'Cleo',
        Department: 'Renewals',
        Direction: 'outbound',
        Phone: '+15550007777',
      },
    });
    expect(event.conversationAt?.toISOString()).toBe('2026-11-23T08:00:00.000Z');

    // Without a call_id the webhook-id names the call: a redelivery of the same message is not taken again.
    const message = genericSigned(call('g-2', { call_id: undefined }), receiver.secret!, 'msg_fixed');
    const first = await post(receiver.url, message.payload, message.headers);
    const second = await post(receiver.url, message.payload, message.headers);
    expect(second.json().data.event_id).toBe(first.json().data.event_id);
    expect((await eventRow(first.json().data.event_id)).externalId).toBe('msg_fixed');
    expect(await work()).toBe(1);
  });

  it('refuses a wrong signature or an old one (401), and a body without a recording link (400)', async () => {
    const before = await eventCount(receiver.id);
    const wrong = genericSigned(call('g-3'), `whsec_${randomBytes(32).toString('base64')}`);
    expect((await post(receiver.url, wrong.payload, wrong.headers)).statusCode).toBe(401);
    const old = genericSigned(call('g-3'), receiver.secret!, 'msg_old', new Date(Date.now() - 10 * 60_000));
    const refused = await post(receiver.url, old.payload, old.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toContain('5 minutes');
    const tampered = genericSigned(call('g-3'), receiver.secret!);
    const changed = tampered.payload.replace('Cleo', 'Eve');
    expect((await post(receiver.url, changed, tampered.headers)).statusCode).toBe(401);
    const linkless = genericSigned({ call_id: 'g-4' }, receiver.secret!);
    expect((await post(receiver.url, linkless.payload, linkless.headers)).statusCode).toBe(400);
    const huge = genericSigned(
      call('g-5', { padding: 'x'.repeat(RECEIVERS.bodyMaxBytes) }),
      receiver.secret!,
    );
    expect((await post(receiver.url, huge.payload, huge.headers)).statusCode).toBe(413);
    const text = await post(receiver.url, 'recording_url=x', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(await eventCount(receiver.id)).toBe(before);
  });

  it("keeps an event as the attempt that settled it left it: a cut-off worker's late failure changes nothing", async () => {
    heldOnce.add('/generic/g-held.mp3');
    const { payload, headers } = genericSigned(call('g-held'), receiver.secret!);
    const eventId: number = (await post(receiver.url, payload, headers)).json().data.event_id;
    const [job] = await t.ctx.boss.fetch<{ eventId: number }>(QUEUES.receiverEvents);
    expect(job!.data.eventId).toBe(eventId);
    // The job's attempt hangs on the download (its worker cut off) while its next attempt takes the call.
    const late = processReceiverEvent(t.ctx, eventId, { lastAttempt: false });
    await waitUntil(
      async () => held.length,
      (n) => n === 1,
      10_000,
    );
    await processReceiverEvent(t.ctx, eventId, { lastAttempt: false });
    const settled = await eventRow(eventId);
    expect(settled).toMatchObject({ status: 'queued', reason: null });

    // The late download fails for a passing reason: nothing is left to retry, and the event keeps its outcome.
    held.shift()!(true);
    await late;
    expect(await eventRow(eventId)).toMatchObject({ status: 'queued', reason: null, taskId: settled.taskId });
    await t.ctx.boss.complete(QUEUES.receiverEvents, job!.id);
  });

  it('settles an event whose attempt made its analysis and stopped before saying so, without downloading again', async () => {
    const { payload, headers } = genericSigned(call('g-linked'), receiver.secret!);
    const eventId: number = (await post(receiver.url, payload, headers)).json().data.event_id;
    const { download } = await eventRow(eventId);
    expect(await work()).toBe(1);
    const made = await eventRow(eventId);
    expect(made).toMatchObject({ status: 'queued' });
    // As a worker cut off right after the analysis's transaction leaves the event: linked, not settled.
    await t.ctx.db
      .update(receiverEvents)
      .set({ status: 'received', download })
      .where(eq(receiverEvents.id, eventId));
    const downloads = seenByMedia.length;
    await processReceiverEvent(t.ctx, eventId, { lastAttempt: false });
    expect(await eventRow(eventId)).toMatchObject({ status: 'queued', taskId: made.taskId, download: null });
    expect(seenByMedia.length).toBe(downloads);
    const { mediaId } = await taskRow(made.taskId!);
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.mediaId, mediaId))).toHaveLength(1);
  });

  it('fails the event with the reason when the project has no balance left', async () => {
    // Not the owner's first project: no starter units, no balance.
    const poor = await createProject(owner, 'No balance');
    const prompt = await createPrompt(owner, poor, 'P');
    const broke = await createReceiver(owner, { kind: 'generic', prompt_id: prompt }, poor);
    const { payload, headers } = genericSigned(call('g-5'), broke.secret!);
    const response = await post(broke.url, payload, headers);
    expect(response.statusCode).toBe(200);
    expect(await work({ lastAttempt: false })).toBe(1);
    const event = await eventRow(response.json().data.event_id);
    expect(event.status).toBe('failed');
    expect(event.reason).toBe(UPLOAD_TEXTS.insufficientFunds);
    expect(event.taskId).toBeNull();
    expect(event.download).toBeNull();
  });
});

describe('the receiving address', () => {
  it('answers 429 to a client past 600 requests a minute; other clients go on', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/receivers/${'x'.repeat(40)}`,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
        remoteAddress,
      });
    for (let i = 0; i < 600; i += 1) expect((await from('198.51.100.7')).statusCode).toBe(404);
    const limited = await from('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await from('198.51.100.8')).statusCode).toBe(404);
  });
});

describe('receivers and what they refer to', () => {
  it('404 when disabled; a deleted prompt fails the next call; a project with receivers and events can be deleted', async () => {
    const project = await createProject(owner, 'Short-lived');
    await fund(t, project);
    const prompt = await createPrompt(owner, project, 'Doomed');
    const receiver = await createReceiver(owner, { kind: 'generic', prompt_id: prompt }, project);
    const params = { id: project, receiverId: receiver.id };

    await owner.call(receiverRoutes.update, { params, body: { enabled: false } });
    const off = genericSigned(
      { recording_url: `${mediaOrigin}/generic/off.mp3`, call_id: 'off' },
      receiver.secret!,
    );
    expect((await post(receiver.url, off.payload, off.headers)).statusCode).toBe(404);
    await owner.call(receiverRoutes.update, { params, body: { enabled: true } });

    const taken = genericSigned(
      { recording_url: `${mediaOrigin}/generic/kept.mp3`, call_id: 'kept' },
      receiver.secret!,
    );
    expect((await post(receiver.url, taken.payload, taken.headers)).statusCode).toBe(200);
    expect(await work()).toBe(1);

    await t.ctx.db.delete(prompts).where(eq(prompts.id, prompt));
    const listed = await owner.call(receiverRoutes.list, { params: { id: project } });
    expect(listed.json().data[0].prompt_id).toBeNull();
    const orphan = genericSigned(
      { recording_url: `${mediaOrigin}/generic/orphan.mp3`, call_id: 'orphan' },
      receiver.secret!,
    );
    const response = await post(receiver.url, orphan.payload, orphan.headers);
    expect(await work()).toBe(1);
    expect(await eventRow(response.json().data.event_id)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('no prompt'),
    });

    const deleted = await owner.call(projectRoutes.remove, {
      params: { id: project },
      body: { confirm_name: 'Short-lived' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.ctx.db.select().from(phoneReceivers).where(eq(phoneReceivers.projectId, project));
    expect(left).toEqual([]);
  });
});
