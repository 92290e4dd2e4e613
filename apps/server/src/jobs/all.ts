import { analyticsBackfillJob } from '../modules/analytics/jobs.ts';
import { authRequestJob } from '../modules/auth/jobs.ts';
import { automationActionJob } from '../modules/automations/jobs.ts';
import { backtestJob } from '../modules/backtests/job.ts';
import { batchItemJob } from '../modules/batches/jobs.ts';
import { batchRecountJob } from '../modules/batches/recount-job.ts';
import { driveSyncJob, driveSyncTickJob } from '../modules/google-drive/jobs.ts';
import { insightJob } from '../modules/insights/jobs.ts';
import { emailJob } from '../modules/mail/jobs.ts';
import { analysisJob } from '../modules/pipeline/jobs.ts';
import { retentionJob } from '../modules/privacy/jobs.ts';
import { receiverEventJob } from '../modules/receivers/jobs.ts';
import { samplingJob } from '../modules/reviews/sampling-job.ts';
import { topicJob } from '../modules/topics/job.ts';
import { topicsMonthlyJob } from '../modules/topics/monthly.ts';
import { trackerApplyJob } from '../modules/trackers/jobs.ts';
import { trackerRunJob } from '../modules/trackers/smart-run.ts';
import { webhookDeliveryJob } from '../modules/webhooks/jobs.ts';
import { maintenanceJob } from './maintenance.ts';
import type { DeclaredJob } from './registry.ts';

/** Every background job: startBoss creates their queues, startWorkers works them (jobs/workers.ts). */
export const JOBS: readonly DeclaredJob[] = [
  analysisJob,
  emailJob,
  authRequestJob,
  maintenanceJob,
  retentionJob,
  batchItemJob,
  batchRecountJob,
  analyticsBackfillJob,
  insightJob,
  backtestJob,
  driveSyncTickJob,
  driveSyncJob,
  webhookDeliveryJob,
  samplingJob,
  automationActionJob,
  receiverEventJob,
  trackerApplyJob,
  topicJob,
  topicsMonthlyJob,
  trackerRunJob,
];
