import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { claimSync } from './claim.ts';
import { dueIntegrations, runSync, type SyncTrigger, startRun } from './sync.ts';

const DriveSyncJob = z.object({ integrationId: z.number().int(), runId: z.number().int() });
export type DriveSyncJob = z.infer<typeof DriveSyncJob>;

/** A sync records its own failures; the next one (schedule or manual) is the retry. */
const SYNC_QUEUE = { retryLimit: 0, expireInSeconds: 3600 };

/** One claimed sync of a folder integration, two at a time per worker process. */
export const driveSyncJob = defineJob({
  name: QUEUES.driveSync,
  payload: DriveSyncJob,
  handler: (ctx, { integrationId, runId }) => runSync(ctx, integrationId, runId),
  queue: SYNC_QUEUE,
  concurrency: 2,
});

/**
 * Every minute: starts the syncs due after DRIVE_SYNC_INTERVAL_MINUTES (each integration's own last check
 * counts, so the interval holds whatever the tick).
 */
export const driveSyncTickJob = defineJob({
  name: QUEUES.driveSyncTick,
  payload: z.object({}),
  handler: (ctx) => syncDueIntegrations(ctx),
  queue: SYNC_QUEUE,
  schedule: '* * * * *',
});

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
  await driveSyncJob.send(ctx, { integrationId, runId });
  return runId;
}

/** Starts every due sync (the scheduled tick). */
export async function syncDueIntegrations(ctx: AppContext): Promise<void> {
  for (const id of await dueIntegrations(ctx)) await queueSync(ctx, id, 'schedule', false);
}
