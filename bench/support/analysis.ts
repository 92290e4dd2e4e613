import { Readable } from 'node:stream';
import { type PromptField, withDefaultFields } from '@parley/contracts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { mediaFiles, projects, prompts, tasks, unitBundles } from '../../apps/server/src/db/schema/index.ts';
import { storageOf } from '../../apps/server/src/storage/index.ts';

const FIELDS: PromptField[] = withDefaultFields(
  [{ key: 'Greeting', type: 'ok', explanation: 'Did the agent greet?', includeInScore: true }],
  'sum',
  'en',
);
const evidence = (value: unknown) => ({
  value,
  justification: 'Said so.',
  quote: 'Hello',
  timestamp: null,
  unsure: false,
});
/** What the fake Anthropic answers for the prompt of seedAnalysisProject. */
export const ANSWER = {
  Summary: evidence('A greeting.'),
  Title: evidence('Hello'),
  Greeting: evidence('ok'),
};

export interface AnalysisProject {
  projectId: number;
  promptId: number;
}

/** A project with a paid bundle of `unitsMilli` and a one-field Anthropic prompt of 1 unit a task. */
export async function seedAnalysisProject(
  ctx: AppContext,
  unitsMilli: number,
  metadataFields: string[],
): Promise<AnalysisProject> {
  const [project] = await ctx.db.insert(projects).values({ name: 'Bench' }).returning();
  return addAnalysisPrompt(ctx, project!.id, unitsMilli, metadataFields);
}

/** Gives an existing project a paid bundle of `unitsMilli` and a one-field Anthropic prompt of 1 unit a task. */
export async function addAnalysisPrompt(
  ctx: AppContext,
  projectId: number,
  unitsMilli: number,
  metadataFields: string[],
): Promise<AnalysisProject> {
  await ctx.db.insert(unitBundles).values({
    projectId,
    planName: 'Bench',
    includedMilli: unitsMilli,
    leftMilli: unitsMilli,
    isFree: false,
    expiresAt: null,
  });
  const [prompt] = await ctx.db
    .insert(prompts)
    .values({
      projectId,
      scriptName: 'Bench',
      role: 'Sales',
      basicInstruction: 'Check the greeting.',
      transcribeInstructions: '',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      responseLanguage: 'English',
      companyDetails: '',
      finalScore: 'sum',
      lva: 'none',
      maxScore: null,
      transcriptionTask: 'transcribe',
      transcriptionLanguage: 'auto',
      content: FIELDS,
      metadataFields,
      isClassification: false,
      unitsMilli: 1000,
    })
    .returning();
  return { projectId, promptId: prompt!.id };
}

/** Stores a text conversation through the storage interface and makes a task of it; returns the task's id. */
export async function createTextTask(
  ctx: AppContext,
  { projectId, promptId }: AnalysisProject,
  file: { name: string; contentType: string; text: string; metadata?: Record<string, string> },
): Promise<number> {
  const stored = await storageOf(ctx.config).put(Readable.from([Buffer.from(file.text)]), {
    prefix: `projects/${projectId}`,
    extension: file.name.split('.').pop()!,
  });
  const [media] = await ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: stored.key,
      fileName: file.name,
      contentType: file.contentType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: 'text',
    })
    .returning();
  const [task] = await ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: media!.id, promptId, ...(file.metadata && { metadata: file.metadata }) })
    .returning();
  return task!.id;
}

/** `count` short two-person chats (JSON) made into tasks of the project; returns their ids. */
export async function createChatTasks(
  ctx: AppContext,
  project: AnalysisProject,
  count: number,
  tag = 'call',
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const chat = JSON.stringify([
      { speaker: 'Agent', text: `Hello, this is ${tag} ${i}. How can I help?` },
      { speaker: 'Customer', text: 'I would like a quote for solar panels.' },
    ]);
    ids.push(
      await createTextTask(ctx, project, {
        name: `chat-${i}.json`,
        contentType: 'application/json',
        text: chat,
      }),
    );
  }
  return ids;
}
