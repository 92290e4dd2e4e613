import {
  type AnalysisResult,
  computeFinalScore,
  type FinalScore,
  type FinalScoreMode,
  isValueGroup,
  type PromptField,
  type ResultValue,
  type ResultValues,
} from '@parley/contracts';

/**
 * What the analysis page derives from the detail's typed result and prompts (the server reads what the
 * pipeline stored, of any age, into that shape: contracts stored.ts).
 */

/** The settings of a prompt (snapshot or current) that the page needs. */
export interface PromptShape {
  fields: PromptField[];
  finalScore: FinalScoreMode | null;
  maxScore: number | null;
  knockoutCap: number | null;
  isClassification: boolean;
}

/** The parts of a prompt's data (snapshot, stored copy or current prompt) that describe its fields. */
interface PromptSettings {
  content?: PromptField[];
  finalScore?: FinalScoreMode;
  maxScore?: number | null;
  knockoutCap?: number | null;
  isClassification?: boolean;
}

/** A prompt's shape; null when it has no fields to show. */
export function promptShape(data: PromptSettings | null | undefined): PromptShape | null {
  if (!data?.content) return null;
  return {
    fields: data.content,
    finalScore: data.finalScore ?? null,
    maxScore: data.maxScore ?? null,
    knockoutCap: data.knockoutCap ?? null,
    isClassification: data.isClassification === true,
  };
}

/** A field definition guessed from a value (for values the prompt does not describe). */
export function inferField(key: string, value: ResultValue | undefined): PromptField {
  const base = { key, explanation: '', includeInScore: false };
  if (typeof value === 'boolean') return { ...base, type: 'bool' };
  if (typeof value === 'number') return { ...base, type: Number.isInteger(value) ? 'int' : 'float' };
  if (Array.isArray(value)) return { ...base, type: 'array' };
  if (isValueGroup(value)) {
    return {
      ...base,
      type: 'object',
      content: Object.entries(value).map(([child, item]) => inferField(child, item)),
    };
  }
  return { ...base, type: 'string' };
}

/**
 * The fields to show for `values`: the prompt's own, in its order (objects with their nested fields), then
 * any value the definitions do not name, typed by its value.
 */
export function fieldsFor(definitions: PromptField[] | null, values: ResultValues): PromptField[] {
  const known = definitions ?? [];
  const merged = known.map((field) => {
    const value = values[field.key];
    if (field.type === 'object' && isValueGroup(value)) {
      return { ...field, content: fieldsFor(field.content ?? [], value) };
    }
    return field;
  });
  const names = new Set(known.map((field) => field.key));
  for (const [key, value] of Object.entries(values)) {
    if (!names.has(key)) merged.push(inferField(key, value));
  }
  return merged;
}

/** The final score: as stored, else computed here from the prompt's mode (older results). */
export function finalScoreOf(result: AnalysisResult | null, prompt: PromptShape | null): FinalScore | null {
  // Scores stored before knockouts existed had none.
  if (result?.score) return { ...result.score, knockouts: result.score.knockouts ?? [] };
  if (!result || !prompt?.finalScore) return null;
  return computeFinalScore(
    prompt.finalScore,
    prompt.fields,
    result.values,
    prompt.maxScore,
    prompt.knockoutCap,
  );
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

export interface ScoreBreakdown {
  /** Where the base came from: the prompt's max score, or the counted fields' maxima. */
  baseSource: 'maxScore' | 'fields' | null;
  /** Points the descending mode took off. */
  lost: number;
  /** What percent could divide by without a max score. */
  possible: number;
}

/** What the explanation of a final score needs beyond the stored numbers. */
export function scoreBreakdown(score: FinalScore): ScoreBreakdown {
  const possible = round2(
    score.fields.reduce((total, field) => total + (field.max ?? Math.max(0, field.points)), 0),
  );
  const lost = round2(
    score.fields.reduce(
      (total, field) =>
        total + (field.max === null ? Math.max(0, field.points) : Math.max(0, field.max - field.points)),
      0,
    ),
  );
  let baseSource: ScoreBreakdown['baseSource'] = null;
  if (score.base !== null) {
    const computed = score.mode === 'percent' ? possible : score.maxBounded;
    baseSource = round2(score.base) === round2(computed) ? 'fields' : 'maxScore';
  }
  return { baseSource, lost, possible };
}

/** What a counted field lost in the descending mode. */
export function fieldLoss(field: FinalScore['fields'][number]): number {
  return field.max === null ? Math.max(0, field.points) : Math.max(0, field.max - field.points);
}
