import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { defineJob } from '../../jobs/registry.ts';
import { applyTracker, unfinishedTrackers } from './apply.ts';

/**
 * Applies a tracker's current revision to its project's past analyses (apply.ts). One job queued and one
 * running per tracker (`stately` by the tracker's key): a change while a run goes on queues one more, which
 * finds the work done or finishes it. A stopped worker's job is given back after its heartbeat is missed and
 * resumes at the tracker's last chunk; every worker start queues the runs left unfinished.
 */
export const trackerApplyJob = defineJob({
  name: QUEUES.trackerApply,
  payload: z.object({ trackerId: z.number().int() }),
  handler: (ctx, { trackerId }, { signal }) => applyTracker(ctx, trackerId, signal),
  queue: { policy: 'stately', heartbeatSeconds: 60, expireInSeconds: 4 * 3600 },
  beforeWork: async (ctx) => {
    for (const trackerId of await unfinishedTrackers(ctx.db)) await queueTrackerApply(ctx, trackerId);
  },
});

/** Queues the run of a tracker's current revision (in `tx`: only if it commits). */
export async function queueTrackerApply(
  ctx: Pick<AppContext, 'boss'>,
  trackerId: number,
  tx?: Transaction,
): Promise<void> {
  await trackerApplyJob.send(ctx, { trackerId }, { singletonKey: `tracker-${trackerId}`, ...(tx && { tx }) });
}
