import type { AppContext } from '../context.ts';
import { workAnalyticsBackfill } from '../modules/analytics/backfill.ts';
import { workAuthRequests } from '../modules/auth/jobs.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { workBatchItems } from '../modules/batches/jobs.ts';
import { subscribeBatchProgress } from '../modules/batches/progress.ts';
import { workDriveSync } from '../modules/google-drive/jobs.ts';
import { workInsights } from '../modules/insights/jobs.ts';
import { workEmails } from '../modules/mail/jobs.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { workAnalysis } from '../modules/pipeline/jobs.ts';
import { cleanupStaleUploads } from '../modules/uploads/cleanup.ts';
import { QUEUES } from './boss.ts';

/** Starts every background worker of this process (PARLEY_ROLE worker or all). */
export async function startWorkers(ctx: AppContext): Promise<void> {
  subscribeBatchProgress();
  await workEmails(ctx.boss, createMailer(ctx.config, ctx.logger));
  await workAuthRequests(ctx);
  await workAnalysis(ctx);
  await workBatchItems(ctx);
  await workAnalyticsBackfill(ctx);
  await workInsights(ctx);
  await workDriveSync(ctx);
  await ctx.boss.schedule(QUEUES.maintenance, '17 3 * * *');
  await ctx.boss.work(QUEUES.maintenance, async () => {
    await deleteExpiredSessions(ctx.db);
    await cleanupStaleUploads(ctx);
  });
}
