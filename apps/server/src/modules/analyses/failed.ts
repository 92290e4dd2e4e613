import { ANALYSIS_CHECK_UNITS, type FailedTaskListQuery } from '@parley/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mediaFiles, prompts, tasks } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { storageOf } from '../../storage/index.ts';
import { canProcess } from '../billing/holds.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { insufficientFunds, queueTask } from '../uploads/service.ts';
import { resetTask } from './tasks.ts';

export const FAILED_TEXTS = { notFound: 'Failed task not found.' } as const;

/** The project's failed analyses, most recently failed first. */
export async function listFailedTasks(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof FailedTaskListQuery>,
) {
  const where = and(eq(tasks.projectId, access.project.id), eq(tasks.status, 'failed'));
  const [counted] = await ctx.db.select({ total: count() }).from(tasks).where(where);
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
      error: task.error,
      attempts: task.attempts,
    })),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
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
  if (!(await canProcess(ctx, access.project.id, ANALYSIS_CHECK_UNITS))) throw insufficientFunds();
  let retried = 0;
  for (const { id } of failed) {
    const task = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: tasks.status })
        .from(tasks)
        .where(eq(tasks.id, id))
        .for('update');
      return row?.status === 'failed' ? resetTask(tx, id, 'retry') : null;
    });
    if (!task) continue;
    await queueTask(ctx, task);
    retried += 1;
  }
  return retried;
}

/** Deletes a failed task, and its file when no other task uses it. */
export async function deleteFailedTask(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
): Promise<void> {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ mediaId: tasks.mediaId, sha256: mediaFiles.sha256 })
      .from(tasks)
      .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
      .where(and(eq(tasks.projectId, access.project.id), eq(tasks.id, taskId), eq(tasks.status, 'failed')));
    if (!row) throw notFound(FAILED_TEXTS.notFound);
    // The same lock as an upload of the same bytes: it cannot pick this file while it is being removed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${access.project.id}, hashtext(${row.sha256}))`);
    const deleted = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'failed')))
      .returning({ id: tasks.id });
    if (deleted.length === 0) throw notFound(FAILED_TEXTS.notFound);
    const [users] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.mediaId, row.mediaId));
    if ((users?.n ?? 0) > 0) return null;
    const [media] = await tx
      .delete(mediaFiles)
      .where(eq(mediaFiles.id, row.mediaId))
      .returning({ key: mediaFiles.storageKey });
    return media?.key ?? null;
  });
  if (removedKey) {
    await storageOf(ctx.config)
      .remove(removedKey)
      .catch((error) => ctx.logger.warn({ err: error, key: removedKey }, 'Could not remove a media file'));
  }
}
