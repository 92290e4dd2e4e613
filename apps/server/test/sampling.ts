import { createHash } from 'node:crypto';
import { type ResultValues, reviewRoutes } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { projectMembers, reviewAssignments, samplingRules, tasks } from '../src/db/schema/index.ts';
import { analysed, type ScoredPrompt, VALUES } from './change-requests.ts';
import { addMember, type Client, signUp, type TestApp } from './harness.ts';

/**
 * A completed analysis for sampling: completed `completedAt` (default: a minute ago, in the current week),
 * with the conversation on `conversationAt`, the model unsure of `unsurePaths` (default: none kept).
 */
export async function sampleTask(
  t: TestApp,
  projectId: number,
  prompt: ScoredPrompt,
  people: { department: string; representative: string },
  options: {
    completedAt?: Date;
    conversationAt?: string;
    values?: ResultValues;
    status?: 'completed' | 'processing';
    unsurePaths?: string[];
  } = {},
): Promise<number> {
  const id = await analysed(
    t,
    projectId,
    prompt,
    people,
    options.conversationAt ?? '2026-03-09T15:00:00Z',
    options.values ?? VALUES,
  );
  await t.ctx.db
    .update(tasks)
    .set({
      completedAt: options.completedAt ?? new Date(Date.now() - 60_000),
      status: options.status ?? 'completed',
      unsurePaths: options.unsurePaths ?? null,
    })
    .where(eq(tasks.id, id));
  return id;
}

/** A new member with the reviewer permission. */
export async function reviewerMember(t: TestApp, projectId: number): Promise<Client> {
  const client = await signUp(t.app);
  await addMember(t, projectId, client, 'user');
  await t.ctx.db
    .update(projectMembers)
    .set({ reviewer: true })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, client.userId)));
  return client;
}

export const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Weekly sample',
  kind: 'score_below',
  score_below: 1000,
  ...overrides,
});

/** Creates a rule through the API (it runs at once when enabled); its id. */
export async function createRule(
  client: Pick<Client, 'call'>,
  projectId: number,
  body: Record<string, unknown>,
): Promise<number> {
  const response = await client.call(reviewRoutes.createRule, {
    unchecked: true,
    params: { id: projectId },
    body,
  });
  if (response.statusCode !== 201) throw new Error(`create rule failed: ${response.body}`);
  return response.json().data.id;
}

/** A rule's assignments: analysis and reviewer, by analysis. */
export async function assignmentsOf(t: TestApp, ruleId: number) {
  return t.ctx.db
    .select({ taskId: reviewAssignments.taskId, reviewerId: reviewAssignments.reviewerId })
    .from(reviewAssignments)
    .where(eq(reviewAssignments.ruleId, ruleId))
    .orderBy(asc(reviewAssignments.taskId));
}

export const taskIdsOf = async (t: TestApp, ruleId: number) =>
  (await assignmentsOf(t, ruleId)).map((row) => row.taskId);

export async function seedOf(t: TestApp, ruleId: number): Promise<string> {
  const [row] = await t.ctx.db
    .select({ seed: samplingRules.seed })
    .from(samplingRules)
    .where(eq(samplingRules.id, ruleId));
  return row!.seed;
}

/** The sampling order computed apart: md5(seed:week:id), then id. */
export function hashOrder(seed: string, week: string, ids: number[]): number[] {
  const key = (id: number) => createHash('md5').update(`${seed}:${week}:${id}`).digest('hex');
  return [...ids].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
}

export const run = (client: Pick<Client, 'call'>, projectId: number, ruleId: number) =>
  client.call(reviewRoutes.runRule, { params: { id: projectId, ruleId } });
