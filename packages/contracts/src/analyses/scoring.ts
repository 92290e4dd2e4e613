import { FINAL_SCORE_KEY } from '../prompts/fields.ts';
import { findKnockouts, type Knockout } from '../prompts/knockouts.ts';
import { type FINAL_SCORE_MODES, isFieldNumber, type PromptField } from '../prompts/schema.ts';
import type { ScoredField } from './stored.ts';

/**
 * The final score of an analysis (the prompt's finalScore mode), computed from the field values the model
 * returned. Pure, shared by the server (which stores it) and the web (which can show how it came about).
 * The help article docs/help/en/prompt-scoring.md explains the same rules to users.
 *
 * Which fields count: every field with includeInScore, at any depth (an object's own flag does not matter,
 * its fields have their own), except Final Score itself. A counted field's points and maximum:
 *
 * | type        | points                                | maximum                     |
 * |-------------|---------------------------------------|-----------------------------|
 * | bool        | true 1, false 0                       | 1                           |
 * | ok          | 'ok' 1, 'not ok' 0, 'n/a' not counted | 1                           |
 * | marks       | the mark                              | the highest mark offered    |
 * | int, float  | the number                            | none (unbounded)            |
 * | other types | not counted (no numeric meaning)      |                             |
 *
 * A field without an answer (missing, null, not a number, an int or float beyond ±FIELD_NUMBER_MAX) is not
 * counted either, so every score is finite.
 *
 * Modes:
 * - sum: the sum of the points.
 * - percent: sum / denominator x 100, clamped to 0..100. The denominator is maxScore when it is set (> 0),
 *   else the maximum possible: the sum of the maxima, an unbounded field counting its own value as its
 *   maximum. No denominator (nothing counted, or everything 0): null.
 * - descending: the score starts at maxScore when set, else at the maximum possible of the bounded
 *   fields (sum of their maxima), and every counted field takes off what it lost: a bounded field its
 *   shortfall (maximum - points), an unbounded field its own value taken as penalty points (a negative
 *   value takes off nothing). The result is floored at 0. So a perfect conversation keeps the start
 *   score, every missed item costs what it was worth, and counting fields ('Interruptions', int) cost
 *   one point each.
 * - no: null.
 *
 * Knockouts (prompts/knockouts.ts): when the answer gives a knockout answer of any field, the mode's score
 * becomes 0, or min(score, knockoutCap) when the prompt sets a cap (a score without a denominator counting as
 * 0: the conversation failed). Mode 'no' stays without a score; the knockouts are recorded in every mode.
 *
 * Every score is rounded to 2 decimals.
 */
export type FinalScoreMode = (typeof FINAL_SCORE_MODES)[number];

export type { ScoredField };

export interface FinalScore {
  mode: FinalScoreMode;
  /** The final score; null in mode 'no' or when percent has nothing to divide by. */
  score: number | null;
  /** Sum of the points of the counted fields. */
  sum: number;
  /** Sum of the maxima of the bounded counted fields. */
  maxBounded: number;
  /** What percent divides by, or descending starts from (null for the other modes). */
  base: number | null;
  fields: ScoredField[];
  /** The fields that knocked the conversation out, with their answers (empty: none). */
  knockouts: Knockout[];
  /** Only when knocked out: the mode's score without the knockouts (how the fields scored). */
  scoreBeforeKnockouts?: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

function fieldPoints(field: PromptField, value: unknown): { points: number; max: number | null } | null {
  switch (field.type) {
    case 'bool':
      return typeof value === 'boolean' ? { points: value ? 1 : 0, max: 1 } : null;
    case 'ok':
      if (value === 'ok') return { points: 1, max: 1 };
      if (value === 'not ok') return { points: 0, max: 1 };
      return null;
    case 'marks': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
      const marks = (field.marks ?? []).map((mark) => mark.value);
      return { points: value, max: marks.length > 0 ? Math.max(...marks) : null };
    }
    case 'int':
    case 'float':
      return isFieldNumber(value) ? { points: value, max: null } : null;
    default:
      return null;
  }
}

/** The counted fields of an answer, in the order of the prompt's field tree. */
export function scoredFields(fields: PromptField[], values: Record<string, unknown>): ScoredField[] {
  const out: ScoredField[] = [];
  const walk = (list: PromptField[], node: Record<string, unknown>, prefix: string, top: boolean) => {
    for (const field of list) {
      const path = prefix ? `${prefix}.${field.key}` : field.key;
      const value = node[field.key];
      if (field.type === 'object') {
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
          walk(field.content ?? [], value as Record<string, unknown>, path, false);
        }
        continue;
      }
      if (!field.includeInScore || (top && field.key === FINAL_SCORE_KEY)) continue;
      const scored = fieldPoints(field, value);
      if (scored) out.push({ path, type: field.type, ...scored });
    }
  };
  walk(fields, values, '', true);
  return out;
}

export function computeFinalScore(
  mode: FinalScoreMode,
  fields: PromptField[],
  values: Record<string, unknown>,
  maxScore: number | null | undefined,
  knockoutCap?: number | null,
): FinalScore {
  const counted = scoredFields(fields, values);
  const knockouts = findKnockouts(fields, values);
  const sum = counted.reduce((total, field) => total + field.points, 0);
  const maxBounded = counted.reduce((total, field) => total + (field.max ?? 0), 0);
  const fixedMax = typeof maxScore === 'number' && maxScore > 0 ? maxScore : null;
  const knockedOut = (score: number | null) => {
    if (mode === 'no' || knockouts.length === 0) return score;
    return typeof knockoutCap === 'number' ? Math.min(score ?? 0, knockoutCap) : 0;
  };
  const result = (computed: number | null, base: number | null): FinalScore => {
    const score = knockedOut(computed);
    return {
      mode,
      score: score === null ? null : round2(score),
      sum: round2(sum),
      maxBounded: round2(maxBounded),
      base: base === null ? null : round2(base),
      fields: counted,
      knockouts,
      ...(knockouts.length > 0 && { scoreBeforeKnockouts: computed === null ? null : round2(computed) }),
    };
  };
  switch (mode) {
    case 'no':
      return result(null, null);
    case 'sum':
      return result(sum, null);
    case 'percent': {
      const possible = counted.reduce((total, field) => total + (field.max ?? Math.max(0, field.points)), 0);
      const base = fixedMax ?? possible;
      if (base <= 0) return result(null, null);
      return result(Math.min(100, Math.max(0, (sum / base) * 100)), base);
    }
    case 'descending': {
      const start = fixedMax ?? maxBounded;
      const lost = counted.reduce(
        (total, field) =>
          total + (field.max === null ? Math.max(0, field.points) : Math.max(0, field.max - field.points)),
        0,
      );
      return result(Math.max(0, start - lost), start);
    }
  }
}
