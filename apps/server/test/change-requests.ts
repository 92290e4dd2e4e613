import {
  computeFinalScore,
  type PromptField,
  promptRoutes,
  type ResultValues,
  repRoutes,
  supportRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { tasks } from '../src/db/schema/index.ts';
import { recordFieldValues } from '../src/modules/tasks/field-values.ts';
import { insertAnalysis } from './analytics.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from './harness.ts';
import { takeQueuedEmails } from './mail.ts';
import { insertPromptVersion } from './prompt-versions.ts';
import { createKey, keyClient } from './settings.ts';

type Mode = 'sum' | 'percent' | 'descending' | 'no';
export interface ScoredPrompt {
  id: number;
  versionId: number;
  content: PromptField[];
  finalScore: Mode;
  maxScore: number | null;
}

export const field = (
  key: string,
  type: PromptField['type'],
  extra: Partial<PromptField> = {},
): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: ['bool', 'ok', 'marks', 'int'].includes(type),
  ...extra,
});

/** A scorecard with every correctable type. */
export const CONTENT: PromptField[] = [
  field('Summary', 'string'),
  field('Title', 'string'),
  field('Greeting', 'bool'),
  field('Discovery', 'object', { content: [field('Budget', 'ok')] }),
  field('Tone', 'marks', { marks: [0, 1, 2, 3].map((value) => ({ value, explanation: '' })) }),
  field('Outcome', 'option', { options: ['Won', 'Lost'].map((value) => ({ value, explanation: '' })) }),
  field('Objections', 'int', { includeInScore: false }),
  field('Final Score', 'float'),
];

/** A prompt made through the API and the version its analyses ran with (its scoring and model). */
export async function scoredPrompt(
  t: TestApp,
  owner: Client,
  projectId: number,
  finalScore: Mode,
  maxScore: number | null = null,
  model = 'claude-sonnet-4-5',
  fields: PromptField[] = CONTENT,
): Promise<ScoredPrompt> {
  const content = finalScore === 'no' ? fields.filter((f) => f.key !== 'Final Score') : fields;
  const scriptName = `QA ${finalScore} ${Math.random().toString(36).slice(2, 7)}`;
  const response = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName, content, finalScore, maxScore },
  });
  if (response.statusCode !== 201) throw new Error(`create prompt failed: ${response.body}`);
  const id = response.json().data.id as number;
  const data = { id, projectId, scriptName, content, finalScore, maxScore, model };
  const versionId = await insertPromptVersion(t.ctx.db, { projectId, promptId: id, data, hash: scriptName });
  return { id, versionId, content, finalScore, maxScore };
}

export const VALUES: ResultValues = {
  Summary: 'A call.',
  Title: 'Call with Ann',
  Greeting: false,
  Discovery: { Budget: 'not ok' },
  Tone: 1,
  Outcome: 'Lost',
  Objections: 2,
};

/** A completed analysis with a stored result and its analytics rows. */
export async function analysed(
  t: TestApp,
  projectId: number,
  prompt: ScoredPrompt,
  people: { department: string; representative: string },
  createdAt = '2026-03-09T15:00:00Z',
  values: ResultValues = VALUES,
): Promise<number> {
  const score = computeFinalScore(prompt.finalScore, prompt.content, values, prompt.maxScore);
  const withScore = prompt.finalScore === 'no' ? values : { ...values, 'Final Score': score.score };
  const taskId = await insertAnalysis(t, projectId, {
    prompt,
    values: withScore,
    score: score.score,
    ...people,
    day: createdAt.slice(0, 10),
    createdAt,
  });
  await t.ctx.db
    .update(tasks)
    .set({ result: { values: withScore, evidence: {}, score } })
    .where(eq(tasks.id, taskId));
  await recordFieldValues(t.ctx.db, [taskId]);
  return taskId;
}

/**
 * A project with members of every role: two users, a team leader of Sales, one of Support, an admin, support
 * staff with the owner's grant, a stranger, and a full key; a second project of the owner. `env`: the
 * server's environment (a fake provider's address).
 */
export async function startChangeRequestApp(env: Record<string, string> = {}) {
  const t = await startTestApp({}, env);
  const superAdmin = await signUp(t.app);
  const owner = await signUp(t.app);
  const next = () => signUp(t.app);
  const [user, user2, leader, otherLeader] = [await next(), await next(), await next(), await next()];
  const [admin, support, stranger] = [await next(), await next(), await next()];
  const projectId = await createProject(owner, 'Disputes');
  const otherProjectId = await createProject(owner, 'Other');
  await usersSeeAll(t, projectId);
  for (const [member, role] of [
    [user, 'user'],
    [user2, 'user'],
    [leader, 'teamleader'],
    [otherLeader, 'teamleader'],
    [admin, 'admin'],
  ] as const) {
    await addMember(t, projectId, member, role);
  }
  for (const [member, department] of [
    [leader, 'sales'],
    [otherLeader, 'support'],
  ] as const) {
    const assigned = await owner.call(repRoutes.setTeamLeader, {
      params: { id: projectId, userId: member.userId },
      body: { departments: [department], representatives: [] },
    });
    if (assigned.statusCode !== 200) throw new Error(`assignment failed: ${assigned.body}`);
  }
  await superAdmin.call(supportRoutes.setUserRole, {
    params: { userId: support.userId },
    body: { role: 'support' },
  });
  await owner.call(supportRoutes.grant, { params: { id: projectId }, body: { duration: 1, unit: 'hours' } });
  const fullKey = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
  await takeQueuedEmails(t.ctx.boss);
  return {
    t,
    owner,
    user,
    user2,
    leader,
    otherLeader,
    admin,
    support,
    stranger,
    fullKey,
    projectId,
    otherProjectId,
  };
}
