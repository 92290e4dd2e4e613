import type { AutomationTrigger } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projects, tasks } from '../../db/schema/index.ts';
import { analysisUrl } from '../tasks/request.ts';

/** The analysis page in the web app, as a whole address. */
export const analysisAddress = (ctx: Pick<AppContext, 'config'>, projectId: number, taskId: number) =>
  `${ctx.config.publicUrl}${analysisUrl(projectId, taskId)}`;

const HAPPENED: Record<AutomationTrigger, string> = {
  'analysis.completed': 'an analysis was completed',
  'analysis.corrected': 'an analysis was corrected',
  'review.submitted': 'a review was submitted',
  'change_request.created': 'a change request was opened',
};

/** What an email or a Slack post says about a firing. */
export interface FiringMessage {
  subject: string;
  /** Lines of plain text; `safe` makes each piece of user text safe where it goes (Slack: &, <, >). */
  lines: (safe: (text: string) => string) => string[];
}

/** Slack's own markup: &, < and > in user text would otherwise start entities and links. */
export const escapeSlack = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The message of a rule's firing: the rule, what happened, the analysis's title, representative and final
 * score, and the link to it. Null when the analysis is gone.
 */
export async function firingMessage(
  ctx: Pick<AppContext, 'config'>,
  db: Executor,
  firing: { ruleName: string; eventType: AutomationTrigger; taskId: number | null },
): Promise<FiringMessage | null> {
  if (firing.taskId === null) return null;
  const [analysis] = await db
    .select({
      projectId: tasks.projectId,
      projectName: projects.name,
      title: tasks.title,
      representative: tasks.representative,
      finalScore: tasks.finalScore,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.id, firing.taskId));
  if (!analysis) return null;
  const link = analysisAddress(ctx, analysis.projectId, firing.taskId);
  return {
    subject: `Parley automation "${firing.ruleName}" fired in ${analysis.projectName}`,
    lines: (safe) => [
      `The automation rule "${safe(firing.ruleName)}" in the project "${safe(analysis.projectName)}" fired: ${HAPPENED[firing.eventType]}.`,
      '',
      `Analysis: ${safe(analysis.title || 'Untitled')}`,
      `Representative: ${safe(analysis.representative || 'not known')}`,
      `Final score: ${analysis.finalScore ?? 'none'}`,
      '',
      `Open the analysis: ${link}`,
    ],
  };
}
