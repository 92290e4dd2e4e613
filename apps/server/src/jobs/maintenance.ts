import { z } from 'zod';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { cleanupStaleUploads } from '../modules/uploads/cleanup.ts';
import { QUEUES } from './boss.ts';
import { defineJob } from './registry.ts';

/** Nightly: expired sessions and stale chunked uploads go. */
export const maintenanceJob = defineJob({
  name: QUEUES.maintenance,
  payload: z.object({}),
  schedule: '17 3 * * *',
  handler: async (ctx) => {
    await deleteExpiredSessions(ctx.db);
    await cleanupStaleUploads(ctx);
  },
});
