import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analysisFieldValues, mediaFiles, tasks } from '../../db/schema/index.ts';
import { deleteTrackerHits } from '../trackers/hits.ts';
import { SETTLED_STATUSES } from './expire.ts';

/**
 * Erasure of one person's conversations (GDPR article 17, modules/data-requests). An analysis is erased with
 * every other analysis of the same file (they hold the same conversation); a file with an analysis still
 * queued or running is left alone.
 */

export interface ErasurePlan {
  /** The analyses to erase: the chosen ones and the others of their files. */
  taskIds: number[];
  /** Their files, with the storage key of the bytes still stored (null when they are gone already). */
  media: Array<{ id: number; key: string | null }>;
  /** Chosen ids that are not erased: not an analysis of the project, or a file still being analysed. */
  skipped: number[];
}

/** What erasing the chosen analyses of a project takes (read only: the caller deletes the bytes first). */
export async function planErasure(db: Executor, projectId: number, chosen: number[]): Promise<ErasurePlan> {
  const found = await db
    .select({ id: tasks.id, mediaId: tasks.mediaId })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), inArray(tasks.id, chosen)));
  const mediaIds = [...new Set(found.map((row) => row.mediaId))];
  if (mediaIds.length === 0) return { taskIds: [], media: [], skipped: chosen };
  const siblings = await db
    .select({
      id: tasks.id,
      mediaId: tasks.mediaId,
      status: tasks.status,
      key: mediaFiles.storageKey,
      removedAt: mediaFiles.removedAt,
    })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(tasks.projectId, projectId), inArray(tasks.mediaId, mediaIds)));
  const busy = new Set(
    siblings
      .filter((row) => !(SETTLED_STATUSES as readonly string[]).includes(row.status))
      .map((row) => row.mediaId),
  );
  const kept = siblings.filter((row) => !busy.has(row.mediaId));
  const media = new Map(kept.map((row) => [row.mediaId, row.removedAt === null ? row.key : null]));
  const erased = new Set(kept.map((row) => row.id));
  return {
    taskIds: [...erased].sort((a, b) => a - b),
    media: [...media].map(([id, key]) => ({ id, key })),
    skipped: chosen.filter((id) => !erased.has(id)),
  };
}

/**
 * Clears what the analyses hold about the conversation, in the caller's transaction: transcripts (and the
 * original), result, speaker roles, voice analysis, metadata, title, the pipeline's saved work, their tracker
 * hits (whose moments quote the transcript) and their analytics rows (the day and month sums follow by the statement triggers of migrations 0015 and 0029). The
 * row stays, marked expired, with its score, representative and charge; its file's row stays marked removed,
 * without its name. Only settled analyses are touched (one restarted since the plan is left alone). Answers
 * the ids erased.
 */
export async function eraseAnalyses(
  tx: Executor,
  projectId: number,
  plan: Pick<ErasurePlan, 'taskIds' | 'media'>,
): Promise<number[]> {
  if (plan.taskIds.length === 0) return [];
  const erased = await tx
    .update(tasks)
    .set({
      title: null,
      metadata: {},
      transcript: null,
      transcriptText: null,
      transcriptOriginal: null,
      result: null,
      speakerRoles: null,
      lva: null,
      pipeline: {},
      expiredAt: sql`coalesce(${tasks.expiredAt}, now())`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(tasks.projectId, projectId),
        inArray(tasks.id, plan.taskIds),
        inArray(tasks.status, [...SETTLED_STATUSES]),
      ),
    )
    .returning({ id: tasks.id });
  const ids = erased.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx.delete(analysisFieldValues).where(inArray(analysisFieldValues.taskId, ids));
  await deleteTrackerHits(tx, ids);
  await tx
    .update(mediaFiles)
    .set({
      fileName: '',
      sourceUrl: null,
      sha256: '',
      removedAt: sql`coalesce(${mediaFiles.removedAt}, now())`,
    })
    .where(
      and(
        eq(mediaFiles.projectId, projectId),
        inArray(
          mediaFiles.id,
          plan.media.map((media) => media.id),
        ),
      ),
    );
  return ids;
}
