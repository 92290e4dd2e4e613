import {
  classificationNames,
  computeFinalScore,
  FINAL_SCORE_KEY,
  type FieldValues,
  type PromptField,
  promptOutputSchemaWithEvidence,
  SPEAKER_ROLES_KEY,
  SpeakerRolesAnswer,
  splitEvidence,
  type TaskResult,
  TITLE_KEY,
} from '@parley/contracts';
import { z } from 'zod';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';
import type { PromptSnapshot } from '../prompts/versions.ts';
import { isObject } from '../tasks/result.ts';
import {
  analysisInstructions,
  analysisPrompt,
  answerTokens,
  asksSpeakerRoles,
  type ConversationContext,
} from './analysis-request.ts';

// The prompt as the analysis ran with it (its version: prompt_versions.data; prompts change later).
export type { PromptSnapshot };

export type PromptAnalysis = Omit<TaskResult, 'prompt' | 'classification'>;

/**
 * The roles as the schema asks for them: required like every field, but an answer without them (or with
 * an entry that is not a speaker's role) loses those roles, not the analysis.
 */
const rolesAnswer = z.preprocess(
  (value) =>
    Array.isArray(value) ? value.filter((entry) => SpeakerRolesAnswer.element.safeParse(entry).success) : [],
  SpeakerRolesAnswer,
);

/** An analysis and the model's word on who each speaker is (undefined when it was not asked). */
export interface PromptAnswer {
  analysis: PromptAnalysis;
  speakerRoles: unknown;
}

/**
 * One structured analysis of the conversation with one prompt: values, evidence and the final score; with
 * speaker labels the same call also asks who each speaker is (kept apart from the values).
 */
export async function analyseWithPrompt(
  ctx: AppContext,
  prompt: PromptSnapshot,
  context: ConversationContext,
  who: { projectId: number; userId: number | null; purpose: string; signal?: AbortSignal },
): Promise<PromptAnswer> {
  const withRoles = asksSpeakerRoles(prompt, context);
  const fields = promptOutputSchemaWithEvidence(prompt.content, { omitKeys: [FINAL_SCORE_KEY] });
  const schema = withRoles ? fields.extend({ [SPEAKER_ROLES_KEY]: rolesAnswer }) : fields;
  const answer = (await generateStructured(ctx, {
    purpose: who.purpose,
    projectId: who.projectId,
    userId: who.userId,
    signal: who.signal,
    provider: prompt.provider,
    model: prompt.model,
    schema,
    instructions: analysisInstructions(prompt),
    cachePrefix: true,
    prompt: analysisPrompt(prompt, context),
    maxOutputTokens: answerTokens(ctx.config, prompt, withRoles ? context.speakers!.length : 0),
  })) as Record<string, unknown>;
  // Only prompt fields become values: the roles the answer also gives stay out of the result.
  const { values, evidence } = splitEvidence(prompt.content, answer);
  const score = computeFinalScore(
    prompt.finalScore,
    prompt.content,
    values,
    prompt.maxScore,
    prompt.knockoutCap,
  );
  if (prompt.finalScore !== 'no' && prompt.content.some((field) => field.key === FINAL_SCORE_KEY)) {
    values[FINAL_SCORE_KEY] = score.score;
  }
  return {
    analysis: { values, evidence, score },
    speakerRoles: withRoles ? answer[SPEAKER_ROLES_KEY] : undefined,
  };
}

/** The first classification field of a field tree (depth first) and its path. */
export function classificationField(
  fields: PromptField[],
  prefix: string[] = [],
): { field: PromptField; path: string[] } | null {
  for (const field of fields) {
    if (field.type === 'classification') return { field, path: [...prefix, field.key] };
    if (field.type === 'object') {
      const found = classificationField(field.content ?? [], [...prefix, field.key]);
      if (found) return found;
    }
  }
  return null;
}

/** The option a classification answer chose (by prompt name, or id for unnamed options). */
export function chosenOption(field: PromptField, values: FieldValues, path: string[]) {
  let node: unknown = values;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  if (typeof node !== 'string') return null;
  const names = classificationNames(field);
  const index = names.indexOf(node);
  return index === -1 ? null : (field.classificationOptions?.[index] ?? null);
}

/** The 'Title' value of an answer, when it is a non-empty string. */
export function titleOf(values: FieldValues): string | null {
  const title = values[TITLE_KEY];
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 500) : null;
}
