import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PRIVACY_SETTINGS, dataRequestRoutes, privacyRoutes } from '@parley/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import {
  analysisFieldDays,
  analysisFieldValues,
  auditEvents,
  blacklistEntries,
  invoices,
  mediaFiles,
  tasks,
} from '../../db/schema/index.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { SEARCH_LOCK } from './search.ts';

let t: TestApp;
let dataDir: string;
let admin: Client;
let owner: Client;
let otherOwner: Client;
let user: Client;
let teamLeader: Client;
let projectId: number;
let otherProject: number;

const segment = (text: string) => ({ speaker: 'A', text, start: 0, end: 1 });

/** A completed chat analysis with these texts (the transcript as stored, optionally its original). */
async function analysis(
  project: number,
  fields: {
    text: string;
    original?: string;
    title?: string;
    metadata?: Record<string, string>;
    status?: 'completed' | 'processing';
  },
) {
  const id = await insertTextTask(t, project, null, fields.original ?? fields.text);
  const [row] = await t.ctx.db
    .update(tasks)
    .set({
      status: fields.status ?? 'completed',
      title: fields.title ?? null,
      metadata: fields.metadata ?? { Department: 'Sales' },
      transcript: [segment(fields.text)],
      transcriptText: fields.text,
      transcriptOriginal: fields.original ? [segment(fields.original)] : null,
      result: { Greeting: 'ok' },
      finalScore: 70,
      representative: 'Ann',
    })
    .where(eq(tasks.id, id))
    .returning();
  return row!;
}

const search = (
  who: Pick<Client, 'call'>,
  kind: 'phone' | 'email' | 'name',
  value: string,
  project = projectId,
) => who.call(dataRequestRoutes.search, { params: { id: project }, body: { kind, value } });

async function found(kind: 'phone' | 'email' | 'name', value: string) {
  const response = await search(admin, kind, value);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    searched: string;
    matches: Array<{ id: number; places: string[] }>;
    next_before: string | null;
  };
  return { ...data, places: new Map(data.matches.map((match) => [match.id, match.places])) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-data-requests-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  admin = await signUp(t.app);
  owner = await signUp(t.app);
  otherOwner = await signUp(t.app);
  user = await signUp(t.app);
  teamLeader = await signUp(t.app);
  projectId = await createProject(owner, 'Data requests');
  otherProject = await createProject(otherOwner, 'Someone else');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  await addMember(t, projectId, teamLeader, 'teamleader');
  const saved = await owner.call(privacyRoutes.update, {
    params: { id: projectId },
    body: { ...DEFAULT_PRIVACY_SETTINGS, region: 'GB' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('search', () => {
  it('finds a phone number however its digits were written, also where only the original kept it', async () => {
    const spoken = await analysis(projectId, { text: 'Call me back on 020 7946 0958, thanks.' });
    const inMetadata = await analysis(projectId, { text: 'Hello.', metadata: { Phone: '+44-20-7946-0958' } });
    const redacted = await analysis(projectId, {
      text: 'My number is [PHONE_1].',
      original: 'My number is (0044) 20 7946 0958.',
    });
    const longer = await analysis(projectId, { text: 'Order 2079460958123 is on its way.' });
    const elsewhere = await analysis(otherProject, { text: 'Call me back on 020 7946 0958.' });

    for (const written of ['+44 20 7946 0958', '020-7946-0958', '(020) 79460958', '02079460958']) {
      const { places, searched } = await found('phone', written);
      expect(searched).toBe('+44 20 7946 0958');
      expect(places.get(spoken.id), written).toEqual(['transcript']);
      expect(places.get(inMetadata.id), written).toEqual(['metadata']);
      expect(places.get(redacted.id), written).toEqual(['transcript_original']);
      expect(places.has(longer.id)).toBe(false);
      expect(places.has(elsewhere.id)).toBe(false);
    }
  });

  it('finds an email address in any case and a name as whole words; LIKE wildcards are taken literally', async () => {
    const mail = await analysis(projectId, { text: 'Write to Jane.Doe@Example.com please.' });
    const titled = await analysis(projectId, { text: 'Hi.', title: 'Complaint of Jane Doe' });
    const janet = await analysis(projectId, { text: 'Janet Doering called about a refund.' });

    expect((await found('email', 'jane.doe@example.COM')).places.get(mail.id)).toEqual(['transcript']);
    expect((await found('email', 'jane_doe@example.com')).places.has(mail.id)).toBe(false);
    expect((await found('email', '%@example.com')).matches).toEqual([]);

    const byName = await found('name', 'jane  DOE');
    expect(byName.places.get(titled.id)).toEqual(['title']);
    expect(byName.places.has(janet.id)).toBe(false);
    // "Jane.Doe@…" holds both words as words: an address is found by the name it is made of.
    expect(byName.places.get(mail.id)).toEqual(['transcript']);
    expect((await found('name', 'Janet')).places.get(janet.id)).toEqual(['transcript']);
  });

  it('refuses values that cannot be searched, with the field named', async () => {
    for (const [kind, value, code] of [
      ['phone', '12-34', 'invalid_phone'],
      ['email', 'not an address', 'invalid_email'],
      ['name', 'a', 'invalid_name'],
      ['name', 'Jane (.*)+', 'invalid_name'],
    ] as const) {
      const response = await search(admin, kind, value);
      expect(response.statusCode, `${kind} ${value}`).toBe(400);
      expect(response.json().error).toMatchObject({ code, field: 'value' });
    }
  });

  it('runs one search of a project at a time: another while one runs is told to wait (429)', async () => {
    const running = await t.ctx.db.$client.connect();
    try {
      await running.query('BEGIN');
      await running.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [projectId, SEARCH_LOCK]);
      const refused = await search(admin, 'email', 'jane@example.com');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error.code).toBe('search_running');
      // Another project's search is not held up.
      expect((await search(otherOwner, 'email', 'jane@example.com', otherProject)).statusCode).toBe(200);
    } finally {
      await running.query('ROLLBACK');
      running.release();
    }
    expect((await search(admin, 'email', 'jane@example.com')).statusCode).toBe(200);
  });

  it('is for admins, owners and full keys: other members 403, another project 404', async () => {
    expect((await search(owner, 'name', 'Jane')).statusCode).toBe(200);
    const key = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    expect((await search(key, 'name', 'Jane')).statusCode).toBe(200);
    expect((await search(user, 'name', 'Jane')).statusCode).toBe(403);
    expect((await search(teamLeader, 'name', 'Jane')).statusCode).toBe(403);
    expect((await search(otherOwner, 'name', 'Jane')).statusCode).toBe(404);
    const exported = await otherOwner.call(dataRequestRoutes.export, {
      params: { id: projectId },
      query: { task_ids: '1' },
    });
    expect(exported.statusCode).toBe(404);
    const erased = await user.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: { task_ids: [1], kind: 'name', value: 'Jane', confirm: true },
    });
    expect(erased.statusCode).toBe(403);
  });

  it('walks a project in windows: next_before goes on where a page of matches ended', async () => {
    const project = await createProject(owner, 'Many');
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await analysis(project, { text: `Ring Zed Quux, call ${i}` })).id);
    const first = await search(owner, 'name', 'Zed Quux', project);
    expect(first.json().data.matches).toHaveLength(3);
    expect(first.json().data.next_before).toBeNull();
  });
});

function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const auditOf = (action: 'person_data_exported' | 'data_erased') =>
  t.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.projectId, projectId), eq(auditEvents.action, action)));

describe('export', () => {
  it('answers a zip with each analysis as JSON and its media file, and audits it', async () => {
    const chat = 'Customer: my email is sam.person@example.org';
    const one = await analysis(projectId, { text: chat, title: 'Sam' });
    const two = await analysis(projectId, { text: 'Call [PHONE_1]', original: 'Call 07700 900123' });
    const response = await admin.call(dataRequestRoutes.export, {
      params: { id: projectId },
      query: { task_ids: `${one.id},${two.id}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment');
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        `analysis-${one.id}.json`,
        `analysis-${one.id}-media.txt`,
        `analysis-${two.id}.json`,
        `analysis-${two.id}-media.txt`,
      ].sort(),
    );
    const json = JSON.parse(files.get(`analysis-${one.id}.json`)!.toString('utf8'));
    expect(json).toMatchObject({
      id: one.id,
      title: 'Sam',
      transcript_text: chat,
      metadata: { Department: 'Sales' },
    });
    expect(json.transcript[0].text).toBe(chat);
    expect(json.result).toBeTruthy();
    expect(files.get(`analysis-${one.id}-media.txt`)!.toString('utf8')).toBe(chat);
    const second = JSON.parse(files.get(`analysis-${two.id}.json`)!.toString('utf8'));
    expect(second.transcript_original[0].text).toBe('Call 07700 900123');

    const [entry] = await auditOf('person_data_exported');
    expect(entry).toMatchObject({ userId: admin.userId, details: { analyses: 2, media: 2 } });
  });

  it('refuses an id of another project as not found', async () => {
    const foreign = await analysis(otherProject, { text: 'Not yours' });
    const response = await admin.call(dataRequestRoutes.export, {
      params: { id: projectId },
      query: { task_ids: String(foreign.id) },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('erase', () => {
  it('clears the conversations, their media and analytics rows, keeps the ledger anonymous, and blacklists', async () => {
    const number = '07700 900456';
    const target = await analysis(projectId, {
      text: 'Call me on [PHONE_1].',
      original: `Call me on ${number}.`,
      title: 'Callback 07700900456',
      metadata: { Phone: '+447700900456', Department: 'Sales' },
    });
    const bystander = await analysis(projectId, { text: 'Nothing personal here.', title: 'Other' });
    const running = await analysis(projectId, { text: `Live call ${number}`, status: 'processing' });
    const [targetMedia] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, target.mediaId));
    await t.ctx.db
      .update(mediaFiles)
      .set({ fileName: 'call-07700900456.txt', sourceUrl: 'https://example.com/07700900456.txt' })
      .where(eq(mediaFiles.id, target.mediaId));
    const day = new Date().toISOString().slice(0, 10);
    await t.ctx.db.insert(analysisFieldValues).values(
      [target, bystander].map((task) => ({
        taskId: task.id,
        projectId,
        promptId: 0,
        path: 'Final Score',
        valueType: 'final' as const,
        score: 70,
        analysisDate: day,
        unitsMilli: 1000,
      })),
    );
    await t.ctx.db.insert(invoices).values({
      projectId,
      type: 'debit',
      status: 'settled',
      amountMicros: 1000,
      currency: 'USD',
      unitsMilli: 1000,
      description: `Analysis #${target.id}: call-07700900456.txt`,
      reference: 'analysis',
      referenceId: `task:${target.id}`,
    });
    const analysesCounted = async () => {
      const [row] = await t.ctx.db
        .select({ analyses: sql<number>`coalesce(sum(${analysisFieldDays.analyses}), 0)::int` })
        .from(analysisFieldDays)
        .where(and(eq(analysisFieldDays.projectId, projectId), eq(analysisFieldDays.path, 'Final Score')));
      return row!.analyses;
    };
    expect(await analysesCounted()).toBe(2);

    const hits = await found('phone', number);
    expect(hits.places.get(target.id)).toEqual(['title', 'file_name', 'metadata', 'transcript_original']);
    expect(hits.places.get(running.id)).toEqual(['transcript']);

    const refusedUnconfirmed = await admin.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: { task_ids: [target.id], kind: 'phone', value: number, confirm: false },
      unchecked: true,
    });
    expect(refusedUnconfirmed.statusCode).toBe(400);

    const response = await admin.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: {
        task_ids: [target.id, running.id],
        kind: 'phone',
        value: number,
        blacklist: true,
        confirm: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ erased: 1, skipped: 1, media_removed: 1, blacklisted: true });

    const [erased] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, target.id));
    expect(erased).toMatchObject({
      title: null,
      metadata: {},
      transcript: null,
      transcriptText: null,
      transcriptOriginal: null,
      result: null,
      speakerRoles: null,
      finalScore: 70,
      status: 'completed',
    });
    expect(erased!.expiredAt).not.toBeNull();
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, target.mediaId));
    expect(media).toMatchObject({ fileName: '', sourceUrl: null });
    expect(media!.removedAt).not.toBeNull();
    await expect(storageOf(t.ctx.config).get(targetMedia!.storageKey)).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    const values = await t.ctx.db
      .select()
      .from(analysisFieldValues)
      .where(inArray(analysisFieldValues.taskId, [target.id, bystander.id]));
    expect(values.map((row) => row.taskId)).toEqual([bystander.id]);
    expect(await analysesCounted()).toBe(1);

    const ledger = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.referenceId, `task:${target.id}`));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      description: `Analysis #${target.id}`,
      amountMicros: 1000,
      unitsMilli: 1000,
    });

    const [others] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, bystander.id));
    expect(others).toMatchObject({
      title: 'Other',
      transcriptText: 'Nothing personal here.',
      expiredAt: null,
    });
    const [live] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, running.id));
    expect(live!.transcriptText).toContain(number);

    const listed = await t.ctx.db
      .select()
      .from(blacklistEntries)
      .where(eq(blacklistEntries.projectId, projectId));
    expect(listed.map((entry) => entry.phoneNumber)).toContain('+447700900456');

    const after = await found('phone', number);
    expect(after.places.has(target.id)).toBe(false);

    const [entry] = await auditOf('data_erased');
    expect(entry).toMatchObject({
      userId: admin.userId,
      details: { kind: 'phone', analyses: 1, skipped: 1, media_removed: 1, blacklisted: true },
    });
    expect(JSON.stringify(entry!.details)).not.toMatch(/7700|900456/);

    // Erasing again is harmless; a number already listed counts as blacklisted.
    const again = await admin.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: { task_ids: [target.id], kind: 'phone', value: number, blacklist: true, confirm: true },
    });
    expect(again.json().data).toEqual({ erased: 1, skipped: 0, media_removed: 0, blacklisted: true });
  });

  it('offers the blacklist for phone numbers only', async () => {
    const task = await analysis(projectId, { text: 'Hi' });
    const response = await admin.call(dataRequestRoutes.erase, {
      params: { id: projectId },
      body: { task_ids: [task.id], kind: 'email', value: 'a@b.example', blacklist: true, confirm: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'blacklist_needs_phone' });
    const [kept] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(kept!.transcriptText).toBe('Hi');
  });
});
