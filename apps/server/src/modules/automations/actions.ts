import { AUTOMATIONS, type AutomationAction } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { automationFirings, automationRules, projectMembers, users } from '../../db/schema/index.ts';
import type { Attempt } from '../../jobs/registry.ts';
import { emailJob } from '../mail/jobs.ts';
import { guardedPost } from '../webhooks/send.ts';
import { escapeSlack, type FiringMessage, firingMessage } from './message.ts';
import { setActionOutcome } from './outcomes.ts';

type Outcome = { status: 'sent' | 'failed'; detail: string };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Emails the chosen members who are still members of the project (their emails go through the email queue);
 * the action fails when none is left.
 */
async function sendEmails(
  ctx: AppContext,
  projectId: number,
  userIds: number[],
  message: FiringMessage,
  firingId: number,
  index: number,
): Promise<void> {
  const members = await ctx.db
    .select({ email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, userIds)));
  const gone = userIds.length - members.length;
  if (members.length === 0) {
    const detail = 'None of the chosen members is in the project any more.';
    await setActionOutcome(ctx.db, firingId, index, 'failed', detail);
    return;
  }
  const text = message.lines((text) => text).join('\n');
  // The outcome and the emails commit together, and only for the attempt that settles the action.
  await ctx.db.transaction(async (tx) => {
    const left = gone > 0 ? `; ${plural(gone, 'chosen member')} left the project` : '';
    const detail = `Emailed ${plural(members.length, 'member')}${left}.`;
    if (!(await setActionOutcome(tx, firingId, index, 'sent', detail))) return;
    for (const member of members) {
      await emailJob.send(ctx, { to: member.email, subject: message.subject, text }, { tx });
    }
  });
}

/** POSTs `{ "text": … }` to the Slack incoming webhook (the SSRF guard of webhooks, 15 s, no redirects). */
async function postToSlack(ctx: AppContext, url: string, message: FiringMessage): Promise<Outcome> {
  const text = message.lines(escapeSlack).join('\n');
  const result = await guardedPost(ctx, url, JSON.stringify({ text }), {}, AUTOMATIONS.slackTimeoutMs);
  if (result.ok) return { status: 'sent', detail: `Posted to Slack (HTTP ${result.status}).` };
  const answer =
    result.status === null ? result.body : `Slack answered HTTP ${result.status}: ${result.body}`;
  return { status: 'failed', detail: answer };
}

/**
 * One email or Slack action of a firing (the job's handler; safe to run twice: an action no longer queued is
 * left alone). A failed Slack post throws to be tried again, until the last attempt records the failure.
 */
export async function runAction(
  ctx: AppContext,
  data: { firingId: number; index: number; action: AutomationAction },
  attempt: Pick<Attempt, 'lastAttempt'>,
): Promise<void> {
  const { firingId, index, action } = data;
  const [firing] = await ctx.db
    .select({
      projectId: automationFirings.projectId,
      eventType: automationFirings.eventType,
      taskId: automationFirings.taskId,
      actions: automationFirings.actions,
      ruleName: automationRules.name,
    })
    .from(automationFirings)
    .innerJoin(automationRules, eq(automationRules.id, automationFirings.ruleId))
    .where(eq(automationFirings.id, firingId));
  if (firing?.actions[index]?.status !== 'queued') return;
  const message = await firingMessage(ctx, ctx.db, firing);
  if (!message) {
    await setActionOutcome(ctx.db, firingId, index, 'failed', 'The analysis was deleted.');
    return;
  }
  if (action.type === 'email') {
    return sendEmails(ctx, firing.projectId, action.user_ids, message, firingId, index);
  }
  if (action.type !== 'slack') return;
  const outcome = await postToSlack(ctx, action.url, message);
  if (outcome.status === 'failed' && !attempt.lastAttempt) throw new Error(outcome.detail);
  await setActionOutcome(ctx.db, firingId, index, outcome.status, outcome.detail);
}
