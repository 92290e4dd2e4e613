import type { FailedTaskListQuery } from '@parley/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { batchItems, mediaFiles, prompts, tasks, uploadBatches } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { retryTask } from '../tasks/create.ts';
import { announceTask, queueTaskIn } from '../tasks/queue.ts';
import { removeFailedTask } from '../tasks/remove.ts';
import { requireAnalysisFunds } from '../tasks/request.ts';
import { taskErrorFields } from '../tasks/rows.ts';

export const FAILED_TEXTS = { notFound: 'Failed task not found.' } as const;

/** The project's failed analyses, most recently failed first, and how many bulk rows failed before one. */
export async function listFailedTasks(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof FailedTaskListQuery>,
) {
  const where = and(eq(tasks.projectId, access.project.id), eq(tasks.status, 'failed'));
  const [counted] = await ctx.db.select({ total: count() }).from(tasks).where(where);
  const [batchRows] = await ctx.db
    .select({ failed: count() })
    .from(batchItems)
    .innerJoin(uploadBatches, eq(uploadBatches.id, batchItems.batchId))
    .where(and(eq(uploadBatches.projectId, access.project.id), eq(batchItems.status, 'failed')));
  const rows = await ctx.db
    .select({ task: tasks, fileName: mediaFiles.fileName, promptName: prompts.scriptName })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .leftJoin(prompts, eq(prompts.id, tasks.promptId))
    .where(where)
    .orderBy(desc(tasks.updatedAt), desc(tasks.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    items: rows.map(({ task, fileName, promptName }) => ({
      id: task.id,
      created_at: task.createdAt.toISOString(),
      updated_at: task.updatedAt.toISOString(),
      title: task.title,
      file_name: fileName,
      prompt_id: task.promptId,
      prompt_name: promptName,
      stage: task.stage,
      ...taskErrorFields(task.errorReason),
      attempts: task.attempts,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    failed_batch_rows: batchRows?.failed ?? 0,
  };
}

/** Puts the project's failed tasks among `ids` back in the queue (others are ignored). */
export async function retryFailedTasks(
  ctx: AppContext,
  access: ProjectAccess,
  ids: number[],
): Promise<number> {
  const failed = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, access.project.id), eq(tasks.status, 'failed'), inArray(tasks.id, ids)));
  if (failed.length === 0) return 0;
  await requireAnalysisFunds(ctx, access.project.id);
  let retried = 0;
  for (const { id } of failed) {
    const task = await ctx.db.transaction(async (tx) => {
      const reset = await retryTask(tx, id);
      if (reset) await queueTaskIn(ctx, tx, reset);
      return reset;
    });
    if (!task) continue;
    await announceTask(ctx, task);
    retried += 1;
  }
  return retried;
}

/** Deletes a failed task of the project, and its file when no other task uses it (404 otherwise). */
export async function deleteFailedTask(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
): Promise<void> {
  if (!(await removeFailedTask(ctx, access.project.id, taskId))) throw notFound(FAILED_TEXTS.notFound);
}
