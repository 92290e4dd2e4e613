import { SAMPLING } from '@parley/contracts';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { runEnabledRules } from './sampling.ts';

/** Every SAMPLING.scheduleMinutes (on the hour): SAMPLING.scheduleMinutes is 60. */
export const SAMPLING_SCHEDULE = `0 */${SAMPLING.scheduleMinutes / 60} * * *`;

/**
 * The scheduled sampling: every enabled rule of every project assigns what the current week misses (a rerun
 * assigns nothing new, so a run that comes late or twice does no harm). The next tick is the retry.
 */
export const samplingJob = defineJob({
  name: QUEUES.sampling,
  payload: z.object({}),
  schedule: SAMPLING_SCHEDULE,
  queue: { retryLimit: 0, expireInSeconds: 3000 },
  handler: async (ctx) => {
    await runEnabledRules(ctx);
  },
});
