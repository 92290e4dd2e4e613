import {
  classificationNames,
  computeFinalScore,
  FINAL_SCORE_KEY,
  type FieldValues,
  type PromptData,
  type PromptField,
  promptOutputSchemaWithEvidence,
  splitEvidence,
  type TaskResult,
  TITLE_KEY,
} from '@parley/contracts';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';
import {
  analysisInstructions,
  analysisPrompt,
  answerTokens,
  type ConversationContext,
} from './analysis-request.ts';

/** The prompt as the analysis ran with it (its version: prompt_versions.data; prompts change later). */
export interface PromptSnapshot extends PromptData {
  id: number;
  projectId: number;
  /** Units per unit of content as saved: model units + LVA surcharge, in thousandths. */
  unitsMilli: number;
}

export type PromptAnalysis = Omit<TaskResult, 'prompt' | 'classification'>;

/** One structured analysis of the conversation with one prompt: values, evidence and the final score. */
export async function analyseWithPrompt(
  ctx: AppContext,
  prompt: PromptSnapshot,
  context: ConversationContext,
  who: { projectId: number; userId: number | null; purpose: string; signal?: AbortSignal },
): Promise<PromptAnalysis> {
  const schema = promptOutputSchemaWithEvidence(prompt.content, { omitKeys: [FINAL_SCORE_KEY] });
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
    maxOutputTokens: answerTokens(ctx.config, prompt),
  })) as Record<string, unknown>;
  const { values, evidence } = splitEvidence(prompt.content, answer);
  const score = computeFinalScore(prompt.finalScore, prompt.content, values, prompt.maxScore);
  if (prompt.finalScore !== 'no' && prompt.content.some((field) => field.key === FINAL_SCORE_KEY)) {
    values[FINAL_SCORE_KEY] = score.score;
  }
  return { values, evidence, score };
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
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
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
