import type { FinalScore } from '../analyses/scoring.ts';
import { FINAL_SCORE_KEY } from '../prompts/fields.ts';
import type { Knockout } from '../prompts/knockouts.ts';
import type { FieldValues } from '../prompts/output-schema.ts';
import { isFieldNumber, type PromptField } from '../prompts/schema.ts';

/**
 * The kinds of values analytics counts: checklist items (bool, ok), scores (marks, int, float), categories
 * (option, classification) and each analysis's final score ('final').
 */
export const ANALYTICS_VALUE_TYPES = [
  'bool',
  'ok',
  'marks',
  'int',
  'float',
  'option',
  'classification',
  'final',
] as const;
export type AnalyticsValueType = (typeof ANALYTICS_VALUE_TYPES)[number];

/** A checklist item's outcome: yes/ok passed, no/not ok missed, 'n/a' not applicable (counted apart). */
export const FIELD_OUTCOMES = ['passed', 'missed', 'na'] as const;
export type FieldOutcome = (typeof FIELD_OUTCOMES)[number];

/** Checklist items: the types with a pass rate. */
export const CHECKLIST_TYPES: readonly AnalyticsValueType[] = ['bool', 'ok'];
/** Types with a numeric score to average. */
export const SCORE_TYPES: readonly AnalyticsValueType[] = ['marks', 'int', 'float', 'final'];
/** Types whose values are categories to count. */
export const CATEGORY_TYPES: readonly AnalyticsValueType[] = ['option', 'classification'];

/** Longest category value kept (values are index columns; PostgreSQL refuses rows over about 2,700 bytes). */
export const FIELD_VALUE_MAX = 200;

/** The path of the final score's value (every completed analysis has one, its score null when unscored). */
export const FINAL_SCORE_PATH = FINAL_SCORE_KEY;

/** One field value of an analysis, as the analytics table keeps it. */
export interface ExtractedFieldValue {
  /** Dotted path, as the API sends it: 'Discovery.Budget'. */
  path: string;
  type: AnalyticsValueType;
  /** bool/ok 1 or 0, a mark, a number, the final score; null for categories and n/a. */
  score: number | null;
  /** The highest score possible: 1 for bool/ok, the highest mark offered; null when unbounded. */
  max: number | null;
  /** The answer as text: 'true'/'false', 'ok'/'not ok'/'n/a', the option, the mark; null for numbers. */
  value: string | null;
  outcome: FieldOutcome | null;
  /** Whether the field counts in the final score. */
  inScore: boolean;
  /**
   * Whether the answer knocked the analysis out (on the final score's row: whether any did). A knockout answer
   * of a yes/no or ok item is 'missed' whatever it says, so pass rates count the knocked-out item as failed.
   */
  knockout: boolean;
}

/** How the UI shows a dotted path: 'Discovery - Budget' (spec 2 §5: ' - ' between the parts). */
export function fieldPathLabel(path: string): string {
  return path.split('.').join(' - ');
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

type Extracted = Omit<ExtractedFieldValue, 'knockout'>;

function extractOne(field: PromptField, path: string, value: unknown): Extracted | null {
  const base = { path, inScore: field.includeInScore };
  switch (field.type) {
    case 'bool':
      if (typeof value !== 'boolean') return null;
      return {
        ...base,
        type: 'bool',
        score: value ? 1 : 0,
        max: 1,
        value: String(value),
        outcome: value ? 'passed' : 'missed',
      };
    case 'ok':
      if (value === 'ok' || value === 'not ok') {
        const passed = value === 'ok';
        return {
          ...base,
          type: 'ok',
          score: passed ? 1 : 0,
          max: 1,
          value,
          outcome: passed ? 'passed' : 'missed',
        };
      }
      if (value === 'n/a') return { ...base, type: 'ok', score: null, max: 1, value, outcome: 'na' };
      return null;
    case 'marks': {
      if (!finite(value)) return null;
      const marks = (field.marks ?? []).map((mark) => mark.value);
      const max = marks.length > 0 ? Math.max(...marks) : null;
      return { ...base, type: 'marks', score: value, max, value: String(value), outcome: null };
    }
    case 'int':
    case 'float':
      return isFieldNumber(value)
        ? { ...base, type: field.type, score: value, max: null, value: null, outcome: null }
        : null;
    case 'option':
    case 'classification': {
      const text = typeof value === 'string' ? value.trim() : finite(value) ? String(value) : '';
      if (text === '') return null;
      return {
        ...base,
        type: field.type,
        score: null,
        max: null,
        value: text.slice(0, FIELD_VALUE_MAX),
        outcome: null,
      };
    }
    default:
      return null;
  }
}

function walk(fields: PromptField[], values: FieldValues, prefix: string[], into: Extracted[]): void {
  for (const field of fields) {
    if (prefix.length === 0 && field.key === FINAL_SCORE_KEY) continue;
    const path = [...prefix, field.key];
    const value = values[field.key];
    if (field.type === 'object') {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        walk(field.content ?? [], value as FieldValues, path, into);
      }
      continue;
    }
    const extracted = extractOne(field, path.join('.'), value);
    if (extracted) into.push(extracted);
  }
}

/**
 * Every scored or categorical value of an analysis's answer (the prompt that answered and its values), and
 * the final score as the path 'Final Score' (always present, so every completed analysis is counted once).
 * Answers that don't fit their field (a missing answer, text where a number belongs) are left out. Knockouts
 * come from the score (as it was computed, so a later change of the prompt does not rewrite history).
 */
export function extractFieldValues(
  content: PromptField[],
  values: FieldValues,
  score: (Pick<FinalScore, 'score'> & { knockouts?: Pick<Knockout, 'path'>[] }) | null,
): ExtractedFieldValue[] {
  const extracted: Extracted[] = [];
  walk(content, values, [], extracted);
  const knockedOut = new Set((score?.knockouts ?? []).map((knockout) => knockout.path));
  const rows: ExtractedFieldValue[] = extracted.map((row) => {
    if (!knockedOut.has(row.path)) return { ...row, knockout: false };
    return { ...row, knockout: true, outcome: row.outcome === null ? null : 'missed' };
  });
  rows.push({
    path: FINAL_SCORE_PATH,
    type: 'final',
    score: score && finite(score.score) ? score.score : null,
    max: null,
    value: null,
    outcome: null,
    inScore: false,
    knockout: knockedOut.size > 0,
  });
  return rows;
}
