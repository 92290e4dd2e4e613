import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { batchItems, projects, tasks, uploadBatches } from '../../db/schema/index.ts';
import { type BatchRefresh, recountUnfinishedBatches, refreshBatchItem } from './progress.ts';

let t: TestApp;
/** A pool as wide as a busy worker's, so that refreshes really run at the same time. */
let wide: Database;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  wide = connectDatabase(t.ctx.config.databaseUrl!, t.ctx.logger, 20);
  const [project] = await t.ctx.db.insert(projects).values({ name: 'Progress' }).returning();
  projectId = project!.id;
});
afterAll(async () => {
  await wide?.pool.end();
  await t?.close();
});

type ItemStatus = (typeof batchItems.$inferSelect)['status'];
type TaskStatus = (typeof tasks.$inferSelect)['status'];

/** A started batch with one row per entry: the row's status and its analysis's (null: none, or deleted). */
async function batchOf(rows: [ItemStatus, TaskStatus | null][]) {
  const [batch] = await t.ctx.db
    .insert(uploadBatches)
    .values({ projectId, fileName: 'rows.csv', totalItems: rows.length, status: 'processing' })
    .returning({ id: uploadBatches.id });
  const { rows: media } = await t.ctx.db.execute<{ id: number }>(sql`
    INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
    VALUES (${projectId}, ${`progress/${batch!.id}`}, 'chat.txt', 'text/plain', 10, ${`sha-${batch!.id}`}, 'text')
    RETURNING id`);
  const itemIds: number[] = [];
  const taskIds: number[] = [];
  for (const [index, [status, taskStatus]] of rows.entries()) {
    const [task] = taskStatus
      ? await t.ctx.db
          .insert(tasks)
          .values({ projectId, mediaId: media[0]!.id, status: taskStatus })
          .returning({ id: tasks.id })
      : [];
    if (task) taskIds.push(task.id);
    const [item] = await t.ctx.db
      .insert(batchItems)
      .values({
        batchId: batch!.id,
        rowNumber: index + 2,
        url: 'https://example.com/chat.txt',
        type: 'chat',
        status,
        taskId: task?.id ?? null,
      })
      .returning({ id: batchItems.id });
    itemIds.push(item!.id);
  }
  return { batchId: batch!.id, itemIds, taskIds };
}

const batchRow = async (id: number) =>
  (await t.ctx.db.select().from(uploadBatches).where(eq(uploadBatches.id, id)))[0]!;

/** Every row refreshed `times` times, all at once on the wide pool (a row's refreshes side by side). */
const refreshAll = (itemIds: number[], times: number) =>
  Promise.all(
    itemIds.flatMap((id) =>
      Array.from({ length: times }, () => refreshBatchItem({ db: wide.db, boss: t.ctx.boss }, id)),
    ),
  );

const completions = (refreshes: (BatchRefresh | null)[]) =>
  refreshes.filter((refresh) => refresh?.changed && refresh.status !== 'processing');

describe('batch progress', () => {
  it('counts a row by its own status and its analysis’s', async () => {
    const { batchId, itemIds } = await batchOf([
      ['failed', null],
      ['task_created', 'failed'],
      ['duplicate', null],
      ['task_created', 'completed'],
      ['duplicate', 'skipped'],
      ['pending', null],
      ['downloading', null],
      ['task_created', 'queued'],
      ['task_created', 'processing'],
    ]);
    for (const id of itemIds) await refreshBatchItem(t.ctx, id);
    const counted = await t.ctx.db
      .select({ countedAs: batchItems.countedAs })
      .from(batchItems)
      .where(eq(batchItems.batchId, batchId))
      .orderBy(batchItems.rowNumber);
    expect(counted.map((row) => row.countedAs)).toEqual([
      'failed',
      'failed',
      'failed',
      'processed',
      'processed',
      'none',
      'none',
      'none',
      'none',
    ]);
    expect(await batchRow(batchId)).toMatchObject({
      status: 'processing',
      processedItems: 2,
      failedItems: 3,
    });
  });

  it('completes a batch exactly once when all its rows settle at the same time', async () => {
    const { batchId, itemIds, taskIds } = await batchOf(
      Array.from({ length: 120 }, () => ['task_created', 'queued']),
    );
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(inArray(tasks.id, taskIds));
    const refreshes = await refreshAll(itemIds, 3);
    expect(await batchRow(batchId)).toMatchObject({
      status: 'completed',
      processedItems: 120,
      failedItems: 0,
    });
    expect(completions(refreshes)).toEqual([{ status: 'completed', changed: true }]);
    // Refreshed again, nothing changes and nobody completes the batch a second time.
    expect(completions(await refreshAll(itemIds, 2))).toEqual([]);
    expect(await batchRow(batchId)).toMatchObject({
      status: 'completed',
      processedItems: 120,
      failedItems: 0,
    });
  });

  it('moves rows between classes exactly when their analyses fail, are retried and complete meanwhile', async () => {
    const { batchId, itemIds, taskIds } = await batchOf(
      Array.from({ length: 80 }, () => ['task_created', 'queued']),
    );
    await t.ctx.db.update(tasks).set({ status: 'failed' }).where(inArray(tasks.id, taskIds));
    expect(completions(await refreshAll(itemIds, 2))).toEqual([{ status: 'failed', changed: true }]);
    expect(await batchRow(batchId)).toMatchObject({ status: 'failed', processedItems: 0, failedItems: 80 });

    // Half are retried: while they run again the batch is processing; they complete while others refresh.
    const retried = taskIds.slice(0, 40);
    await t.ctx.db.update(tasks).set({ status: 'queued' }).where(inArray(tasks.id, retried));
    const reopened = await refreshAll(itemIds, 2);
    expect(reopened.filter((refresh) => refresh?.changed)).toEqual([{ status: 'processing', changed: true }]);
    expect(await batchRow(batchId)).toMatchObject({
      status: 'processing',
      processedItems: 0,
      failedItems: 40,
    });
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(inArray(tasks.id, retried));
    expect(completions(await refreshAll(itemIds, 3))).toEqual([
      { status: 'partially_completed', changed: true },
    ]);
    expect(await batchRow(batchId)).toMatchObject({
      status: 'partially_completed',
      processedItems: 40,
      failedItems: 40,
    });
  });

  it('catches up a batch whose refresh was lost: counts behind, or counts complete and status not settled', async () => {
    // Every analysis settled, and no 'task settled' listener refreshed the batch (it failed, or its process stopped).
    const lost = await batchOf([
      ['task_created', 'completed'],
      ['task_created', 'failed'],
      ['task_created', 'queued'],
    ]);
    await t.ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, lost.taskIds[2]!));
    // Counted to the end, but its process stopped before it settled the status.
    const unsettled = await batchOf([['task_created', 'completed']]);
    await t.ctx.db
      .update(batchItems)
      .set({ countedAs: 'processed' })
      .where(eq(batchItems.id, unsettled.itemIds[0]!));
    await t.ctx.db
      .update(uploadBatches)
      .set({ processedItems: 1 })
      .where(eq(uploadBatches.id, unsettled.batchId));

    const changed = await recountUnfinishedBatches(t.ctx);
    expect(changed).toEqual({ items: 3, batches: 1 });
    expect(await batchRow(lost.batchId)).toMatchObject({
      status: 'partially_completed',
      processedItems: 2,
      failedItems: 1,
    });
    expect(await batchRow(unsettled.batchId)).toMatchObject({ status: 'completed', processedItems: 1 });
    // Nothing is left to catch up: a second recount changes nothing.
    expect(await recountUnfinishedBatches(t.ctx)).toEqual({ items: 0, batches: 0 });
  });
});
