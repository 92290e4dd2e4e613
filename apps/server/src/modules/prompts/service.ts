import {
  changedLockedField,
  DEFAULT_LANGUAGE,
  fromMilliUnits,
  idFrom,
  type Prompt,
  type PromptData,
  type PromptField,
  promptUnitsMilli,
  successorOf,
  validatePrompt,
  withDefaultFields,
} from '@parley/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { modelUnitsMilli } from '../../ai/catalog.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { prompts } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { toPromptData } from './prompt-data.ts';
import { addVersion, lockPrompt, publishRow, snapshotOf, type VersionAuthor } from './versions.ts';

export { toPromptData } from './prompt-data.ts';

export type PromptRow = typeof prompts.$inferSelect;

export const PROMPT_TEXTS = {
  notFound: 'Prompt not found.',
  nameTaken: 'A prompt with this name already exists in this project.',
  nameImmutable: 'The name of an existing prompt cannot be changed.',
  lockedField: (key: string) =>
    `"${key}" is a locked field: Summary, Title and Final Score keep their keys and types (their explanations can change).`,
  modelRetired: (model: string, successor: string) =>
    `The model ${model} is retired: its provider no longer serves it. Choose another model, such as ${successor}.`,
} as const;

function toPromptDto(row: PromptRow): Prompt {
  return {
    id: row.id,
    projectId: row.projectId,
    ...toPromptData(row),
    units: fromMilliUnits(row.unitsMilli),
    modelNotice: row.modelNotice ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listPrompts(ctx: AppContext, access: ProjectAccess): Promise<Prompt[]> {
  const rows = await ctx.db
    .select()
    .from(prompts)
    .where(eq(prompts.projectId, access.project.id))
    .orderBy(asc(prompts.scriptName), asc(prompts.id));
  return rows.map(toPromptDto);
}

export async function findPromptRow(ctx: AppContext, access: ProjectAccess, promptId: number) {
  const [row] = await ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.projectId, access.project.id), eq(prompts.id, promptId)));
  if (!row) throw notFound(PROMPT_TEXTS.notFound);
  return row;
}

export async function getPrompt(ctx: AppContext, access: ProjectAccess, promptId: number): Promise<Prompt> {
  return toPromptDto(await findPromptRow(ctx, access, promptId));
}

export async function getPromptByName(ctx: AppContext, access: ProjectAccess, name: string): Promise<Prompt> {
  const [row] = await ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.projectId, access.project.id), eq(prompts.scriptName, name)));
  if (!row) throw notFound(PROMPT_TEXTS.notFound);
  return toPromptDto(row);
}

/** A new prompt and its version 1, published. */
export async function createPrompt(
  ctx: AppContext,
  access: ProjectAccess,
  input: PromptData,
  author: VersionAuthor = { userId: null, apiKeyName: null },
): Promise<Prompt> {
  const values = await promptColumns(ctx, access, input, null);
  const row = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(prompts)
        .values({ ...values, projectId: access.project.id })
        .returning();
      await addVersion(tx, created!, snapshotOf(created!), 'published', author);
      return created!;
    }),
  );
  return toPromptDto(row);
}

/**
 * Replaces a prompt's settings and fields and publishes them (spec 1 §2.2 save): the draft, when there is one,
 * is what was edited and becomes the published version. Its name stays as it is.
 */
export async function updatePrompt(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  input: PromptData,
  author: VersionAuthor,
): Promise<Prompt> {
  return ctx.db.transaction(async (tx) => {
    const existing = await lockPrompt(tx, access.project.id, promptId);
    if (!existing) throw notFound(PROMPT_TEXTS.notFound);
    const values = await promptColumns(ctx, access, input, existing);
    const row = await writePublished(tx, existing.id, values);
    await publishRow(tx, row, author);
    return toPromptDto(row);
  });
}

/** Writes the columns of a published version into the prompt's row (clearing a retired model's notice). */
export async function writePublished(
  tx: Executor,
  promptId: number,
  values: Awaited<ReturnType<typeof promptColumns>>,
): Promise<PromptRow> {
  const [row] = await tx
    .update(prompts)
    .set({ ...values, modelNotice: null, updatedAt: new Date() })
    .where(eq(prompts.id, promptId))
    .returning();
  return row!;
}

/** Hides the notice that the prompt's model was retired and replaced. */
export async function dismissModelNotice(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
): Promise<Prompt> {
  const row = await findPromptRow(ctx, access, promptId);
  const [updated] = await ctx.db
    .update(prompts)
    .set({ modelNotice: null })
    .where(eq(prompts.id, row.id))
    .returning();
  return toPromptDto(updated!);
}

export async function deletePrompt(ctx: AppContext, access: ProjectAccess, promptId: number): Promise<void> {
  const row = await findPromptRow(ctx, access, promptId);
  await ctx.db.delete(prompts).where(eq(prompts.id, row.id));
}

/**
 * The stored form of a prompt: Summary, Title and Final Score added, checked with the form's own rules
 * (validatePrompt), classification targets resolved in this project, units fixed at the catalog's price.
 */
export async function promptColumns(
  ctx: AppContext,
  access: ProjectAccess,
  input: PromptData,
  existing: PromptRow | null,
) {
  const content = withDefaultFields(input.content, input.finalScore, access.language ?? DEFAULT_LANGUAGE);
  const problem = validatePrompt({ ...input, content, projectId: access.project.id });
  if (problem) throw badRequest(problem.message, 'invalid_prompt');
  if (existing && input.scriptName !== existing.scriptName) {
    throw badRequest(PROMPT_TEXTS.nameImmutable, 'prompt_name_immutable');
  }
  const locked = changedLockedField(existing ? existing.content : null, input.content, input.finalScore);
  if (locked) throw badRequest(PROMPT_TEXTS.lockedField(locked), 'locked_field', 'content');
  const successor = successorOf(input.provider, input.model);
  if (successor) throw badRequest(PROMPT_TEXTS.modelRetired(input.model, successor), 'model_retired');
  const { LVA, ...rest } = input;
  return {
    ...rest,
    knockoutCap: input.knockoutCap ?? null,
    lva: LVA,
    content: await resolveClassificationTargets(ctx, access, content, existing?.id ?? null),
    unitsMilli: promptUnitsMilli(modelUnitsMilli(ctx.config, input.provider, input.model), LVA),
  };
}

/**
 * Classification options must name another prompt of the same project; their promptName is set to that
 * prompt's current name.
 */
async function resolveClassificationTargets(
  ctx: AppContext,
  access: ProjectAccess,
  content: PromptField[],
  selfId: number | null,
): Promise<PromptField[]> {
  const options = classificationOptions(content);
  if (options.length === 0) return content;
  const ids = options
    .map((option) => idFrom(option.promptId))
    .filter((id): id is number => id !== null && id !== selfId);
  const targets = ids.length
    ? await ctx.db
        .select({ id: prompts.id, name: prompts.scriptName })
        .from(prompts)
        .where(and(eq(prompts.projectId, access.project.id), inArray(prompts.id, ids)))
    : [];
  const names = new Map(targets.map((target) => [target.id, target.name]));
  const resolve = (fields: PromptField[]): PromptField[] =>
    fields.map((field) => ({
      ...field,
      ...(field.classificationOptions && {
        classificationOptions: field.classificationOptions.map((option) => {
          const id = idFrom(option.promptId);
          const name = id === null || id === selfId ? undefined : names.get(id);
          if (name === undefined) {
            throw badRequest(
              `Classification option "${option.promptName || option.promptId}" must point at another prompt of this project.`,
              'invalid_prompt',
            );
          }
          return { ...option, promptId: String(id), promptName: name };
        }),
      }),
      ...(field.content && { content: resolve(field.content) }),
    }));
  return resolve(content);
}

function classificationOptions(fields: PromptField[]): NonNullable<PromptField['classificationOptions']> {
  return fields.flatMap((field) => [
    ...(field.classificationOptions ?? []),
    ...classificationOptions(field.content ?? []),
  ]);
}

/** Runs an insert, turning a clash on the per-project name into 409. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'prompts_project_name_key')) {
      throw conflict(PROMPT_TEXTS.nameTaken, 'prompt_name_taken');
    }
    throw error;
  }
}
