import { type TaskError, taskErrorText } from '@parley/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type MediaRow = typeof mediaFiles.$inferSelect;

/**
 * The newest stored file of the project with these bytes and its newest analysis on any such file; `visible` narrows the
 * analysis to those the caller may see.
 */
export async function findBySha(
  db: Executor,
  projectId: number,
  sha256: string,
  visible?: SQL,
): Promise<{ media: MediaRow | null; task: TaskRow | null }> {
  const [media] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.sha256, sha256)))
    .orderBy(desc(mediaFiles.id))
    .limit(1);
  if (!media) return { media: null, task: null };
  const [row] = await db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.sha256, sha256), visible))
    .orderBy(desc(tasks.id))
    .limit(1);
  return { media, task: row?.task ?? null };
}

/** A task with its file; `projectId` and `visible` narrow it to what a caller may see (absent: any task). */
export async function findTaskWithMedia(
  db: Executor,
  taskId: number,
  scope: { projectId?: number; visible?: SQL } = {},
): Promise<{ task: TaskRow; media: MediaRow } | null> {
  const [row] = await db
    .select({ task: tasks, media: mediaFiles })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(
      and(
        eq(tasks.id, taskId),
        scope.projectId === undefined ? undefined : eq(tasks.projectId, scope.projectId),
        scope.visible,
      ),
    );
  return row ?? null;
}

/** A task's reason as the API answers it: the English text (`error`, as before codes) and the code itself. */
export function taskErrorFields(reason: TaskError | null): {
  error: string | null;
  error_reason: TaskError | null;
} {
  return { error: reason && taskErrorText(reason), error_reason: reason };
}
