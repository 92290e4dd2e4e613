import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { attemptDelivery } from './deliveries.ts';

/**
 * A worker killed mid-attempt (crash, kill -9) stops refreshing its job's heartbeat (pg-boss does, every half of
 * it); once it is this old the attempt fails and is made again after the queue's retry delay. Without it the
 * job waited for pg-boss's 15-minute expiry. The smallest pg-boss allows; an attempt takes at most 15 s.
 */
const HEARTBEAT_SECONDS = 10;

/** One attempt at one delivery; the delivery row says whether it is still due (modules/webhooks/deliveries.ts). */
export const webhookDeliveryJob = defineJob({
  name: QUEUES.webhookDeliveries,
  payload: z.object({ deliveryId: z.number().int() }),
  handler: (ctx, { deliveryId }) => attemptDelivery(ctx, deliveryId),
  queue: { heartbeatSeconds: HEARTBEAT_SECONDS },
  concurrency: 20,
});
