import { BLACKLIST, BLACKLIST_TEXTS, blacklistRoutes, TEXTS } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, prepare } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { multipart, type Part } from '../../../test/uploads.ts';
import { blacklistEntries } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: Client;
let owner: Client;
let admin: Client;
let teamleader: Client;
let user: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  teamleader = await signUp(t.app);
  user = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Calls');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, teamleader, 'teamleader');
  await addMember(t, projectId, user, 'user');
  otherProjectId = await createProject(stranger, 'Theirs');
});
afterAll(async () => {
  await t.close();
});

const add = (client: Client, phone: string, note?: string, project = projectId) =>
  client.call(blacklistRoutes.create, {
    body: { project_id: project, phone_number: phone, ...(note === undefined ? {} : { note }) },
  });

const list = (client: Client, query: string) =>
  client.request({ method: 'GET', url: `/api/blacklist?${query}` });

function importCsv(
  client: Client,
  content: string | Buffer,
  options: { project?: number; name?: string; fileFirst?: boolean } = {},
) {
  const field: Part = { name: 'project_id', value: String(options.project ?? projectId) };
  const file: Part = {
    name: 'file',
    filename: options.name ?? 'numbers.csv',
    contentType: 'text/csv',
    data: Buffer.isBuffer(content) ? content : Buffer.from(content),
  };
  return client.call(blacklistRoutes.import, {
    form: multipart(options.fileFirst ? [file, field] : [field, file]),
  });
}

async function clear(project = projectId) {
  await t.ctx.db.delete(blacklistEntries).where(eq(blacklistEntries.projectId, project));
}

describe('blacklist entries', () => {
  it('adds a number normalised, with its note, as the spec names the fields', async () => {
    await clear();
    const response = await add(admin, '(555) 123-4567', 'Asked not to be recorded');
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json().data;
    expect(entry).toMatchObject({
      project_id: projectId,
      phone_number: '+15551234567',
      note: 'Asked not to be recorded',
    });
    expect(typeof entry.ID).toBe('number');
    expect(new Date(entry.CreatedAt).getTime()).toBeGreaterThan(0);
    const plain = await add(owner, '44 20 7946 0958');
    expect(plain.json().data).toMatchObject({ phone_number: '+442079460958', note: null });
    const empty = await add(owner, '+49 30 1234567', '');
    expect(empty.json().data.note).toBeNull();
  });

  it('keeps numbers unique per project: 409 on add and edit, the same number elsewhere is fine', async () => {
    await clear();
    const first = (await add(owner, '+1 555 123 4567')).json().data;
    const again = await add(owner, '555-123-4567');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'duplicate_number',
      message: BLACKLIST_TEXTS.duplicate('+15551234567'),
    });
    const second = (await add(owner, '+1 555 999 0000')).json().data;
    const edit = await owner.call(blacklistRoutes.update, {
      params: { id: second.ID },
      body: { phone_number: '(555) 123-4567', note: 'x' },
    });
    expect(edit.statusCode).toBe(409);
    expect((await add(stranger, '+1 555 123 4567', undefined, otherProjectId)).statusCode).toBe(201);
    expect(first.phone_number).toBe('+15551234567');
  });

  it('edits and deletes an entry', async () => {
    await clear();
    const entry = (await add(owner, '+1 555 123 4567', 'old')).json().data;
    const edited = await admin.call(blacklistRoutes.update, {
      params: { id: entry.ID },
      body: { phone_number: '0044 20 7946 0958', note: 'new' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ ID: entry.ID, phone_number: '+00442079460958', note: 'new' });
    const cleared = await admin.call(blacklistRoutes.update, {
      params: { id: entry.ID },
      body: { phone_number: '+44 20 7946 0958' },
    });
    expect(cleared.json().data).toMatchObject({ phone_number: '+442079460958', note: null });
    const removed = await admin.call(blacklistRoutes.remove, { params: { id: entry.ID } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { ok: true } });
    const gone = await admin.call(blacklistRoutes.remove, { params: { id: entry.ID } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(BLACKLIST_TEXTS.notFound);
  });

  it('refuses implausible numbers, blank numbers and long notes with clear messages', async () => {
    for (const [phone, message] of [
      ['', BLACKLIST_TEXTS.phoneRequired],
      ['   ', BLACKLIST_TEXTS.phoneRequired],
      ['12-34', BLACKLIST_TEXTS.phoneInvalid],
      ['call me maybe', BLACKLIST_TEXTS.phoneInvalid],
      ['+1234567890123456', BLACKLIST_TEXTS.phoneInvalid],
    ] as const) {
      const response = await add(owner, phone);
      expect({ phone, status: response.statusCode }).toEqual({ phone, status: 400 });
      // The message is what a person reads; the field it is about comes apart.
      expect(response.json().error).toEqual({ code: 'validation_error', message, field: 'phone_number' });
    }
    const long = await add(owner, '+15550001111', 'x'.repeat(BLACKLIST.noteMax + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ message: BLACKLIST_TEXTS.noteTooLong, field: 'note' });
    expect((await add(owner, '+15550001111', 'x'.repeat(BLACKLIST.noteMax))).statusCode).toBe(201);
  });

  it('names a missing field in words, never by its key', async () => {
    const noPhone = await owner.call(blacklistRoutes.create, {
      unchecked: true,
      body: { project_id: projectId },
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error).toEqual({
      code: 'validation_error',
      message: 'Phone number is required.',
      field: 'phone_number',
    });
    const noProject = await owner.call(blacklistRoutes.create, {
      unchecked: true,
      body: { phone_number: '+15550001111' },
    });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().error).toEqual({
      code: 'validation_error',
      message: 'Project ID is required.',
      field: 'project_id',
    });
  });

  it('pages the list newest first: page from 1, limit default 50', async () => {
    await clear();
    for (let i = 0; i < 55; i += 1) {
      await t.ctx.db.insert(blacklistEntries).values({
        projectId,
        phoneNumber: `+1555000${String(i).padStart(4, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      });
    }
    const first = (await list(owner, `project_id=${projectId}`)).json().data;
    expect(first).toMatchObject({ total: 55, page: 1, limit: 50 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0].phone_number).toBe('+15550000054');
    const second = (await list(admin, `project_id=${projectId}&page=2&limit=50`)).json().data;
    expect(second.data.map((e: { phone_number: string }) => e.phone_number)).toEqual([
      '+15550000004',
      '+15550000003',
      '+15550000002',
      '+15550000001',
      '+15550000000',
    ]);
    const small = (await list(owner, `project_id=${projectId}&page=3&limit=10`)).json().data;
    expect(small.data[0].phone_number).toBe('+15550000034');
    expect((await list(owner, `project_id=${projectId}&limit=101`)).statusCode).toBe(400);
    expect((await list(owner, `project_id=${projectId}&page=0`)).statusCode).toBe(400);
    expect((await list(owner, '')).statusCode).toBe(400);
  });
});

describe('blacklist import', () => {
  it('adds new numbers, skips duplicates (listed or repeated) and reports invalid rows by number', async () => {
    await clear();
    await add(owner, '+15551234567');
    const csv = [
      'Phone_Number,Note',
      '555-123-4567,already listed', // row 2: skipped
      '+44 20 7946 0958,"London, office"', // row 3: added
      '+442079460958,again', // row 4: repeated in the file: skipped
      ',no number', // row 5: failed
      'abc,letters', // row 6: failed
      '', // row 7: empty, ignored
      `+4930123456,${'x'.repeat(501)}`, // row 8: note too long
      '(212) 555-0100', // row 9: added without a note
    ].join('\r\n');
    const response = await importCsv(admin, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: 2,
      skipped: 2,
      failed: 3,
      errors: [
        BLACKLIST_TEXTS.rowMissing(5),
        BLACKLIST_TEXTS.rowInvalid(6, 'abc'),
        BLACKLIST_TEXTS.rowNoteTooLong(8),
      ],
    });
    const rows = await t.ctx.db
      .select({ phone: blacklistEntries.phoneNumber, note: blacklistEntries.note })
      .from(blacklistEntries)
      .where(eq(blacklistEntries.projectId, projectId))
      .orderBy(blacklistEntries.phoneNumber);
    expect(rows).toEqual([
      { phone: '+12125550100', note: null },
      { phone: '+15551234567', note: null },
      { phone: '+442079460958', note: 'London, office' },
    ]);
  });

  it("reads ';' files with a BOM, the file before project_id, and its own export", async () => {
    await clear();
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('note;phone_number\n"a;b";5551112222\n'),
    ]);
    const response = await importCsv(owner, bom, { fileFirst: true });
    expect(response.json()).toEqual({ success: 1, skipped: 0, failed: 0, errors: [] });
    await add(owner, '+4930123456', '=cmd|" /C calc"!A0');
    const exported = await owner.call(blacklistRoutes.export, { query: { project_id: projectId } });
    await clear();
    const again = await importCsv(owner, exported.body);
    expect(again.json()).toEqual({ success: 2, skipped: 0, failed: 0, errors: [] });
    const notes = await t.ctx.db
      .select({ phone: blacklistEntries.phoneNumber, note: blacklistEntries.note })
      .from(blacklistEntries)
      .where(eq(blacklistEntries.projectId, projectId))
      .orderBy(blacklistEntries.phoneNumber);
    // The export's guard quote stays on the note (it is text now), and the number reads back unchanged.
    expect(notes).toEqual([
      { phone: '+15551112222', note: 'a;b' },
      { phone: '+4930123456', note: `'=cmd|" /C calc"!A0` },
    ]);
  });

  it('refuses other files, files without a phone_number column, and files over 10 MB', async () => {
    const wrong = await importCsv(owner, 'phone_number\n+15551234567\n', { name: 'numbers.xlsx' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'csv_only', message: BLACKLIST_TEXTS.csvOnly });
    const noColumn = await importCsv(owner, 'number,note\n+15551234567,x\n');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().error).toEqual({ code: 'invalid_csv', message: BLACKLIST_TEXTS.missingColumn });
    const big = `phone_number,note\n${`+15551234567,${'x'.repeat(100)}\n`.repeat(Math.ceil(BLACKLIST.importMaxBytes / 113) + 1)}`;
    expect(big.length).toBeGreaterThan(BLACKLIST.importMaxBytes);
    await clear();
    const tooBig = await importCsv(owner, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({ code: 'file_too_large', message: BLACKLIST_TEXTS.tooLarge });
    const [left] = await t.ctx.db
      .select()
      .from(blacklistEntries)
      .where(eq(blacklistEntries.projectId, projectId));
    expect(left).toBeUndefined();
    const noProject = await owner.call(blacklistRoutes.import, {
      form: multipart([
        { name: 'file', filename: 'a.csv', data: Buffer.from('phone_number\n+15551234567\n') },
      ]),
    });
    expect(noProject.statusCode).toBe(400);
  });

  it('counts invalid rows beyond the listed errors exactly, and flags bytes that are not UTF-8', async () => {
    await clear();
    const rows = Array.from({ length: BLACKLIST.maxImportErrors + 5 }, () => 'nope');
    const response = await importCsv(owner, `phone_number\n${rows.join('\n')}\n`);
    const body = response.json();
    expect(body.failed).toBe(BLACKLIST.maxImportErrors + 5);
    expect(body.errors).toHaveLength(BLACKLIST.maxImportErrors + 1);
    expect(body.errors.at(-1)).toBe(BLACKLIST_TEXTS.moreErrors(5));
    const latin1 = Buffer.concat([
      Buffer.from('phone_number,note\n+15551234567,Jos'),
      Buffer.from([0xe9, 0x0a]),
    ]);
    expect((await importCsv(owner, latin1)).json()).toEqual({
      success: 0,
      skipped: 0,
      failed: 1,
      errors: [BLACKLIST_TEXTS.rowNotUtf8(2)],
    });
  });
});

describe('blacklist export', () => {
  it('answers a CSV attachment named blacklist-project-{id}-{timestamp}.csv, cells guarded against formulas', async () => {
    await clear();
    await add(owner, '+1 555 123 4567', '=HYPERLINK("http://evil.example","click")');
    await add(owner, '+44 20 7946 0958', '-2+3');
    await add(owner, '+49 30 1234567', '@SUM(A1:A2), "quoted"\r\nline');
    await add(owner, '+33 1 23 45 67 89', 'plain note');
    const response = await admin.call(blacklistRoutes.export, { query: { project_id: projectId } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="blacklist-project-${projectId}-\\d{8}-\\d{6}\\.csv"$`),
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('phone_number,note,created_at');
    expect(lines[1]).toMatch(/^'\+15551234567,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",\d{4}-/);
    expect(lines[2]).toMatch(/^'\+442079460958,'-2\+3,/);
    expect(lines[3]).toBe(`'+49301234567,"'@SUM(A1:A2), ""quoted""`);
    expect(lines[4]).toMatch(/^line",/);
    expect(lines[5]).toMatch(/^'\+33123456789,plain note,/);
    expect(lines[6]).toBe('');
  });

  it('exports only the header for an empty list', async () => {
    await clear();
    const response = await owner.call(blacklistRoutes.export, { query: { project_id: projectId } });
    expect(response.body).toBe('phone_number,note,created_at\r\n');
  });
});

describe('blacklist roles and project isolation', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    await clear();
    await clear(otherProjectId);
    mine = (await add(owner, '+15551230000')).json().data.ID;
    theirs = (await add(stranger, '+15551239999', undefined, otherProjectId)).json().data.ID;
  });

  const routes = (project: number, entry: number) => [
    { name: 'list', call: prepare(blacklistRoutes.list, { query: { project_id: project } }) },
    {
      name: 'add',
      call: prepare(blacklistRoutes.create, { body: { project_id: project, phone_number: '+15557770000' } }),
    },
    {
      name: 'edit',
      call: prepare(blacklistRoutes.update, {
        params: { id: entry },
        body: { phone_number: '+15557770001' },
      }),
    },
    { name: 'delete', call: prepare(blacklistRoutes.remove, { params: { id: entry } }) },
    { name: 'export', call: prepare(blacklistRoutes.export, { query: { project_id: project } }) },
    {
      name: 'import',
      call: prepare(blacklistRoutes.import, {
        form: multipart([
          { name: 'project_id', value: String(project) },
          { name: 'file', filename: 'a.csv', data: Buffer.from('phone_number\n+15557770002\n') },
        ]),
      }),
    },
  ];

  it('answers 403 to users and teamleaders of the project, for every route', async () => {
    for (const client of [user, teamleader]) {
      for (const { name, call } of routes(projectId, mine)) {
        const response = await call.by(client);
        expect({ name, status: response.statusCode }).toEqual({ name, status: 403 });
      }
    }
  });

  it("answers 404 for another project's list and entries, whatever is sent", async () => {
    for (const { name, call } of routes(otherProjectId, theirs)) {
      const response = await call.by(owner);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
    }
    // Invalid bodies do not reveal anything either.
    const invalid = await owner.call(blacklistRoutes.update, {
      params: { id: theirs },
      body: { phone_number: 'x' },
    });
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json().error.message).toBe(BLACKLIST_TEXTS.notFound);
    const post = await owner.call(blacklistRoutes.create, {
      body: { project_id: otherProjectId, phone_number: '' },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.message).toBe(TEXTS.guard.notFound);
    const missing = await owner.call(blacklistRoutes.list, { query: { project_id: '999999' } });
    expect(missing.statusCode).toBe(404);
    // Nothing of theirs changed.
    const [entry] = await t.ctx.db.select().from(blacklistEntries).where(eq(blacklistEntries.id, theirs));
    expect(entry!.phoneNumber).toBe('+15551239999');
    const [added] = await t.ctx.db
      .select()
      .from(blacklistEntries)
      .where(eq(blacklistEntries.phoneNumber, '+15557770002'));
    expect(added).toBeUndefined();
  });

  it('lets admins, owners and super admins use every route', async () => {
    for (const client of [admin, owner, superAdmin]) {
      await clear();
      const entry = (await add(owner, '+15551230000')).json().data.ID;
      for (const { name, call } of routes(projectId, entry)) {
        const response = await call.by(client);
        expect({ name, status: response.statusCode }).toEqual({ name, status: name === 'add' ? 201 : 200 });
      }
    }
  });

  it('answers 401 to anonymous callers', async () => {
    const anonymous = { call: caller(t.app, {}) };
    for (const { name, call } of routes(projectId, mine)) {
      const response = await call.by(anonymous);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
    }
  });
});
