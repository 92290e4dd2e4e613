import { RETENTION_PREVIEW_DAYS, type RetentionForecast, type RetentionPreview } from '@parley/contracts';
import { count, min, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { expirableTasks } from '../tasks/expire.ts';
import { lastRetentionRunWithin, nextRetentionRun, removableMedia, retentionCutoff } from './retention.ts';
import { privacySettings } from './settings.ts';

const KEPT_FOREVER: RetentionForecast = {
  days: null,
  next_run_deletes_before: null,
  next_run: 0,
  next_days: 0,
  oldest_uploaded_at: null,
};

/**
 * One kind's forecast with the retention job's own rule (`due(cutoff)`): what the run at the end of the window
 * deletes includes what every earlier run deletes, so one range scan of the retention index counts both.
 */
async function forecast(
  db: Executor,
  table: PgTable,
  createdAt: PgColumn,
  due: (before: Date) => SQL,
  days: number | null,
  nextRun: Date,
  lastRun: Date,
): Promise<RetentionForecast> {
  if (days === null) return KEPT_FOREVER;
  const nextCutoff = retentionCutoff(nextRun, days);
  const [row] = await db
    .select({
      next_run: sql<number>`count(*) filter (where ${createdAt} < ${nextCutoff.toISOString()})`.mapWith(
        Number,
      ),
      next_days: count(),
      oldest: min(createdAt),
    })
    .from(table)
    .where(due(retentionCutoff(lastRun, days)));
  const oldest = row?.oldest as Date | string | null | undefined;
  return {
    days,
    next_run_deletes_before: nextCutoff.toISOString(),
    next_run: row?.next_run ?? 0,
    next_days: row?.next_days ?? 0,
    oldest_uploaded_at: oldest ? new Date(oldest).toISOString() : null,
  };
}

/** What the project's retention deletes at its next run and in the next days (settings → Privacy). */
export async function retentionPreview(
  db: Executor,
  projectId: number,
  now = new Date(),
): Promise<RetentionPreview> {
  const settings = await privacySettings(db, projectId);
  const nextRun = nextRetentionRun(now);
  const lastRun = lastRetentionRunWithin(now, RETENTION_PREVIEW_DAYS);
  const [media, results] = await Promise.all([
    forecast(
      db,
      mediaFiles,
      mediaFiles.createdAt,
      (before) => removableMedia(projectId, before),
      settings.media_retention_days,
      nextRun,
      lastRun,
    ),
    forecast(
      db,
      tasks,
      tasks.createdAt,
      (before) => expirableTasks(projectId, before),
      settings.result_retention_days,
      nextRun,
      lastRun,
    ),
  ]);
  return { next_run_at: nextRun.toISOString(), window_days: RETENTION_PREVIEW_DAYS, media, results };
}
