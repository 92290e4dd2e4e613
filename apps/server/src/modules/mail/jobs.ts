import { QUEUES } from '../../jobs/boss.ts';
import { defineJob } from '../../jobs/registry.ts';
import { createMailer, EmailMessage } from './mailer.ts';

/** Emails go through the job queue, so a slow or failing SMTP server never holds up a request. */
export const emailJob = defineJob({
  name: QUEUES.email,
  payload: EmailMessage,
  handler: (ctx, message) => createMailer(ctx.config, ctx.logger).send(message),
});
