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
  readSmartAnswers,
  SMART_TRACKERS_INSTRUCTION,
  SMART_TRACKERS_KEY,
  type SmartAnswers,
  type SmartTracker,
  smartTrackersSchema,
} from '../trackers/smart.ts';
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

/**
 * An analysis and the model's word on who each speaker is (undefined when it was not asked), and on the
 * project's smart trackers (by id; undefined when none was asked).
 */
export interface PromptAnswer {
  analysis: PromptAnalysis;
  speakerRoles: unknown;
  smartTrackers?: SmartAnswers;
}

/** Whether the analysis can ask these smart trackers: some, and the prompt has no top-level field of their key. */
const asksSmartTrackers = (prompt: PromptSnapshot, list: readonly SmartTracker[] | undefined) =>
  (list?.length ?? 0) > 0 && !prompt.content.some((field) => field.key === SMART_TRACKERS_KEY);

/**
 * One structured analysis of the conversation with one prompt: values, evidence and the final score; with
 * speaker labels the same call also asks who each speaker is, and with `smartTrackers` whether each statement
 * was said (both kept apart from the values and the score). The call's price does not change with them: an
 * analysis is priced by the conversation's length and the model (units.ts), not by fields or tokens.
 */
export async function analyseWithPrompt(
  ctx: AppContext,
  prompt: PromptSnapshot,
  context: ConversationContext,
  who: { projectId: number; userId: number | null; purpose: string; signal?: AbortSignal },
  smartTrackers?: readonly SmartTracker[],
): Promise<PromptAnswer> {
  const withRoles = asksSpeakerRoles(prompt, context);
  const smart = asksSmartTrackers(prompt, smartTrackers) ? smartTrackers! : [];
  const fields = promptOutputSchemaWithEvidence(prompt.content, { omitKeys: [FINAL_SCORE_KEY] });
  const schema = fields.extend({
    ...(withRoles && { [SPEAKER_ROLES_KEY]: rolesAnswer }),
    ...(smart.length > 0 && { [SMART_TRACKERS_KEY]: smartTrackersSchema(smart) }),
  });
  const instructions = analysisInstructions(prompt);
  const answer = (await generateStructured(ctx, {
    purpose: who.purpose,
    projectId: who.projectId,
    userId: who.userId,
    signal: who.signal,
    provider: prompt.provider,
    model: prompt.model,
    schema,
    instructions: smart.length > 0 ? `${instructions}\n\n${SMART_TRACKERS_INSTRUCTION}` : instructions,
    cachePrefix: true,
    prompt: analysisPrompt(prompt, context),
    maxOutputTokens: answerTokens(ctx.config, prompt, withRoles ? context.speakers!.length : 0, smart.length),
  })) as Record<string, unknown>;
  // Only prompt fields become values: the roles and trackers the answer also gives stay out of the result.
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
    ...(smart.length > 0 && { smartTrackers: readSmartAnswers(answer[SMART_TRACKERS_KEY], smart) }),
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
