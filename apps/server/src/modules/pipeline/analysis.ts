import {
  classificationNames,
  computeFinalScore,
  FINAL_SCORE_KEY,
  type FieldValues,
  OK_VALUES,
  type PromptData,
  type PromptField,
  promptOutputSchemaWithEvidence,
  splitEvidence,
  type TaskResult,
  TITLE_KEY,
} from '@parley/contracts';
import { listModels } from '../../ai/catalog.ts';
import { generateStructured } from '../../ai/generate.ts';
import type { AppContext } from '../../context.ts';

/** The prompt as the analysis ran with it (its version: prompt_versions.data; prompts change later). */
export interface PromptSnapshot extends PromptData {
  id: number;
  projectId: number;
  /** Units per unit of content as saved: model units + LVA surcharge, in thousandths. */
  unitsMilli: number;
}

/** What the model was given about the conversation besides the transcript. */
export interface ConversationContext {
  transcript: string;
  metadata: Record<string, string>;
  fileName: string;
  kind: 'audio' | 'video' | 'text';
  durationMs: number | null;
  createdAt: Date;
  /** The language the transcription detected (for response language Auto). */
  detectedLanguage: string | null;
  /** Whether the transcript carries [12.5s] times. */
  timed: boolean;
}

export type PromptAnalysis = Omit<TaskResult, 'prompt' | 'classification'>;

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  uk: 'Ukrainian',
  pl: 'Polish',
  ru: 'Russian',
  es: 'Spanish',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
  fr: 'French',
  tr: 'Turkish',
  bg: 'Bulgarian',
};

/** The language answers are written in: the prompt's, or for 'Auto' the conversation's. */
export function responseLanguage(prompt: PromptData, detected: string | null): string {
  if (prompt.responseLanguage !== 'Auto') return prompt.responseLanguage;
  if (prompt.transcriptionTask === 'translate') return 'English';
  if (prompt.transcriptionLanguage !== 'auto')
    return LANGUAGE_NAMES[prompt.transcriptionLanguage] ?? 'English';
  if (detected) {
    const name = LANGUAGE_NAMES[detected.toLowerCase()] ?? detected;
    return name.charAt(0).toUpperCase() + name.slice(1);
  }
  return 'the language of the conversation';
}

/** The field tree as a readable outline: key, type, explanation and what options and marks mean. */
export function fieldOutline(fields: PromptField[], depth = 0): string {
  const pad = '  '.repeat(depth);
  return fields
    .filter((field) => !(depth === 0 && field.key === FINAL_SCORE_KEY))
    .map((field) => {
      const type =
        field.type === 'ok' ? `ok: ${OK_VALUES.join(' | ')}` : field.type === 'object' ? 'group' : field.type;
      const lines = [`${pad}- ${field.key} (${type})${field.explanation ? `: ${field.explanation}` : ''}`];
      for (const option of field.options ?? []) {
        lines.push(
          `${pad}  - option "${option.value}"${option.explanation ? `: ${option.explanation}` : ''}`,
        );
      }
      for (const mark of field.marks ?? []) {
        lines.push(`${pad}  - mark ${mark.value}${mark.explanation ? `: ${mark.explanation}` : ''}`);
      }
      if (field.type === 'classification') {
        const names = classificationNames(field);
        (field.classificationOptions ?? []).forEach((option, index) => {
          lines.push(`${pad}  - "${names[index]}"${option.description ? `: ${option.description}` : ''}`);
        });
      }
      if (field.type === 'object' && field.content?.length)
        lines.push(fieldOutline(field.content, depth + 1));
      return lines.join('\n');
    })
    .join('\n');
}

export function analysisInstructions(prompt: PromptData, context: ConversationContext): string {
  const language = responseLanguage(prompt, context.detectedLanguage);
  const parts = [
    `You review a recorded ${prompt.role === 'Other' ? '' : `${prompt.role.toLowerCase()} `}conversation for a company and fill in its scorecard: one answer per field, in the structure given.`,
    prompt.basicInstruction.trim() && `Instructions:\n${prompt.basicInstruction.trim()}`,
    prompt.companyDetails.trim() && `About the company:\n${prompt.companyDetails.trim()}`,
    `Fields:\n${fieldOutline(prompt.content)}`,
    [
      'For every field also give evidence:',
      '- justification: one sentence saying why the answer is what it is;',
      '- quote: a short passage copied word for word from the transcript that supports the answer (an empty string when nothing in the conversation does);',
      context.timed
        ? '- timestamp: the start time in seconds of the transcript line the quote comes from, as written in its [..s] mark; null when there is no quote.'
        : '- timestamp: null (this conversation has no times).',
    ].join('\n'),
    `Write free-text answers and justifications in ${language}. Keep quotes in the transcript's own words. Answer option, ok, marks and classification fields with one of the listed values exactly.`,
    'Base every answer on the conversation only; where it says nothing about a field, answer as the field explains for that case (for ok fields: n/a).',
  ];
  return parts.filter(Boolean).join('\n\n');
}

export function analysisPrompt(prompt: PromptData, context: ConversationContext): string {
  const facts: string[] = [];
  for (const name of prompt.metadataFields) {
    const value = Object.entries(context.metadata).find(
      ([key]) => key.toLowerCase() === name.toLowerCase(),
    )?.[1];
    if (value?.trim()) facts.push(`- ${name}: ${value.trim()}`);
  }
  for (const [key, value] of Object.entries(context.metadata)) {
    if (!prompt.metadataFields.some((name) => name.toLowerCase() === key.toLowerCase()) && value.trim()) {
      facts.push(`- ${key}: ${value.trim()}`);
    }
  }
  facts.push(`- File: ${context.fileName}`);
  facts.push(`- Kind: ${context.kind === 'text' ? 'text conversation (chat)' : `${context.kind} recording`}`);
  if (context.durationMs !== null) facts.push(`- Duration: ${Math.round(context.durationMs / 1000)} seconds`);
  facts.push(`- Uploaded: ${context.createdAt.toISOString().slice(0, 10)}`);
  return `Conversation details:\n${facts.join('\n')}\n\nTranscript:\n${context.transcript}`;
}

/** One structured analysis of the conversation with one prompt: values, evidence and the final score. */
export async function analyseWithPrompt(
  ctx: AppContext,
  prompt: PromptSnapshot,
  context: ConversationContext,
  who: { projectId: number; userId: number | null; purpose: string },
): Promise<PromptAnalysis> {
  const schema = promptOutputSchemaWithEvidence(prompt.content, { omitKeys: [FINAL_SCORE_KEY] });
  const answer = (await generateStructured(ctx, {
    purpose: who.purpose,
    projectId: who.projectId,
    userId: who.userId,
    provider: prompt.provider,
    model: prompt.model,
    schema,
    instructions: analysisInstructions(prompt, context),
    prompt: analysisPrompt(prompt, context),
    maxOutputTokens: answerTokens(ctx, prompt),
  })) as Record<string, unknown>;
  const { values, evidence } = splitEvidence(prompt.content, answer);
  const score = computeFinalScore(prompt.finalScore, prompt.content, values, prompt.maxScore);
  if (prompt.finalScore !== 'no' && prompt.content.some((field) => field.key === FINAL_SCORE_KEY)) {
    values[FINAL_SCORE_KEY] = score.score;
  }
  return { values, evidence, score };
}

/**
 * Room for the answer: a value plus a justification and a quote for every field takes far more than the
 * 4,096 tokens the SDK assumes for models it does not know. The model's own limit, at most 16,384.
 */
export const ANSWER_TOKENS_MAX = 16_384;
function answerTokens(ctx: AppContext, prompt: PromptSnapshot): number {
  const known = listModels(ctx.config, prompt.provider).find((model) => model.model === prompt.model);
  return Math.min(known?.max_tokens ?? 8192, ANSWER_TOKENS_MAX);
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
