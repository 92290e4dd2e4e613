import { z } from 'zod';
import {
  ANALYSIS_EXPIRE_SECONDS,
  JOB_HEARTBEAT_REFRESH_SECONDS,
  JOB_HEARTBEAT_SECONDS,
  QUEUES,
} from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { failInterruptedTask } from '../tasks/state.ts';
import { runTask } from './run.ts';
import { removeOrphanWorkFolders } from './work-folders.ts';

/**
 * The analysis of one task: each job is one attempt, running the task's pipeline (run.ts); at most one live
 * job per task (singletonKey, tasks/queue.ts). A task that failed for a passing reason waits as 'queued' for
 * its retry (ANALYSIS_RETRY_LIMIT, ANALYSIS_RETRY_DELAY_SECONDS with exponential backoff) and ends 'failed'
 * with the reason when they are used up. An attempt whose worker died is resumed by another worker as soon
 * as its heartbeat is missed, without spending a retry; a task interrupted INTERRUPTION_LIMIT times ends
 * 'failed' as interrupted (jobs/retries.ts).
 */
export const analysisJob = defineJob({
  name: QUEUES.analysis,
  payload: z.object({ taskId: z.number().int() }),
  handler: (ctx, { taskId }, attempt) => runTask(ctx, taskId, attempt),
  queue: {
    policy: 'exclusive',
    heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
    expireInSeconds: ANALYSIS_EXPIRE_SECONDS,
  },
  retries: {
    policy: ({ analysis }) => ({ retries: analysis.retryLimit, delaySeconds: analysis.retryDelaySeconds }),
    givenUpQueue: QUEUES.analysisGivenUp,
    giveUp: (ctx, { taskId }, interruptions) => failInterruptedTask(ctx, taskId, interruptions),
    heartbeatRefreshSeconds: JOB_HEARTBEAT_REFRESH_SECONDS,
  },
  // Each worker takes one task at a time; a task spends most of its time waiting on providers (whose rate
  // limits set the pace, ai/rate-limiter.ts), so there are hundreds of them.
  concurrency: ({ analysis }) => analysis.concurrency,
  // The work folders that stopped processes left behind go first.
  beforeWork: async (ctx) => {
    const orphans = await removeOrphanWorkFolders(ctx.config.dataDir);
    if (orphans.length > 0)
      ctx.logger.info({ folders: orphans }, 'Removed work folders of stopped processes');
  },
});
