import { isValueGroup, type ResultValue, type ResultValues } from '../analyses/stored.ts';
import { FINAL_SCORE_KEY } from '../prompts/fields.ts';
import {
  FIELD_NUMBER_MAX,
  type FieldType,
  isFieldNumber,
  OK_VALUES,
  type PromptField,
} from '../prompts/schema.ts';

/** Longest corrected text value. */
export const TEXT_VALUE_MAX = 4000;

/** The field types a change request can correct (lists, classifications and objects are not values). */
export const CORRECTABLE_FIELD_TYPES = ['string', 'int', 'float', 'bool', 'ok', 'option', 'marks'] as const;
export type CorrectableFieldType = (typeof CORRECTABLE_FIELD_TYPES)[number];

export function isCorrectableType(type: FieldType): type is CorrectableFieldType {
  return (CORRECTABLE_FIELD_TYPES as readonly string[]).includes(type);
}

export interface CorrectableField {
  /** Dotted path ('Discovery.Budget'). */
  path: string;
  field: PromptField;
}

/**
 * The fields of a prompt whose values a change request may correct, by dotted path, in the prompt's order.
 * Final Score is left out: it is computed from the others.
 */
export function correctableFields(fields: PromptField[]): CorrectableField[] {
  const out: CorrectableField[] = [];
  const walk = (list: PromptField[], prefix: string) => {
    for (const field of list) {
      const path = prefix ? `${prefix}.${field.key}` : field.key;
      if (field.type === 'object') walk(field.content ?? [], path);
      else if (isCorrectableType(field.type) && !(prefix === '' && field.key === FINAL_SCORE_KEY)) {
        out.push({ path, field });
      }
    }
  };
  walk(fields, '');
  return out;
}

/** The correctable field at a dotted path, or null. */
export function correctableFieldAt(fields: PromptField[], path: string): PromptField | null {
  return correctableFields(fields).find((entry) => entry.path === path)?.field ?? null;
}

/** The value at a dotted path of a result (undefined when absent). */
export function valueAtPath(result: ResultValues | null | undefined, path: string): ResultValue | undefined {
  let node: ResultValue | undefined = result ?? undefined;
  for (const key of path.split('.')) {
    if (!isValueGroup(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A copy of a result with the value at a dotted path replaced (missing objects on the way are created). */
export function withValueAtPath(result: ResultValues, path: string, value: ResultValue): ResultValues {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...result, [key]: value };
  const child = result[key];
  return { ...result, [key]: withValueAtPath(isValueGroup(child) ? child : {}, rest.join('.'), value) };
}

/**
 * Whether a proposed value says what the AI already said (a request that would change nothing): texts are
 * compared without surrounding whitespace, everything else as it is.
 */
export function isAiValue(proposed: unknown, aiValue: unknown): boolean {
  if (typeof proposed === 'string' && typeof aiValue === 'string') return proposed.trim() === aiValue.trim();
  return proposed === aiValue;
}

const FIELD_NUMBER_RANGE = `from -${FIELD_NUMBER_MAX.toLocaleString('en-US')} to ${FIELD_NUMBER_MAX.toLocaleString('en-US')}`;

/**
 * Why a proposed value does not fit the field, or null when it does: bool a boolean, ok one of OK_VALUES,
 * option one of the field's option values, marks one of its marks, int a whole number and float a number
 * within ±FIELD_NUMBER_MAX (isFieldNumber), string a text of at most TEXT_VALUE_MAX characters.
 */
export function proposedValueProblem(field: PromptField, value: unknown): string | null {
  switch (field.type) {
    case 'bool':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'ok':
      return (OK_VALUES as readonly unknown[]).includes(value)
        ? null
        : `must be one of ${OK_VALUES.join(', ')}`;
    case 'option': {
      const options = (field.options ?? []).map((option) => option.value);
      return options.includes(value as string)
        ? null
        : `must be one of the field's options (${options.join(', ')})`;
    }
    case 'marks': {
      const marks = (field.marks ?? []).map((mark) => mark.value);
      return marks.includes(value as number)
        ? null
        : `must be one of the field's marks (${marks.join(', ')})`;
    }
    case 'int':
      return Number.isInteger(value) && isFieldNumber(value)
        ? null
        : `must be a whole number ${FIELD_NUMBER_RANGE}`;
    case 'float':
      return isFieldNumber(value) ? null : `must be a number ${FIELD_NUMBER_RANGE}`;
    case 'string':
      if (typeof value !== 'string') return 'must be a text';
      return value.length <= TEXT_VALUE_MAX ? null : `must be at most ${TEXT_VALUE_MAX} characters`;
    default:
      return `a ${field.type} field cannot be corrected`;
  }
}
