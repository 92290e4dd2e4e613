import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { attemptDelivery } from './deliveries.ts';

/** One attempt at one delivery; the delivery row says whether it is still due (modules/webhooks/deliveries.ts). */
export const webhookDeliveryJob = defineJob({
  name: QUEUES.webhookDeliveries,
  payload: z.object({ deliveryId: z.number().int() }),
  handler: (ctx, { deliveryId }) => attemptDelivery(ctx, deliveryId),
  concurrency: 20,
});
