import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';

/**
 * Deletes a failed task of the project, and its file when no other task uses it. False when the project
 * has no such failed task.
 */
export async function removeFailedTask(ctx: AppContext, projectId: number, taskId: number): Promise<boolean> {
  const removed = await ctx.db.transaction(async (tx) => {
    const isFailed = and(eq(tasks.id, taskId), eq(tasks.status, 'failed'));
    const [row] = await tx
      .select({ mediaId: tasks.mediaId, sha256: mediaFiles.sha256 })
      .from(tasks)
      .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
      .where(and(eq(tasks.projectId, projectId), isFailed));
    if (!row) return null;
    // The same lock as an upload of the same bytes: it cannot pick this file while it is being removed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${projectId}, hashtext(${row.sha256}))`);
    const deleted = await tx.delete(tasks).where(isFailed).returning({ id: tasks.id });
    if (deleted.length === 0) return null;
    const [users] = await tx.select({ n: count() }).from(tasks).where(eq(tasks.mediaId, row.mediaId));
    if ((users?.n ?? 0) > 0) return { key: null, original: null };
    const [media] = await tx
      .delete(mediaFiles)
      .where(eq(mediaFiles.id, row.mediaId))
      .returning({ key: mediaFiles.storageKey, original: mediaFiles.originalStorageKey });
    return { key: media?.key ?? null, original: media?.original ?? null };
  });
  // The file, and the upload kept beside its redacted copy.
  for (const key of [removed?.key, removed?.original]) {
    if (!key) continue;
    await storageOf(ctx.config)
      .remove(key)
      .catch((error) => ctx.logger.warn({ err: error, key }, 'Could not remove a media file'));
  }
  return removed !== null;
}
