import { FINAL_SCORE_KEY } from './fields.ts';
import type { FieldType, KnockoutAnswer, PromptField } from './schema.ts';

/**
 * Knockout (auto-fail) answers: a yes/no, ok or option field may name answers that fail the whole
 * conversation. When an analysis gives one, its final score becomes 0, or at most the prompt's knockoutCap
 * (scoring.ts computeFinalScore), and the score records which fields knocked it out. 'n/a' and missing answers
 * never knock out. A knockout works whether or not the field counts in the score.
 */

export const KNOCKOUT_MESSAGES = {
  capInvalid: 'The score a knocked-out conversation keeps must be a number from 0 to 1,000,000.',
} as const;

/** The field types that can have knockout answers. */
export const KNOCKOUT_TYPES: readonly FieldType[] = ['bool', 'ok', 'option'];

/** A field that knocked an analysis out, and the answer it gave (path: dotted, 'Discovery.Budget'). */
export interface Knockout {
  path: string;
  answer: KnockoutAnswer;
}

/** The answers a field could name as knockouts: yes and no, ok and not ok, or its options' values. */
export function knockoutChoices(field: PromptField): KnockoutAnswer[] {
  switch (field.type) {
    case 'bool':
      return [true, false];
    case 'ok':
      return ['ok', 'not ok'];
    case 'option':
      return (field.options ?? []).map((option) => option.value.trim()).filter((value) => value !== '');
    default:
      return [];
  }
}

/**
 * The field with only the knockout answers it still offers (after its options changed); without any left, no
 * knockout property at all (so a prompt without knockouts keeps its shape).
 */
export function keepOfferedKnockouts(field: PromptField): PromptField {
  if (field.knockout === undefined) return field;
  const offered = knockoutChoices(field);
  const knockout = field.knockout.filter((answer) => offered.includes(answer));
  const { knockout: _dropped, ...rest } = field;
  return knockout.length > 0 ? { ...rest, knockout } : rest;
}

/** The field with `answer` named as a knockout or not, in the order the field offers its answers. */
export function toggleKnockout(field: PromptField, answer: KnockoutAnswer, on: boolean): PromptField {
  const chosen = new Set(field.knockout ?? []);
  if (on) chosen.add(answer);
  else chosen.delete(answer);
  return keepOfferedKnockouts({ ...field, knockout: knockoutChoices(field).filter((a) => chosen.has(a)) });
}

/** A field's knockout problem for validateFieldDetails (`where`: its path joined by ' > '), or null. */
export function knockoutProblem(field: PromptField, where: string): string | null {
  const answers = field.knockout ?? [];
  if (answers.length === 0) return null;
  if (!KNOCKOUT_TYPES.includes(field.type)) {
    return `Field "${where}": only yes/no, ok and option fields can have knockout answers.`;
  }
  const offered = knockoutChoices(field);
  const unknown = answers.find((answer) => !offered.includes(answer));
  if (unknown !== undefined) {
    return `Field "${where}": the knockout answer "${String(unknown)}" is not one of the field's answers.`;
  }
  if (new Set(answers).size !== answers.length) return `Field "${where}": knockout answers must be unique.`;
  return null;
}

const isGroup = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The knockout answers an analysis gave, in the order of the prompt's field tree. */
export function findKnockouts(fields: PromptField[], values: Record<string, unknown>): Knockout[] {
  const found: Knockout[] = [];
  const walk = (list: PromptField[], node: Record<string, unknown>, prefix: string, top: boolean) => {
    for (const field of list) {
      if (top && field.key === FINAL_SCORE_KEY) continue;
      const path = prefix ? `${prefix}.${field.key}` : field.key;
      const value = node[field.key];
      if (field.type === 'object') {
        if (isGroup(value)) walk(field.content ?? [], value, path, false);
        continue;
      }
      if (!field.knockout?.length || !KNOCKOUT_TYPES.includes(field.type)) continue;
      const answer = typeof value === 'string' && field.type === 'option' ? value.trim() : value;
      if ((typeof answer === 'boolean' || typeof answer === 'string') && field.knockout.includes(answer)) {
        found.push({ path, answer });
      }
    }
  };
  walk(fields, values, '', true);
  return found;
}

/** Whether any field of a tree names knockout answers. */
export function hasKnockouts(fields: PromptField[]): boolean {
  return fields.some((field) => (field.knockout?.length ?? 0) > 0 || hasKnockouts(field.content ?? []));
}

/**
 * `fields` with the knockout answers the same paths had in `before` (an AI-improved prompt keeps what its
 * author marked; the model never sees or writes knockouts), as far as each field still offers them.
 */
export function carryKnockouts(before: PromptField[], fields: PromptField[]): PromptField[] {
  const marked = new Map(before.filter((field) => field.knockout?.length).map((field) => [field.key, field]));
  const groups = new Map(
    before.filter((field) => field.type === 'object').map((field) => [field.key, field]),
  );
  return fields.map((field) => {
    if (field.type === 'object') {
      const group = groups.get(field.key);
      return group ? { ...field, content: carryKnockouts(group.content ?? [], field.content ?? []) } : field;
    }
    const knockout = marked.get(field.key)?.knockout;
    return knockout && field.knockout === undefined ? keepOfferedKnockouts({ ...field, knockout }) : field;
  });
}
