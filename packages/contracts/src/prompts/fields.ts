import type { FieldType, PromptField } from './schema.ts';

export const SUMMARY_KEY = 'Summary';
export const TITLE_KEY = 'Title';
export const FINAL_SCORE_KEY = 'Final Score';
export const CLASSIFICATION_KEY = 'Classification';
/** Keys that cannot be deleted or moved (spec 1 §5). */
export const LOCKED_KEYS = [SUMMARY_KEY, TITLE_KEY, FINAL_SCORE_KEY] as const;
/** Metadata names every prompt has; they cannot be removed (spec 1 §5). */
export const REQUIRED_METADATA = ['Department', 'Representative'] as const;

export const SUMMARY_FIELD: PromptField = {
  key: SUMMARY_KEY,
  type: 'string',
  explanation: 'Provide a concise summary of the conversation',
  includeInScore: false,
};
export const TITLE_FIELD: PromptField = {
  key: TITLE_KEY,
  type: 'string',
  explanation: 'Provide a descriptive title for this conversation',
  includeInScore: false,
};
export const FINAL_SCORE_FIELD: PromptField = {
  key: FINAL_SCORE_KEY,
  type: 'float',
  explanation: 'The final score of the conversation',
  includeInScore: false,
};

/** The fields a new prompt starts with (spec 1 §3): Summary, Title and, unless scoring is off, Final Score. */
export function defaultFields(finalScore: string): PromptField[] {
  return finalScore === 'no' ? [SUMMARY_FIELD, TITLE_FIELD] : [SUMMARY_FIELD, TITLE_FIELD, FINAL_SCORE_FIELD];
}

export function isLockedField(field: PromptField, isClassificationPrompt: boolean): boolean {
  if (isClassificationPrompt && field.type === 'classification') return true;
  return (LOCKED_KEYS as readonly string[]).includes(field.key);
}

/**
 * A field's new shape after a type change (spec 1 §4): int, float and bool count in the score; the
 * previous type's data is dropped and the new type starts with its empty structure.
 */
export function changeFieldType(field: PromptField, type: FieldType): PromptField {
  const next: PromptField = {
    key: field.key,
    type,
    explanation: field.explanation,
    includeInScore: type === 'int' || type === 'float' || type === 'bool',
  };
  if (type === 'object') next.content = [];
  if (type === 'option') next.options = [{ value: '', explanation: '' }];
  if (type === 'marks') next.marks = [{ value: 0, explanation: '' }];
  if (type === 'classification')
    next.classificationOptions = [{ promptId: '', promptName: '', description: '' }];
  return next;
}

/**
 * Turning classification on puts a 'Classification' field at the top when there is none; turning it off
 * removes every classification field (spec 1 §4).
 */
export function toggleClassification(content: PromptField[], on: boolean): PromptField[] {
  if (!on) return content.filter((field) => field.type !== 'classification');
  if (content.some((field) => field.type === 'classification')) return content;
  return [
    changeFieldType(
      { key: CLASSIFICATION_KEY, type: 'string', explanation: '', includeInScore: false },
      'classification',
    ),
    ...content,
  ];
}

/** While typing a key, double quotes and dots are removed (spec 1 §5). */
export function sanitizeKeyInput(value: string): string {
  return value.replace(/[".]/g, '');
}

/** Adds Summary and Title when missing, and keeps Final Score in step with the scoring mode. */
export function withDefaultFields(content: PromptField[], finalScore: string): PromptField[] {
  let fields = content;
  const has = (key: string) => fields.some((field) => field.key === key);
  if (finalScore === 'no') fields = fields.filter((field) => field.key !== FINAL_SCORE_KEY);
  else if (!has(FINAL_SCORE_KEY)) fields = [...fields, FINAL_SCORE_FIELD];
  const missing = [SUMMARY_FIELD, TITLE_FIELD].filter((field) => !has(field.key));
  return [...missing, ...fields];
}

/** Adds a metadata name unless it is blank or already there (spec 1 §5). */
export function addMetadataField(fields: string[], name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed || fields.includes(trimmed)) return fields;
  return [...fields, trimmed];
}

/** Clone mode name: the original cut to 40 characters, then '_copy' (spec 1 §4, §9). */
export const CLONE_NAME_LIMIT = 40;
export function cloneName(name: string): string {
  return `${name.slice(0, CLONE_NAME_LIMIT)}_copy`;
}
