import type { UiLanguage } from '../languages.ts';
import { DEFAULT_FIELD_EXPLANATIONS } from './default-explanations.ts';
import type { FieldType, PromptField } from './schema.ts';

export const SUMMARY_KEY = 'Summary';
export const TITLE_KEY = 'Title';
export const FINAL_SCORE_KEY = 'Final Score';
export const CLASSIFICATION_KEY = 'Classification';
/** Keys that cannot be deleted or moved (spec 1 §5). */
export const LOCKED_KEYS = [SUMMARY_KEY, TITLE_KEY, FINAL_SCORE_KEY] as const;
/** Metadata names every prompt has; they cannot be removed (spec 1 §5). */
export const REQUIRED_METADATA = ['Department', 'Representative'] as const;

/** The default fields with their explanations in `language` (see DEFAULT_FIELD_EXPLANATIONS). */
function defaultFieldsIn(language: UiLanguage) {
  const text = DEFAULT_FIELD_EXPLANATIONS[language];
  const field = (key: string, type: FieldType, explanation: string): PromptField => ({
    key,
    type,
    explanation,
    includeInScore: false,
  });
  return {
    summary: field(SUMMARY_KEY, 'string', text.summary),
    title: field(TITLE_KEY, 'string', text.title),
    finalScore: field(FINAL_SCORE_KEY, 'float', text.finalScore),
  };
}

/**
 * The fields a new prompt starts with (spec 1 §3): Summary, Title and, unless scoring is off, Final Score,
 * explained in the language of whoever creates the prompt.
 */
export function defaultFields(finalScore: string, language: UiLanguage): PromptField[] {
  const { summary, title, finalScore: score } = defaultFieldsIn(language);
  return finalScore === 'no' ? [summary, title] : [summary, title, score];
}

/** Whether a top-level key is one of LOCKED_KEYS: such a field keeps its key and type (spec 1 §5). */
export function isLockedKey(key: string): boolean {
  return (LOCKED_KEYS as readonly string[]).includes(key);
}

export function isLockedField(field: PromptField, isClassificationPrompt: boolean): boolean {
  if (isClassificationPrompt && field.type === 'classification') return true;
  return isLockedKey(field.key);
}

/**
 * The locked field a save would change, or null: one given another type than its default, or, when a prompt
 * that has it is edited with content that carries locked fields (as the form's does), one left out: renamed,
 * it would come back beside its new name as a second field. Content with none of them gets them added, as a
 * new prompt's does; Final Score may go when scoring is turned off.
 */
export function changedLockedField(
  previous: PromptField[] | null,
  next: PromptField[],
  finalScore: string,
): string | null {
  const defaults = Object.values(defaultFieldsIn('en'));
  const retyped = next.find((field) =>
    defaults.some((locked) => locked.key === field.key && locked.type !== field.type),
  );
  if (retyped) return retyped.key;
  if (!next.some((field) => isLockedKey(field.key))) return null;
  const dropped = (previous ?? []).find(
    (field) =>
      isLockedKey(field.key) &&
      !(field.key === FINAL_SCORE_KEY && finalScore === 'no') &&
      !next.some((kept) => kept.key === field.key),
  );
  return dropped?.key ?? null;
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

/**
 * Adds Summary and Title when missing, and keeps Final Score in step with the scoring mode; added fields
 * are explained in `language`.
 */
export function withDefaultFields(
  content: PromptField[],
  finalScore: string,
  language: UiLanguage,
): PromptField[] {
  const defaults = defaultFieldsIn(language);
  let fields = content;
  const has = (key: string) => fields.some((field) => field.key === key);
  if (finalScore === 'no') fields = fields.filter((field) => field.key !== FINAL_SCORE_KEY);
  else if (!has(FINAL_SCORE_KEY)) fields = [...fields, defaults.finalScore];
  const missing = [defaults.summary, defaults.title].filter((field) => !has(field.key));
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
