import { normalizePhone, phoneFromMetadata } from '@parley/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { blacklistEntries, mediaFiles, projects, tasks } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';
import { skipTask } from '../tasks/state.ts';

/** The project settings the blacklist check reads. */
export interface BlacklistSettings {
  id: number;
  phoneMetadataField: string | null;
  keepSkippedMedia: boolean;
}

export async function blacklistSettings(db: Executor, projectId: number): Promise<BlacklistSettings | null> {
  const [row] = await db
    .select({
      id: projects.id,
      phoneMetadataField: projects.phoneMetadataField,
      keepSkippedMedia: projects.keepSkippedMedia,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

/**
 * The blacklisted number of a conversation: its phone metadata (the field the project names, else "phone",
 * any case), normalised, when it is on the project's blacklist. Null otherwise.
 */
export async function blacklistedNumber(
  db: Executor,
  project: Pick<BlacklistSettings, 'id' | 'phoneMetadataField'>,
  metadata: Record<string, string>,
): Promise<string | null> {
  const raw = phoneFromMetadata(metadata, project.phoneMetadataField);
  const number = raw ? normalizePhone(raw) : '';
  if (!number) return null;
  const [hit] = await db
    .select({ id: blacklistEntries.id })
    .from(blacklistEntries)
    .where(and(eq(blacklistEntries.projectId, project.id), eq(blacklistEntries.phoneNumber, number)))
    .limit(1);
  return hit ? number : null;
}

/**
 * Deletes the stored bytes of a skipped conversation unless the project keeps them, and only when no other
 * analysis (one that was not skipped) uses the file. The media row stays (the skipped task refers to it),
 * marked removed.
 */
export async function removeSkippedMedia(
  ctx: AppContext,
  project: Pick<BlacklistSettings, 'keepSkippedMedia'>,
  mediaId: number,
): Promise<boolean> {
  if (project.keepSkippedMedia) return false;
  const [media] = await ctx.db
    .update(mediaFiles)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(mediaFiles.id, mediaId),
        sql`${mediaFiles.removedAt} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.mediaId} = ${mediaFiles.id} AND ${ne(tasks.status, 'skipped')})`,
      ),
    )
    .returning({ key: mediaFiles.storageKey });
  if (!media) return false;
  await storageOf(ctx.config)
    .remove(media.key)
    .catch((error) => ctx.logger.warn({ err: error, key: media.key }, 'Could not remove skipped media'));
  return true;
}

/**
 * The check at the start of processing (the list may have changed since the upload): a task whose number is
 * now blacklisted ends skipped before any provider is called, and its media is removed per the project's
 * setting. True when it was skipped.
 */
export async function skipIfBlacklisted(
  ctx: AppContext,
  task: { id: number; projectId: number; mediaId: number; metadata: Record<string, string> },
): Promise<boolean> {
  const project = await blacklistSettings(ctx.db, task.projectId);
  if (!project || !(await blacklistedNumber(ctx.db, project, task.metadata))) return false;
  if (!(await skipTask(ctx, task.id))) return false;
  ctx.logger.info({ taskId: task.id }, 'Analysis skipped: the phone number is blacklisted');
  await removeSkippedMedia(ctx, project, task.mediaId);
  return true;
}
