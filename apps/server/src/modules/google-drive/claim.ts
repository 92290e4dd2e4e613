import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { driveIntegrations, driveSyncRuns } from '../../db/schema/index.ts';
import type { IntegrationRow } from './dto.ts';

/**
 * An integration's sync claim (`sync_started_at`) and the heartbeat that keeps it: a running sync refreshes
 * `sync_heartbeat_at` every SYNC_HEARTBEAT_MS, and a claim whose heartbeat is older than
 * SYNC_HEARTBEAT_STALE_MS is dead (its worker stopped or was cut off), so the next sync takes over within
 * about a minute. A claim whose job has not started yet has no heartbeat: it waits in the queue behind other
 * syncs, for at most SYNC_START_STALE_MS.
 */

export const SYNC_HEARTBEAT_MS = 15_000;
/** Four missed beats: a database pause of a few seconds does not hand a live sync's folder to another. */
export const SYNC_HEARTBEAT_STALE_MS = 60_000;
/** A claimed sync's job may wait this long to start (the queue runs two syncs per worker at a time). */
export const SYNC_START_STALE_MS = 60 * 60_000;

type ClaimColumns = Pick<IntegrationRow, 'syncStartedAt' | 'syncHeartbeatAt'>;

/** Whether a live sync holds the claim: one that beats, or one claimed and waiting for its job to start. */
export function isSyncing(row: ClaimColumns, now = Date.now()): boolean {
  if (row.syncStartedAt === null) return false;
  if (row.syncHeartbeatAt === null) return now - row.syncStartedAt.getTime() < SYNC_START_STALE_MS;
  return now - row.syncHeartbeatAt.getTime() < SYNC_HEARTBEAT_STALE_MS;
}

/** isSyncing's opposite, in SQL: the claim is free to take. */
const claimFree = (now: number) =>
  or(
    isNull(driveIntegrations.syncStartedAt),
    and(
      isNull(driveIntegrations.syncHeartbeatAt),
      lt(driveIntegrations.syncStartedAt, new Date(now - SYNC_START_STALE_MS)),
    ),
    lt(driveIntegrations.syncHeartbeatAt, new Date(now - SYNC_HEARTBEAT_STALE_MS)),
  );

/**
 * Marks an integration as syncing unless a live sync holds it (isSyncing) or, without force, it was checked
 * within the sync interval. The row, or null when not claimed. The heartbeat starts with the sync's job.
 */
export async function claimSync(
  ctx: AppContext,
  integrationId: number,
  options: { force: boolean; activeOnly?: boolean },
): Promise<IntegrationRow | null> {
  const now = Date.now();
  const due = new Date(now - ctx.config.driveSyncIntervalMinutes * 60_000);
  const [row] = await ctx.db
    .update(driveIntegrations)
    .set({ syncStartedAt: new Date(now), syncHeartbeatAt: null })
    .where(
      and(
        eq(driveIntegrations.id, integrationId),
        claimFree(now),
        options.force
          ? undefined
          : or(isNull(driveIntegrations.lastCheckAt), lt(driveIntegrations.lastCheckAt, due)),
        options.activeOnly ? eq(driveIntegrations.isActive, true) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

export interface SyncHeartbeat {
  /** The first beat, then one every SYNC_HEARTBEAT_MS. False: the run was taken over before it began. */
  start(): Promise<boolean>;
  /** True once a beat found the run taken over (a later sync ended it): the run takes no further file. */
  readonly lost: boolean;
  /** Stops the beats (and waits for one under way). */
  stop(): Promise<void>;
}

/**
 * The heartbeat of one run. A beat refreshes the claim only while the run is still `running`: a sync that
 * takes over ends the runs it finds running (startRun), so a beat that changes nothing tells a run that
 * comes back late (its worker was cut off) that the folder is no longer its own.
 */
export function syncHeartbeat(ctx: AppContext, integrationId: number, runId: number): SyncHeartbeat {
  let lost = false;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | null = null;
  const stillRunning = sql`EXISTS (SELECT 1 FROM ${driveSyncRuns}
    WHERE ${driveSyncRuns.id} = ${runId} AND ${driveSyncRuns.status} = 'running')`;
  const beat = async () => {
    const beaten = await ctx.db
      .update(driveIntegrations)
      .set({ syncHeartbeatAt: new Date() })
      .where(and(eq(driveIntegrations.id, integrationId), stillRunning))
      .returning({ id: driveIntegrations.id });
    if (beaten.length > 0 || lost) return;
    lost = true;
    ctx.logger.warn({ integrationId, runId }, 'Drive sync stopped: a later sync took its folder over');
  };
  const tick = () => {
    if (beating || lost) return;
    beating = beat()
      // A passing database fault misses one beat; the claim lasts four.
      .catch((error) => ctx.logger.warn({ err: error, integrationId, runId }, 'Drive sync heartbeat failed'))
      .finally(() => {
        beating = null;
      });
  };
  return {
    async start() {
      await beat();
      if (lost) return false;
      timer = setInterval(tick, SYNC_HEARTBEAT_MS);
      timer.unref();
      return true;
    },
    get lost() {
      return lost;
    },
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
