import {
  extractFieldValues,
  type FieldValues,
  type PromptField,
  promptRoutes,
  repRoutes,
  supportRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { analysisFieldValues, mediaFiles, projects, tasks } from '../src/db/schema/index.ts';
import { addMember, type Client, createProject, signUp, startTestApp, type TestApp } from './harness.ts';
import { insertPromptVersion as insertVersionRow } from './prompt-versions.ts';
import { createKey, keyClient } from './settings.ts';

/** A prompt as analyses ran with it: a version row (what a deleted prompt's name and fields are read from). */
export async function insertPromptVersion(
  t: TestApp,
  projectId: number,
  promptId: number,
  scriptName: string,
  content: PromptField[],
): Promise<number> {
  const data = { id: promptId, projectId, scriptName, content };
  return insertVersionRow(t.ctx.db, { projectId, promptId, data, hash: scriptName });
}

export interface AnalysedConversation {
  prompt: { id: number; versionId: number; content: PromptField[] };
  values: FieldValues;
  score: number | null;
  representative: string | null;
  department: string | null;
  /** The day in the project's time zone. */
  day: string;
  /** When the task was made (its day in the project's time zone is `day`). */
  createdAt: string;
  unitsMilli?: number | null;
  title?: string;
  /** Paths of the fields whose answers knocked the analysis out. */
  knockouts?: string[];
}

/**
 * A completed analysis as the analytics table holds it: the task (with its media row) and the rows
 * extractFieldValues gives for its answer.
 */
export async function insertAnalysis(
  t: TestApp,
  projectId: number,
  analysis: AnalysedConversation,
): Promise<number> {
  const [media] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: `test/${analysis.createdAt}`,
      fileName: 'call.wav',
      contentType: 'audio/wav',
      sizeBytes: 1,
      sha256: analysis.createdAt,
      kind: 'audio',
    })
    .returning({ id: mediaFiles.id });
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({
      projectId,
      mediaId: media!.id,
      promptId: analysis.prompt.id,
      promptVersionId: analysis.prompt.versionId,
      status: 'completed',
      title: analysis.title ?? `Call of ${analysis.createdAt}`,
      representative: analysis.representative,
      department: analysis.department,
      finalScore: analysis.score,
      unitsChargedMilli: analysis.unitsMilli ?? null,
      createdAt: new Date(analysis.createdAt),
      conversationAt: new Date(analysis.createdAt),
    })
    .returning({ id: tasks.id });
  const rows = extractFieldValues(analysis.prompt.content, analysis.values, {
    score: analysis.score,
    knockouts: (analysis.knockouts ?? []).map((path) => ({ path })),
  });
  await t.ctx.db.insert(analysisFieldValues).values(
    rows.map((row) => ({
      taskId: task!.id,
      projectId,
      promptId: analysis.prompt.id,
      promptVersionId: analysis.prompt.versionId,
      path: row.path,
      valueType: row.type,
      score: row.score,
      maxScore: row.max,
      value: row.value,
      outcome: row.outcome,
      inScore: row.inScore,
      knockout: row.knockout,
      representative: analysis.representative,
      department: analysis.department,
      analysisDate: analysis.day,
    })),
  );
  return task!.id;
}

type Field = PromptField;
const field = (key: string, type: Field['type'], extra: Partial<Field> = {}): Field => ({
  key,
  type,
  explanation: '',
  includeInScore: type === 'bool' || type === 'ok' || type === 'marks',
  ...extra,
});
const marks = (...values: number[]) => values.map((value) => ({ value, explanation: '' }));

/** The sales scorecard of the hand-checked data set: nested items, n/a, marks, an option, a number. */
export const SALES_CONTENT: Field[] = [
  field('Summary', 'string'),
  field('Greeting', 'bool'),
  field('Discovery', 'object', {
    content: [field('Budget', 'ok'), field('Timeline', 'bool')],
  }),
  field('Tone', 'marks', { marks: marks(0, 1, 2, 3) }),
  field('Outcome', 'option', {
    options: ['Won', 'Lost', 'Follow-up'].map((value) => ({ value, explanation: '' })),
  }),
  field('Objections', 'int'),
  field('Final Score', 'float'),
];

export const SUPPORT_CONTENT: Field[] = [
  field('Resolved', 'bool'),
  field('Empathy', 'marks', { marks: marks(0, 1, 2, 3, 4, 5) }),
  field('Final Score', 'float'),
];

export interface SeededPrompt {
  id: number;
  versionId: number;
  content: Field[];
}

/** A prompt made through the API, with the version its analyses ran with. */
export async function seedPrompt(
  t: TestApp,
  owner: Pick<Client, 'call'>,
  projectId: number,
  scriptName: string,
  content: Field[],
): Promise<SeededPrompt> {
  const response = await owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: { scriptName, content },
  });
  if (response.statusCode !== 201) throw new Error(`create prompt failed: ${response.body}`);
  const id = response.json().data.id as number;
  return { id, versionId: await insertPromptVersion(t, projectId, id, scriptName, content), content };
}

const sales = (
  greeting: boolean,
  budget: string | null,
  timeline: boolean,
  tone: number,
  outcome: string,
) => ({
  Summary: 'A call.',
  Greeting: greeting,
  Discovery: budget === null ? { Timeline: timeline } : { Budget: budget, Timeline: timeline },
  Tone: tone,
  Outcome: outcome,
});

/**
 * The hand-checked data set in a project whose time zone is America/New_York: a sales prompt (5 analyses from
 * Saturday 7 to Tuesday 10 March 2026, across a week boundary; one in the period before) and a support prompt
 * (3, and one in February); Alice in Sales, Bob in Support, one analysis without either.
 */
export async function seedAnalytics(t: TestApp, owner: Pick<Client, 'call'>, projectId: number) {
  const salesPrompt = await seedPrompt(t, owner, projectId, 'Sales QA', SALES_CONTENT);
  const supportPrompt = await seedPrompt(t, owner, projectId, 'Support QA', SUPPORT_CONTENT);
  const alice = { representative: 'Alice', department: 'Sales' };
  const bob = { representative: 'Bob', department: 'Support' };
  const nobody = { representative: null, department: null };
  const add = (
    prompt: SeededPrompt,
    who: typeof alice | typeof nobody,
    day: string,
    createdAt: string,
    score: number,
    unitsMilli: number,
    values: FieldValues,
  ) => insertAnalysis(t, projectId, { prompt, ...who, day, createdAt, score, unitsMilli, values });
  const ids = {
    a1: await add(salesPrompt, alice, '2026-03-07', '2026-03-07T15:00:00Z', 90, 1500, {
      ...sales(true, 'ok', true, 3, 'Won'),
      Objections: 2,
    }),
    // 23:30 in New York on Sunday the 8th: Monday the 9th in UTC.
    a2: await add(salesPrompt, alice, '2026-03-08', '2026-03-09T03:30:00Z', 40, 1000, {
      ...sales(false, 'n/a', false, 1, 'Lost'),
      Objections: 4,
    }),
    b1: await add(supportPrompt, bob, '2026-03-08', '2026-03-08T16:00:00Z', 50, 700, {
      Resolved: false,
      Empathy: 4,
    }),
    a3: await add(salesPrompt, alice, '2026-03-09', '2026-03-09T14:00:00Z', 70, 1200, {
      ...sales(true, 'not ok', true, 2, 'Won'),
      Objections: 0,
    }),
    a4: await add(salesPrompt, bob, '2026-03-09', '2026-03-09T18:00:00Z', 20, 800, {
      ...sales(false, 'ok', false, 0, 'Follow-up'),
      Objections: 1,
    }),
    a5: await add(
      salesPrompt,
      nobody,
      '2026-03-10',
      '2026-03-10T13:00:00Z',
      100,
      500,
      sales(true, null, true, 3, 'Won'),
    ),
    b2: await add(supportPrompt, bob, '2026-03-10', '2026-03-10T15:00:00Z', 30, 600, {
      Resolved: false,
      Empathy: 2,
    }),
    b3: await add(supportPrompt, bob, '2026-03-10', '2026-03-10T20:00:00Z', 80, 900, {
      Resolved: true,
      Empathy: 5,
    }),
    p1: await add(salesPrompt, alice, '2026-03-05', '2026-03-05T15:00:00Z', 80, 1000, {
      ...sales(true, 'ok', true, 3, 'Won'),
      Objections: 1,
    }),
    o1: await add(supportPrompt, bob, '2026-02-01', '2026-02-01T15:00:00Z', 60, 400, {
      Resolved: true,
      Empathy: 3,
    }),
  };
  return { salesPrompt, supportPrompt, ids };
}

/**
 * The app with the hand-checked data set (seedAnalytics) in a project of the owner, another project of theirs
 * with one analysis in the same days, a team leader of the Sales department, one without an assignment, a
 * stranger, support staff with the owner's grant, and a full and a media key. `env` as startTestApp's (e.g. a
 * fake provider's key and address).
 */
export async function startAnalyticsApp(env: Record<string, string> = {}) {
  const t = await startTestApp({}, env);
  const superAdmin = await signUp(t.app);
  const [owner, leader, idleLeader, stranger, support] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  const projectId = await createProject(owner, 'Analytics');
  await t.ctx.db.update(projects).set({ timezone: 'America/New_York' }).where(eq(projects.id, projectId));
  const seeded = await seedAnalytics(t, owner, projectId);
  const otherProjectId = await createProject(owner, 'Other');
  const otherPrompt = await seedPrompt(t, owner, otherProjectId, 'Other QA', SUPPORT_CONTENT);
  await insertAnalysis(t, otherProjectId, {
    prompt: otherPrompt,
    values: { Resolved: false, Empathy: 0 },
    score: 0,
    representative: 'Alice',
    department: 'Sales',
    day: '2026-03-09',
    createdAt: '2026-03-09T15:00:00Z',
    unitsMilli: 5000,
  });
  for (const member of [leader, idleLeader]) await addMember(t, projectId, member, 'teamleader');
  const assigned = await owner.call(repRoutes.setTeamLeader, {
    params: { id: projectId, userId: leader.userId },
    body: { departments: ['sales'], representatives: [] },
  });
  if (assigned.statusCode !== 200) throw new Error(`assignment failed: ${assigned.body}`);
  await superAdmin.call(supportRoutes.setUserRole, {
    params: { userId: support.userId },
    body: { role: 'support' },
  });
  await owner.call(supportRoutes.grant, { params: { id: projectId }, body: { duration: 1, unit: 'hours' } });
  const fullKey = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
  const mediaKey = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
  return {
    t,
    owner,
    leader,
    idleLeader,
    stranger,
    support,
    fullKey,
    mediaKey,
    projectId,
    otherProjectId,
    otherPrompt,
    ...seeded,
  };
}
