import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { recountUnfinishedBatches } from './progress.ts';

/** Every minute: unfinished batches whose refresh was lost catch up (recountUnfinishedBatches). */
export const batchRecountJob = defineJob({
  name: QUEUES.batchRecount,
  payload: z.object({}),
  handler: async (ctx) => {
    const changed = await recountUnfinishedBatches(ctx);
    if (changed.items > 0 || changed.batches > 0)
      ctx.logger.info(changed, 'Brought batches whose refresh was lost up to date');
  },
  queue: { retryLimit: 0, expireInSeconds: 300 },
  schedule: '* * * * *',
});
