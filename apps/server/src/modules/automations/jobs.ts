import { AutomationAction } from '@parley/contracts';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { runAction } from './actions.ts';

/**
 * One email or Slack action of a firing (the action as the rule said when it fired); a Slack post that fails is
 * tried again after 10 s, 20 s and 40 s, then the action failed (modules/automations/actions.ts).
 */
export const automationActionJob = defineJob({
  name: QUEUES.automationActions,
  payload: z.object({ firingId: z.number().int(), index: z.number().int(), action: AutomationAction }),
  handler: (ctx, data, attempt) => runAction(ctx, data, attempt),
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true },
  concurrency: 10,
});
