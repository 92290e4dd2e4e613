import type { PgBoss } from 'pg-boss';
import { QUEUES } from '../src/jobs/boss.ts';
import type { EmailMessage } from '../src/modules/mail/mailer.ts';

/** Takes the queued emails off the queue (as a worker would) and returns them. */
export async function takeQueuedEmails(boss: PgBoss): Promise<EmailMessage[]> {
  const jobs = await boss.fetch<EmailMessage>(QUEUES.email, { batchSize: 100 });
  if (jobs.length > 0)
    await boss.complete(
      QUEUES.email,
      jobs.map((job) => job.id),
    );
  return jobs.map((job) => job.data);
}

export function resetTokenFrom(message: EmailMessage): string {
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`No reset link in: ${message.text}`);
  return token;
}

export function confirmTokenFrom(message: EmailMessage): string {
  const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  if (!token) throw new Error(`No confirmation link in: ${message.text}`);
  return token;
}
