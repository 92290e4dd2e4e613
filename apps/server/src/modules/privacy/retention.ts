import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mediaFiles, projectPrivacy } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';
import { expireAnalyses } from '../tasks/expire.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows handled per statement: a project with years of calls catches up over several statements, never one huge one. */
const BATCH = 200;

export interface RetentionRun {
  mediaRemoved: number;
  analysesExpired: number;
}

/**
 * Applies every project's retention: recordings and files uploaded more than `media_retention_days` ago are
 * deleted from storage (their rows stay, marked removed), analyses created more than `result_retention_days`
 * ago lose their transcripts and results (tasks/expire.ts). Everything overdue is handled, so a run that was
 * missed (the server was down) is made up by the next one.
 */
export async function applyRetention(ctx: AppContext, now = new Date()): Promise<RetentionRun> {
  const settings = await ctx.db
    .select()
    .from(projectPrivacy)
    .where(or(isNotNull(projectPrivacy.mediaRetentionDays), isNotNull(projectPrivacy.resultRetentionDays)));
  const run: RetentionRun = { mediaRemoved: 0, analysesExpired: 0 };
  for (const project of settings) {
    if (project.mediaRetentionDays !== null) {
      const before = new Date(now.getTime() - project.mediaRetentionDays * DAY_MS);
      run.mediaRemoved += await removeMediaBefore(ctx, project.projectId, before);
    }
    if (project.resultRetentionDays !== null) {
      const before = new Date(now.getTime() - project.resultRetentionDays * DAY_MS);
      for (;;) {
        const expired = await expireAnalyses(ctx.db, project.projectId, before, BATCH);
        run.analysesExpired += expired;
        if (expired < BATCH) break;
      }
    }
  }
  if (run.mediaRemoved > 0 || run.analysesExpired > 0) ctx.logger.info(run, 'Retention applied');
  return run;
}

/**
 * Deletes the bytes first, then marks the rows removed: a run cut off between the two leaves rows that the next
 * run finds again (removing a missing object is no error), never bytes that no row points to.
 */
async function removeMediaBefore(ctx: AppContext, projectId: number, before: Date): Promise<number> {
  const storage = storageOf(ctx.config);
  let removed = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: mediaFiles.id, key: mediaFiles.storageKey, original: mediaFiles.originalStorageKey })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.projectId, projectId),
          lt(mediaFiles.createdAt, before),
          isNull(mediaFiles.removedAt),
        ),
      )
      .limit(BATCH);
    for (const { key, original } of due) {
      await storage.remove(key);
      // The recording as uploaded, kept beside its redacted copy, goes with it.
      if (original) await storage.remove(original);
    }
    for (const { id, key } of due) {
      await ctx.db
        .update(mediaFiles)
        .set({ removedAt: new Date(), originalStorageKey: null })
        .where(and(eq(mediaFiles.id, id), eq(mediaFiles.storageKey, key)));
    }
    removed += due.length;
    if (due.length < BATCH) return removed;
  }
}
