import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { applyRetention, RETENTION_SCHEDULE } from './retention.ts';

/**
 * Retention, every hour: it deletes whatever is overdue, so the daily promise holds even when the server was
 * down at some hour (nothing is skipped, only done later).
 */
export const retentionJob = defineJob({
  name: QUEUES.retention,
  payload: z.object({}),
  schedule: RETENTION_SCHEDULE,
  handler: async (ctx) => {
    await applyRetention(ctx);
  },
});
