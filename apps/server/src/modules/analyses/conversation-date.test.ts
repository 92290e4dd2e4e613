import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { batchRoutes } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { answer } from '../../../test/fake-upstreams/scripted.ts';
import { createProject } from '../../../test/harness.ts';
import { GREETING_ANSWER } from '../../../test/tasks.ts';
import { createPrompt, fund, multipart } from '../../../test/uploads.ts';
import { batchItems, projects } from '../../db/schema/index.ts';
import { processBatchItem } from '../batches/jobs.ts';
import { runTask } from '../pipeline/run.ts';

/** The last November that is wholly past: this year's from December on, else last year's. */
const now = new Date();
const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
const november = (day: number) => `${year}-11-${String(day).padStart(2, '0')}`;
const DAYS = Array.from({ length: 18 }, (_, index) => 11 + index); // 11 to 28 November

let app: AnalysisApp;
let server: Server;
let projectId: number;
let promptId: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const match = /^\/chats\/(\d+)\.txt$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404);
      return response.end();
    }
    const text = `Ann: Hello, this is chat ${match[1]}\nBob: Hi`;
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app = await startAnalysisApp('dates', { URL_UPLOAD_ALLOW_HOSTS: `127.0.0.1:${port}` });
  projectId = await createProject(app.owner, 'Backfilled history');
  // Late evening in New York is the next day in UTC: days are the project's.
  await app.t.ctx.db.update(projects).set({ timezone: 'America/New_York' }).where(eq(projects.id, projectId));
  await fund(app.t, projectId);
  promptId = await createPrompt(app.owner, projectId);
  const csv = [
    'url,type,date,Representative,Department',
    ...DAYS.map((day) => `http://127.0.0.1:${port}/chats/${day}.txt,chat,${november(day)} 21:30,Ann,Sales`),
  ].join('\n');
  const upload = await app.owner.call(batchRoutes.create, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'file', filename: 'history.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const items = await app.t.ctx.db
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(eq(batchItems.batchId, upload.json().data.batch_id))
    .orderBy(asc(batchItems.rowNumber));
  expect(items).toHaveLength(18);
  for (const item of items) {
    await processBatchItem(app.t.ctx, item.id, { lastAttempt: true });
    const [row] = await app.t.ctx.db.select().from(batchItems).where(eq(batchItems.id, item.id));
    expect(row?.status, row?.error ?? '').toBe('task_created');
    app.anthropic.script(answer(GREETING_ANSWER));
    expect(await runTask(app.t.ctx, row!.taskId!, { lastAttempt: true })).toBe('completed');
  }
}, 180_000);
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const get = async (url: string) => {
  const response = await app.owner.request({ method: 'GET', url: `/api/projects/${projectId}${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe("a bulk upload's dated rows", () => {
  it('are found by their conversation days in the analyses list, newest conversation first', async () => {
    const list = await get(`/analyses?from=${november(1)}&to=${november(28)}&page_size=100`);
    expect(list.total).toBe(18);
    // 21:30 in New York (UTC-5 in November) is 02:30 UTC of the next day.
    expect(list.items[0].conversation_at).toBe(`${november(29)}T02:30:00.000Z`);
    expect(list.items.at(-1).conversation_at).toBe(`${november(12)}T02:30:00.000Z`);
    expect((await get(`/analyses?from=${november(12)}&to=${november(12)}`)).total).toBe(1);
    // Uploaded today, but no conversation took place then.
    const today = now.toISOString().slice(0, 10);
    expect((await get(`/analyses?from=${today}&to=${today}`)).total).toBe(0);
  });

  it('give the dashboard trend a point on each conversation day', async () => {
    const dashboard = await get(`/analytics/dashboard?from=${november(1)}&to=${november(28)}`);
    const points = dashboard.trend.points as Array<{ start: string; analyses: number }>;
    expect(dashboard.trend.granularity).toBe('day');
    expect(points.filter((point) => point.analyses > 0).map((point) => point.start)).toEqual(
      DAYS.map(november),
    );
    expect(points.every((point) => point.analyses <= 1)).toBe(true);
  });

  it('count in the manager dashboard and the checklist report by their conversation days', async () => {
    const periods = `period=${november(1)}..${november(14)}&period=${november(15)}..${november(28)}`;
    const manager = await get(`/analytics/manager-dashboard?prompt_id=${promptId}&${periods}`);
    expect(manager.team.analyses).toEqual([4, 14]);
    const checklist = await get(
      `/analytics/checklist?prompt_id=${promptId}&from=${november(20)}&to=${november(28)}`,
    );
    expect(checklist.total.analyses).toBe(9);
  });
});
