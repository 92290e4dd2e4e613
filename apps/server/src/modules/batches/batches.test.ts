import { BULK_CSV, BULK_CSV_TEMPLATE, BULK_TEXTS, batchRoutes } from '@parley/contracts';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { createPrompt, fund, multipart, type Part } from '../../../test/uploads.ts';
import { batchItems, uploadBatches } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { EMPTY_CSV } from './parse.ts';

let t: TestApp;
let owner: Client;
let member: Client;
let stranger: Client;
let projectId: number;
let promptId: number;
let otherProjectId: number;
let otherPromptId: number;

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  member = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Bulk');
  await addMember(t, projectId, member, 'user');
  await usersSeeAll(t, projectId);
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'Sales QA');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await fund(t, otherProjectId);
  otherPromptId = await createPrompt(stranger, otherProjectId, 'Other QA');
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'url,type,date,representative,department';
const row = (n: number, extra = 'Ann,Sales') =>
  `https://media.example.com/calls/${n}.mp3,call,2026-01-15,${extra}`;

interface UploadOptions {
  fileName?: string;
  promptId?: number | string;
  priority?: string;
  project?: number;
  fileFirst?: boolean;
  client?: Client;
}

function uploadCsv(content: string | Buffer, options: UploadOptions = {}) {
  const fields: Part[] = [
    { name: 'prompt_id', value: String(options.promptId ?? promptId) },
    ...(options.priority ? [{ name: 'priority', value: options.priority }] : []),
  ];
  const file: Part = {
    name: 'file',
    filename: options.fileName ?? 'calls.csv',
    contentType: 'text/csv',
    data: Buffer.isBuffer(content) ? content : Buffer.from(content),
  };
  return (options.client ?? owner).call(batchRoutes.create, {
    params: { id: options.project ?? projectId },
    form: multipart(options.fileFirst ? [file, ...fields] : [...fields, file]),
  });
}

async function itemsOf(batchId: number, client = owner, project = projectId) {
  const response = await client.call(batchRoutes.items, {
    params: { id: project, batchId },
    query: { page_size: '1000' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function expectInvalid(response: Awaited<ReturnType<typeof uploadCsv>>) {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json();
  expect(error.code).toBe('invalid_csv');
  return error as { message: string; errors: Array<{ row: number; column: string | null; message: string }> };
}

describe('bulk CSV validation', () => {
  it('accepts a valid file: the batch (pending) and one item per row, one job per item', async () => {
    const response = await uploadCsv(`${HEADER}\n${row(1)}\n${row(2, 'Bob,Support')}\n`, { priority: '0' });
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe(BULK_TEXTS.uploaded(2, data.batch_id));
    const [batch] = await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, data.batch_id));
    expect(batch).toMatchObject({
      projectId,
      fileName: 'calls.csv',
      status: 'pending',
      totalItems: 2,
      processedItems: 0,
      failedItems: 0,
      priority: 0,
      promptId,
    });
    const items = await itemsOf(data.batch_id);
    expect(items.total).toBe(2);
    // The batch comes with its rows, as the batches list shows it.
    const listed = await owner.call(batchRoutes.list, { params: { id: projectId } });
    expect(items.batch).toEqual(listed.json().data.find((one: { id: number }) => one.id === data.batch_id));
    expect(items.batch).toMatchObject({ status: 'pending', total_items: 2, processed_items: 0 });
    expect(items.items.map((item: { row: number }) => item.row)).toEqual([2, 3]);
    expect(items.items[1]).toMatchObject({
      url: 'https://media.example.com/calls/2.mp3',
      type: 'call',
      date: '2026-01-15',
      metadata: { Representative: 'Bob', Department: 'Support' },
      status: 'pending',
      task_id: null,
      task_status: null,
      error: null,
    });
    const jobs = await t.ctx.boss.findJobs<{ itemId: number }>(QUEUES.batchItems, { queued: true });
    const ids = new Set(items.items.map((item: { id: number }) => item.id));
    const mine = jobs.filter((job) => ids.has(job.data.itemId));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.priority).toBe(2); // spec priority 0 (high) runs first
  });

  it('reports every problem with its row and column, and creates nothing', async () => {
    const before = await t.ctx.db.select({ n: count() }).from(uploadBatches);
    const csv = [
      HEADER,
      row(1),
      ',call,,Ann,Sales', // row 3: no url
      'https://media.example.com/x.mp3,,,Ann,Sales', // row 4: no type
      'ftp://media.example.com/x.mp3,call,2026-02-30,Ann,Sales', // row 5: bad url and date
      'https://media.example.com/y.mp3,call,,,Sales', // row 6: the prompt needs Representative
    ].join('\n');
    const error = expectInvalid(await uploadCsv(csv));
    expect(error.errors).toEqual([
      { row: 3, column: 'url', message: 'url is required.' },
      { row: 4, column: 'type', message: 'type is required.' },
      { row: 5, column: 'date', message: BULK_TEXTS.date },
      { row: 5, column: 'url', message: BULK_TEXTS.url },
      { row: 6, column: 'representative', message: BULK_TEXTS.promptValue('Representative') },
    ]);
    expect(error.message).toBe(BULK_TEXTS.invalid(5));
    expect(await t.ctx.db.select({ n: count() }).from(uploadBatches)).toEqual(before);
  });

  it('refuses missing columns: url and type, and the metadata the prompt requires', async () => {
    expect(expectInvalid(await uploadCsv('link,date\nhttps://a.example/x,2026-01-01\n')).errors).toEqual([
      { row: 1, column: 'url', message: BULK_TEXTS.missingColumn('url') },
      { row: 1, column: 'type', message: BULK_TEXTS.missingColumn('type') },
    ]);
    expect(expectInvalid(await uploadCsv('url,type\nhttps://a.example/x,call\n')).errors).toEqual([
      { row: 1, column: 'Department', message: BULK_TEXTS.promptColumn('Department') },
      { row: 1, column: 'Representative', message: BULK_TEXTS.promptColumn('Representative') },
    ]);
    expect(expectInvalid(await uploadCsv('')).errors).toEqual([{ row: 1, column: null, message: EMPTY_CSV }]);
    expect(expectInvalid(await uploadCsv(`${HEADER}\n\n,,,,\n`)).errors).toEqual([
      { row: 2, column: null, message: BULK_TEXTS.noRows },
    ]);
  });

  it('reads BOM, ";" separators, CRLF and quoted fields with separators, quotes and line breaks', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'URL;Type;Date;Representative;Department;Notes\r\n' +
          '"https://media.example.com/a.mp3";call;2026-01-15 09:30;"Doe; Jane";Sales;"said ""hi"", then\r\nleft"\r\n' +
          '\r\n' + // an empty row is skipped (but counted, as in a spreadsheet)
          'https://media.example.com/b.mp3;chat;;Ann;Support;\r\n',
      ),
    ]);
    const response = await uploadCsv(csv);
    expect(response.statusCode, response.body).toBe(201);
    const items = await itemsOf(response.json().data.batch_id);
    expect(items.items).toMatchObject([
      {
        row: 2,
        url: 'https://media.example.com/a.mp3',
        type: 'call',
        date: '2026-01-15T09:30:00',
        metadata: { Representative: 'Doe; Jane', Department: 'Sales', Notes: 'said "hi", then\r\nleft' },
      },
      { row: 4, type: 'chat', date: null, metadata: { Representative: 'Ann', Department: 'Support' } },
    ]);
  });

  it('reads "," files with quoted commas and keeps formula-looking cells as text', async () => {
    const csv = `${HEADER},Note\n"https://media.example.com/f.mp3",call,,"=HYPERLINK(""http://evil"")","+1,-2",@SUM(A1)\n`;
    const response = await uploadCsv(csv);
    expect(response.statusCode, response.body).toBe(201);
    const items = await itemsOf(response.json().data.batch_id);
    expect(items.items[0].metadata).toEqual({
      Representative: '=HYPERLINK("http://evil")',
      Department: '+1,-2',
      Note: '@SUM(A1)',
    });
  });

  it('names the row and column of bytes that are not UTF-8, and refuses UTF-16 files', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\n${row(1)}\nhttps://media.example.com/z.mp3,call,,Jos`),
      Buffer.from([0xe9]), // é in Latin-1
      Buffer.from(',Sales\n'),
    ]);
    const error = expectInvalid(await uploadCsv(latin1));
    expect(error.errors).toEqual([{ row: 3, column: 'representative', message: BULK_TEXTS.notUtf8 }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]);
    expect(expectInvalid(await uploadCsv(utf16)).errors[0]).toMatchObject({ row: 1, column: null });
    expect(expectInvalid(await uploadCsv(`${HEADER}\n"https://a.example/x,call\n`)).errors).toEqual([
      {
        row: 2,
        column: null,
        message:
          'Row 2: the file cannot be read from here on: a quoted value is never closed (a " is missing).',
      },
    ]);
  });

  it('refuses more than 10,000 rows and files over 20 MB', async () => {
    const rows = Array.from({ length: BULK_CSV.maxRows + 1 }, (_, i) => row(i));
    const many = await uploadCsv(`${HEADER}\n${rows.join('\n')}\n`);
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toEqual({ code: 'too_many_rows', message: BULK_TEXTS.tooManyRows });

    const padding = 'x'.repeat(900);
    const big: string[] = [`${HEADER},a,b,c`];
    let size = big[0]!.length;
    for (let i = 0; size <= BULK_CSV.maxBytes; i += 1) {
      const line = `${row(i)},${padding},${padding},${padding}`;
      big.push(line);
      size += line.length + 1;
    }
    expect(big.length - 1).toBeLessThanOrEqual(BULK_CSV.maxRows);
    const large = await uploadCsv(big.join('\n'));
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toEqual({ code: 'file_too_large', message: BULK_TEXTS.tooLarge });
  });

  it('refuses other files, a missing file or prompt, and a prompt of another project', async () => {
    const wrongName = await uploadCsv(`${HEADER}\n${row(1)}\n`, { fileName: 'calls.xlsx' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error).toEqual({ code: 'csv_only', message: BULK_TEXTS.csvOnly });
    const noFile = await owner.call(batchRoutes.create, {
      params: { id: projectId },
      form: multipart([{ name: 'prompt_id', value: String(promptId) }]),
    });
    expect(noFile.json().error).toEqual({ code: 'file_missing', message: BULK_TEXTS.fileMissing });
    const noPrompt = await uploadCsv(`${HEADER}\n${row(1)}\n`, { promptId: '' });
    expect(noPrompt.statusCode).toBe(400);
    expect(noPrompt.json().error.code).toBe('validation_error');
    const foreign = await uploadCsv(`${HEADER}\n${row(1)}\n`, { promptId: otherPromptId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('prompt_not_found');
    // The fields may come after the file.
    expect((await uploadCsv(`${HEADER}\n${row(1)}\n`, { fileFirst: true })).statusCode).toBe(201);
  });

  it('refuses the upload when the balance cannot cover one unit', async () => {
    const poor = await createProject(owner, 'Poor');
    const prompt = await createPrompt(owner, poor, 'P');
    const response = await uploadCsv(`${HEADER}\n${row(1)}\n`, { project: poor, promptId: prompt });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('insufficient_funds');
  });

  it('accepts 10,000 rows quickly: batch and items are written, nothing is downloaded in the request', async () => {
    const rows = Array.from({ length: BULK_CSV.maxRows }, (_, i) => row(i, `Rep ${i % 50},Team ${i % 7}`));
    const csv = `${HEADER}\n${rows.join('\n')}\n`;
    const started = performance.now();
    const response = await uploadCsv(csv, { client: member });
    const elapsed = performance.now() - started;
    console.info(
      `bulk upload: ${BULK_CSV.maxRows} rows (${(csv.length / 1e6).toFixed(2)} MB) accepted in ${elapsed.toFixed(0)} ms`,
    );
    expect(response.statusCode, response.body).toBe(201);
    const batchId = response.json().data.batch_id;
    const [counted] = await t.ctx.db
      .select({ n: count() })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId));
    expect(counted!.n).toBe(BULK_CSV.maxRows);
    const last = await t.ctx.db
      .select()
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId))
      .orderBy(asc(batchItems.rowNumber))
      .offset(BULK_CSV.maxRows - 1);
    expect(last[0]).toMatchObject({ rowNumber: BULK_CSV.maxRows + 1, status: 'pending' });
    const list = await member.call(batchRoutes.list, { params: { id: projectId } });
    expect(list.json().data[0]).toMatchObject({
      id: batchId,
      status: 'pending',
      total_items: BULK_CSV.maxRows,
    });
  });
});

describe('batches API', () => {
  it('lists the batches newest first with the spec fields', async () => {
    const response = await member.call(batchRoutes.list, {
      params: { id: projectId },
      query: { limit: '2' },
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(2);
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'id',
        'project_id',
        'file_name',
        'status',
        'total_items',
        'processed_items',
        'failed_items',
        'prompt_id',
        'priority',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(data[0].id).toBeGreaterThan(data[1].id);
  });

  it('serves the template', async () => {
    const response = await member.call(batchRoutes.template, { params: { id: projectId } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bulk-upload-template.csv"');
    expect(response.body).toBe(BULK_CSV_TEMPLATE);
  });

  it("keeps projects apart: another project's batch is not found, strangers get 404", async () => {
    const theirs = await uploadCsv(`${HEADER}\n${row(1)}\n`, {
      client: stranger,
      project: otherProjectId,
      promptId: otherPromptId,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirBatch = theirs.json().data.batch_id;
    const viaMine = await owner.call(batchRoutes.items, { params: { id: projectId, batchId: theirBatch } });
    expect(viaMine.statusCode).toBe(404);
    expect(viaMine.json().error.message).toBe('Batch not found.');
    const direct = await owner.call(batchRoutes.items, {
      params: { id: otherProjectId, batchId: theirBatch },
    });
    expect(direct.statusCode).toBe(404);
    const upload = await uploadCsv(`${HEADER}\n${row(1)}\n`, { client: owner, project: otherProjectId });
    expect(upload.statusCode).toBe(404);
    const mine = await owner.call(batchRoutes.list, { params: { id: projectId }, query: { limit: '200' } });
    expect(mine.json().data.every((batch: { project_id: number }) => batch.project_id === projectId)).toBe(
      true,
    );
  });
});
