import { and, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { mediaFiles, projectPrivacy } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';
import { expireAnalyses } from '../tasks/expire.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The minute of every hour (UTC) the retention job runs at (jobs.ts). */
export const RETENTION_MINUTE = 41;
export const RETENTION_SCHEDULE = `${RETENTION_MINUTE} * * * *`;
/** Rows handled per statement: a project with years of calls catches up over several statements, never one huge one. */
const BATCH = 200;

export interface RetentionRun {
  mediaRemoved: number;
  analysesExpired: number;
}

/** The first scheduled run after `now` (pg-boss starts it within a minute or so of this time). */
export function nextRetentionRun(now: Date): Date {
  const run = new Date(now);
  run.setUTCMinutes(RETENTION_MINUTE, 0, 0);
  if (run <= now) run.setTime(run.getTime() + HOUR_MS);
  return run;
}

/** The last scheduled run at most `days` days after `now`. */
export function lastRetentionRunWithin(now: Date, days: number): Date {
  const next = nextRetentionRun(now);
  return new Date(
    next.getTime() + Math.floor((now.getTime() + days * DAY_MS - next.getTime()) / HOUR_MS) * HOUR_MS,
  );
}

/** A run at `runAt` deletes what was uploaded before this time (the rule of both kinds). */
export function retentionCutoff(runAt: Date, days: number): Date {
  return new Date(runAt.getTime() - days * DAY_MS);
}

/** A project's recordings and files whose bytes a run with this cutoff deletes (index media_files_retention_idx). */
export function removableMedia(projectId: number, before: Date): SQL {
  return and(
    eq(mediaFiles.projectId, projectId),
    lt(mediaFiles.createdAt, before),
    isNull(mediaFiles.removedAt),
  )!;
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
      const before = retentionCutoff(now, project.mediaRetentionDays);
      run.mediaRemoved += await removeMediaBefore(ctx, project.projectId, before);
    }
    if (project.resultRetentionDays !== null) {
      const before = retentionCutoff(now, project.resultRetentionDays);
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
      .where(removableMedia(projectId, before))
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
