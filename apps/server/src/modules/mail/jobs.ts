import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../../jobs/boss.ts';
import type { EmailMessage, Mailer } from './mailer.ts';

/** Emails go through the job queue, so a slow or failing SMTP server never holds up a request. */
export async function enqueueEmail(boss: PgBoss, message: EmailMessage): Promise<void> {
  await boss.send(QUEUES.email, message);
}

export async function workEmails(boss: PgBoss, mailer: Mailer): Promise<void> {
  await boss.work<EmailMessage>(QUEUES.email, async (jobs) => {
    for (const job of jobs) await mailer.send(job.data);
  });
}
