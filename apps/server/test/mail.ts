import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../src/context.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import type { AuthRequest } from '../src/modules/auth/auth-requests.ts';
import { runAuthRequest } from '../src/modules/auth/jobs.ts';
import type { EmailMessage } from '../src/modules/mail/mailer.ts';

/** The context of each test app's job queue (startTestApp registers it), for takeQueuedEmails. */
const contexts = new WeakMap<PgBoss, AppContext>();

export function registerTestContext(ctx: AppContext): void {
  contexts.set(ctx.boss, ctx);
}

/** Works the queued sign-ups and reset requests (as the worker would), which queue their emails. */
export async function workAuthRequests(ctx: AppContext): Promise<void> {
  const jobs = await ctx.boss.fetch<AuthRequest>(QUEUES.authRequests, { batchSize: 100 });
  for (const job of jobs) await runAuthRequest(ctx, job.data);
  if (jobs.length > 0)
    await ctx.boss.complete(
      QUEUES.authRequests,
      jobs.map((job) => job.id),
    );
}

/**
 * Takes the queued emails off the queue (as a worker would) and returns them, those of the sign-ups and reset
 * requests still queued included.
 */
export async function takeQueuedEmails(boss: PgBoss): Promise<EmailMessage[]> {
  const ctx = contexts.get(boss);
  if (ctx) await workAuthRequests(ctx);
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
