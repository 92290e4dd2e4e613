import { REQUIRED_METADATA } from './fields.ts';
import { KNOCKOUT_MESSAGES, knockoutProblem } from './knockouts.ts';
import { MAX_FIELD_DEPTH, MAX_SCORE_LIMIT, type PromptField } from './schema.ts';

/** Exact messages of spec 1 §5, plus the ones the spec leaves to us. */
export const PROMPT_MESSAGES = {
  requiredFields: 'Please fill required fields',
  emptyKey: 'Empty key found in prompt fields. All fields must have a key.',
  requiredMetadata: 'Metadata fields must include Department and Representative.',
  descriptionRequired: 'Please describe the prompt you want the AI to generate.',
  generationFailed: 'Failed to generate AI prompt: {message}',
  saved: 'Prompt saved successfully',
  maxScoreInvalid: 'The maximum score must be a number from 0 to 1,000,000.',
} as const;

export interface PromptProblem {
  message: string;
  /** The form tab where the problem is fixed. */
  tab: 'basic' | 'structure' | 'metadata';
}

function levelName(path: string[]): string {
  if (path.length === 0) return 'the top level';
  return `level ${path.length + 1} (inside "${path.join(' > ')}")`;
}

/** The first key problem in a field tree, checked level by level (spec 1 §5), or null. */
export function validateFieldKeys(fields: PromptField[], path: string[] = []): string | null {
  if (path.length >= MAX_FIELD_DEPTH) return `Fields can be nested at most ${MAX_FIELD_DEPTH} levels deep.`;
  const seen = new Set<string>();
  for (const field of fields) {
    const key = field.key.trim();
    if (!key)
      return path.length === 0
        ? PROMPT_MESSAGES.emptyKey
        : `${PROMPT_MESSAGES.emptyKey} (${levelName(path)})`;
    if (key.includes('"')) return `Key "${key}" at ${levelName(path)} must not contain double quotes.`;
    if (key.includes('.')) return `Key "${key}" at ${levelName(path)} must not contain dots.`;
    if (seen.has(key)) {
      return `Duplicate key "${key}" found at ${levelName(path)}. All keys must be unique on the same level.`;
    }
    seen.add(key);
    if (field.type === 'object') {
      const nested = validateFieldKeys(field.content ?? [], [...path, key]);
      if (nested) return nested;
    }
  }
  return null;
}

/** A maximum score is a number from 0 to MAX_SCORE_LIMIT. */
export function isValidMaxScore(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_SCORE_LIMIT;
}

/** A mark's value is a whole number, 0 or more (spec 1 §5). */
export function isValidMark(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Type-specific completeness: options need values, marks whole numbers >= 0, classifications a target. */
export function validateFieldDetails(fields: PromptField[], path: string[] = []): string | null {
  for (const field of fields) {
    const where = [...path, field.key].join(' > ');
    const knockout = knockoutProblem(field, where);
    if (knockout) return knockout;
    if (field.type === 'option') {
      const options = field.options ?? [];
      if (options.length === 0 || options.some((option) => !option.value.trim())) {
        return `Field "${where}": every option needs a value.`;
      }
      if (new Set(options.map((option) => option.value.trim())).size !== options.length) {
        return `Field "${where}": option values must be unique.`;
      }
    }
    if (field.type === 'marks') {
      const marks = field.marks ?? [];
      if (marks.length === 0) return `Field "${where}": add at least one mark.`;
      if (marks.some((mark) => !isValidMark(mark.value))) {
        return `Field "${where}": marks values must be whole numbers, 0 or more.`;
      }
    }
    if (field.type === 'classification') {
      const options = field.classificationOptions ?? [];
      if (options.length === 0 || options.some((option) => !String(option.promptId).trim())) {
        return `Field "${where}": choose a prompt for every classification option.`;
      }
    }
    if (field.type === 'object') {
      if ((field.content ?? []).length === 0) return `Field "${where}": an object needs at least one field.`;
      const nested = validateFieldDetails(field.content ?? [], [...path, field.key]);
      if (nested) return nested;
    }
  }
  return null;
}

export interface PromptToValidate {
  scriptName: string;
  projectId: number | string | null | undefined;
  metadataFields: string[];
  content: PromptField[];
  maxScore?: number | null;
  knockoutCap?: number | null;
}

/** The checks of spec 1 §5 in the order the form runs them. Run by the form and by the server. */
export function validatePrompt(prompt: PromptToValidate): PromptProblem | null {
  if (
    !prompt.scriptName.trim() ||
    prompt.projectId === null ||
    prompt.projectId === undefined ||
    prompt.projectId === ''
  ) {
    return { message: PROMPT_MESSAGES.requiredFields, tab: 'basic' };
  }
  if (prompt.maxScore != null && !isValidMaxScore(prompt.maxScore)) {
    return { message: PROMPT_MESSAGES.maxScoreInvalid, tab: 'basic' };
  }
  if (prompt.knockoutCap != null && !isValidMaxScore(prompt.knockoutCap)) {
    return { message: KNOCKOUT_MESSAGES.capInvalid, tab: 'basic' };
  }
  if (!REQUIRED_METADATA.every((name) => prompt.metadataFields.includes(name))) {
    return { message: PROMPT_MESSAGES.requiredMetadata, tab: 'metadata' };
  }
  const keyProblem = validateFieldKeys(prompt.content) ?? validateFieldDetails(prompt.content);
  return keyProblem ? { message: keyProblem, tab: 'structure' } : null;
}
