import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { backfillFieldValues } from './backfill.ts';

/** Runs the backfill once per start of the workers (one job at a time across processes). */
export const analyticsBackfillJob = defineJob({
  name: QUEUES.analyticsBackfill,
  payload: z.object({}),
  handler: (ctx) => backfillFieldValues(ctx),
  beforeWork: async (ctx) => {
    await analyticsBackfillJob.send(ctx, {}, { singletonKey: 'analytics-backfill' });
  },
});
