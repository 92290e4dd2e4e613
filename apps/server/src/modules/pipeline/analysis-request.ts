import {
  FINAL_SCORE_KEY,
  type FieldType,
  type PromptData,
  type PromptField,
  SPEAKER_ROLES_KEY,
} from '@parley/contracts';
import { listModels } from '../../ai/catalog.ts';
import type { Config } from '../../config.ts';

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
  /** The transcript's speaker labels (a chat's authors); none: nobody is told apart. */
  speakers?: readonly string[];
}

/**
 * Whether the analysis also asks who each speaker is (the answer's SPEAKER_ROLES_KEY): when the
 * conversation has speaker labels and the prompt has no top-level field of that key.
 */
export function asksSpeakerRoles(prompt: Pick<PromptData, 'content'>, context: ConversationContext): boolean {
  return (
    (context.speakers?.length ?? 0) > 0 && !prompt.content.some((field) => field.key === SPEAKER_ROLES_KEY)
  );
}

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

/** The response language when the prompt alone decides it; null when it is the conversation's ('Auto'). */
function promptLanguage(prompt: PromptData): string | null {
  if (prompt.responseLanguage !== 'Auto') return prompt.responseLanguage;
  if (prompt.transcriptionTask === 'translate') return 'English';
  if (prompt.transcriptionLanguage !== 'auto')
    return LANGUAGE_NAMES[prompt.transcriptionLanguage] ?? 'English';
  return null;
}

/** The language answers are written in: the prompt's, or for 'Auto' the conversation's. */
export function responseLanguage(prompt: PromptData, detected: string | null): string {
  const fixed = promptLanguage(prompt);
  if (fixed) return fixed;
  if (detected) {
    const name = LANGUAGE_NAMES[detected.toLowerCase()] ?? detected;
    return name.charAt(0).toUpperCase() + name.slice(1);
  }
  return 'the language of the conversation';
}

const languageLine = (language: string) =>
  `Write free-text answers and justifications in ${language}; quotes stay as spoken.`;

/**
 * The system instructions of an analysis. They depend on the prompt only, so every analysis with the same
 * prompt sends them (and the schema before them) byte for byte the same, a prefix providers cache. The
 * fields are not listed here: the schema's descriptions say what each asks (contracts' fieldDescription).
 */
export function analysisInstructions(prompt: PromptData): string {
  const language = promptLanguage(prompt);
  const parts = [
    [
      `You fill in a company's scorecard for a recorded ${prompt.role === 'Other' ? '' : `${prompt.role.toLowerCase()} `}conversation: one answer per field of the JSON schema, as its description asks.`,
      'Each answer has its value and evidence: justification, one sentence on why; quote, a short passage of the transcript, word for word, that supports it ("" if none); timestamp, the [..s] seconds of the quoted line (null if none); unsure, true when the conversation does not let you answer the field with confidence.',
      `Use only the conversation; where it says nothing about a field, answer as the field explains for that case (n/a where allowed).${language ? ` ${languageLine(language)}` : ''}`,
    ].join('\n'),
    prompt.basicInstruction.trim() && `Instructions:\n${prompt.basicInstruction.trim()}`,
    prompt.companyDetails.trim() && `About the company:\n${prompt.companyDetails.trim()}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}

/** The conversation message: its details (metadata first), the language when it is the conversation's, the transcript. */
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
  if (context.speakers?.length) facts.push(`- Speakers: ${context.speakers.join(', ')}`);
  const language = promptLanguage(prompt)
    ? ''
    : `${languageLine(responseLanguage(prompt, context.detectedLanguage))}\n\n`;
  return `Conversation details:\n${facts.join('\n')}\n\n${language}Transcript:\n${context.transcript}`;
}

/**
 * Answer tokens a field may take, generously (answers in other languages take two or three times the
 * tokens of English): its evidence (a sentence, a short quote, the JSON around them) and its value,
 * where free text and lists may run long.
 */
export const EVIDENCE_TOKENS = 250;
const VALUE_TOKENS: Partial<Record<FieldType, number>> = { string: 800, array: 500 };
const OTHER_VALUE_TOKENS = 20;
/** The least room an answer is given, however few its fields. */
export const ANSWER_TOKENS_FLOOR = 4096;
/** Room for one speaker's role in the answer (label, role, the JSON around them). */
export const SPEAKER_ROLE_TOKENS = 30;
/** Room for one smart tracker's answer (said, a short quote, the JSON around them). */
export const SMART_TRACKER_TOKENS = 150;

/**
 * The room a prompt's answer needs: the sum over its fields (groups by their fields), the speakers whose
 * roles and the smart trackers it also gives, at least the floor.
 */
export function answerTokenBudget(fields: PromptField[], speakerRoles = 0, smartTrackers = 0): number {
  const leaves = (list: PromptField[], top: boolean): PromptField[] =>
    list
      .filter((field) => !(top && field.key === FINAL_SCORE_KEY))
      .flatMap((field) => (field.type === 'object' ? leaves(field.content ?? [], false) : [field]));
  const total = leaves(fields, true).reduce(
    (sum, field) => sum + EVIDENCE_TOKENS + (VALUE_TOKENS[field.type] ?? OTHER_VALUE_TOKENS),
    0,
  );
  return Math.max(
    ANSWER_TOKENS_FLOOR,
    total + speakerRoles * SPEAKER_ROLE_TOKENS + smartTrackers * SMART_TRACKER_TOKENS,
  );
}

/**
 * max_tokens of an analysis: the prompt's budget, within the model's own limit (8,192 for models not in
 * the catalog). Set rather than left to the SDK, which assumes 4,096 for models it does not know; not
 * more than the answer needs, as providers count it against their token rate limits. `speakerRoles`: the
 * speakers whose roles, `smartTrackers`: the smart trackers the answer also gives.
 */
export function answerTokens(
  config: Config,
  prompt: Pick<PromptData, 'provider' | 'model' | 'content'>,
  speakerRoles = 0,
  smartTrackers = 0,
): number {
  return Math.min(
    answerTokenBudget(prompt.content, speakerRoles, smartTrackers),
    modelMaxTokens(config, prompt),
  );
}

/** The longest answer a model gives: its catalog's limit, 8,192 for models not in the catalog. */
export function modelMaxTokens(config: Config, prompt: Pick<PromptData, 'provider' | 'model'>): number {
  const known = listModels(config, prompt.provider).find((model) => model.model === prompt.model);
  return known?.max_tokens ?? 8192;
}
