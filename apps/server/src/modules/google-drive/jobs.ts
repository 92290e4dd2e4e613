import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { claimSync, dueIntegrations, runSync, type SyncTrigger, startRun } from './sync.ts';

export interface DriveSyncJob {
  integrationId: number;
  runId: number;
}

/** How many folder syncs a worker process runs at once. */
const SYNC_CONCURRENCY = 2;

/** Claims an integration's sync, records its run and queues it; null when it runs or was synced moments ago. */
export async function queueSync(
  ctx: AppContext,
  integrationId: number,
  trigger: SyncTrigger,
  force: boolean,
): Promise<number | null> {
  const claimed = await claimSync(ctx, integrationId, { force, activeOnly: trigger === 'schedule' });
  if (!claimed) return null;
  const runId = await startRun(ctx, integrationId, trigger);
  await ctx.boss.send(QUEUES.driveSync, { integrationId, runId } satisfies DriveSyncJob);
  return runId;
}

/** Starts every due sync (the scheduled tick). */
export async function syncDueIntegrations(ctx: AppContext): Promise<void> {
  for (const id of await dueIntegrations(ctx)) await queueSync(ctx, id, 'schedule', false);
}

/**
 * The Drive workers: a tick every minute starts the syncs due after DRIVE_SYNC_INTERVAL_MINUTES (each
 * integration's own last check counts, so the interval holds whatever the tick), and the sync jobs run.
 */
export async function workDriveSync(ctx: AppContext): Promise<void> {
  await ctx.boss.schedule(QUEUES.driveSyncTick, '* * * * *');
  await ctx.boss.work(QUEUES.driveSyncTick, async () => syncDueIntegrations(ctx));
  await ctx.boss.work<DriveSyncJob>(
    QUEUES.driveSync,
    { localConcurrency: SYNC_CONCURRENCY },
    async ([job]) => {
      if (job) await runSync(ctx, job.data.integrationId, job.data.runId);
    },
  );
}
