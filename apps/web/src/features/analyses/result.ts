import {
  computeFinalScore,
  type EvidenceMap,
  FINAL_SCORE_MODES,
  type FinalScore,
  type FinalScoreMode,
  type PromptField,
  type TaskResult,
} from '@parley/contracts';

/**
 * Reading what the pipeline stored (tasks.result, the prompt snapshot) for display. The detail answer types
 * these as unknown records, so everything is checked before it is shown.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ParsedResult {
  /** The prompt that produced `values` (for a classification analysis: the prompt it chose). */
  prompt: { id: number; name: string } | null;
  values: Record<string, unknown>;
  evidence: EvidenceMap;
  score: FinalScore | null;
  classification: TaskResult['classification'] | null;
}

function evidenceMap(value: unknown): EvidenceMap {
  if (!isRecord(value)) return {};
  const out: EvidenceMap = {};
  for (const [path, item] of Object.entries(value)) {
    if (!isRecord(item)) continue;
    out[path] = {
      justification: typeof item.justification === 'string' ? item.justification : '',
      quote: typeof item.quote === 'string' ? item.quote : '',
      timestamp:
        typeof item.timestamp === 'number' && Number.isFinite(item.timestamp) ? item.timestamp : null,
    };
  }
  return out;
}

function scoreOf(value: unknown): FinalScore | null {
  if (!isRecord(value) || !FINAL_SCORE_MODES.includes(value.mode as FinalScoreMode)) return null;
  const fields = Array.isArray(value.fields) ? value.fields.filter(isRecord) : [];
  return {
    mode: value.mode as FinalScoreMode,
    score: typeof value.score === 'number' ? value.score : null,
    sum: typeof value.sum === 'number' ? value.sum : 0,
    maxBounded: typeof value.maxBounded === 'number' ? value.maxBounded : 0,
    base: typeof value.base === 'number' ? value.base : null,
    fields: fields.map((field) => ({
      path: String(field.path ?? ''),
      type: field.type as PromptField['type'],
      points: typeof field.points === 'number' ? field.points : 0,
      max: typeof field.max === 'number' ? field.max : null,
    })),
  };
}

function promptRef(value: unknown): { id: number; name: string } | null {
  if (!isRecord(value)) return null;
  const id = Number(value.id);
  return Number.isFinite(id) ? { id, name: typeof value.name === 'string' ? value.name : '' } : null;
}

/** The stored result (TaskResult); an object without `values` is taken as the values themselves. */
export function parseResult(result: Record<string, unknown> | null | undefined): ParsedResult | null {
  if (!result) return null;
  if (!isRecord(result.values)) {
    return { prompt: null, values: result, evidence: {}, score: null, classification: null };
  }
  const classification = isRecord(result.classification) ? result.classification : null;
  const chosen = isRecord(classification?.chosen) ? classification.chosen : null;
  return {
    prompt: promptRef(result.prompt),
    values: result.values,
    evidence: evidenceMap(result.evidence),
    score: scoreOf(result.score),
    classification: classification
      ? {
          prompt: promptRef(classification.prompt) ?? { id: 0, name: '' },
          field: typeof classification.field === 'string' ? classification.field : '',
          chosen: {
            promptId: String(chosen?.promptId ?? ''),
            promptName: typeof chosen?.promptName === 'string' ? chosen.promptName : '',
          },
          values: isRecord(classification.values) ? classification.values : {},
          evidence: evidenceMap(classification.evidence),
        }
      : null,
  };
}

/** The settings of a prompt (snapshot or current) that the page needs. */
export interface PromptShape {
  fields: PromptField[];
  finalScore: FinalScoreMode | null;
  maxScore: number | null;
  isClassification: boolean;
}

export function promptShape(data: unknown): PromptShape | null {
  if (!isRecord(data) || !Array.isArray(data.content)) return null;
  return {
    fields: data.content.filter(isRecord) as unknown as PromptField[],
    finalScore: FINAL_SCORE_MODES.includes(data.finalScore as FinalScoreMode)
      ? (data.finalScore as FinalScoreMode)
      : null,
    maxScore: typeof data.maxScore === 'number' ? data.maxScore : null,
    isClassification: data.isClassification === true,
  };
}

/** A field definition guessed from a value (for values the prompt does not describe). */
export function inferField(key: string, value: unknown): PromptField {
  const base = { key, explanation: '', includeInScore: false };
  if (typeof value === 'boolean') return { ...base, type: 'bool' };
  if (typeof value === 'number') return { ...base, type: Number.isInteger(value) ? 'int' : 'float' };
  if (Array.isArray(value)) return { ...base, type: 'array' };
  if (isRecord(value)) {
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
export function fieldsFor(definitions: PromptField[] | null, values: Record<string, unknown>): PromptField[] {
  const known = definitions ?? [];
  const merged = known.map((field) => {
    const value = values[field.key];
    if (field.type === 'object' && isRecord(value)) {
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
export function finalScoreOf(result: ParsedResult | null, prompt: PromptShape | null): FinalScore | null {
  if (result?.score) return result.score;
  if (!result || !prompt?.finalScore) return null;
  return computeFinalScore(prompt.finalScore, prompt.fields, result.values, prompt.maxScore);
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

/** The value at a dotted path ('Discovery.Budget'). */
export function valueAt(values: Record<string, unknown>, path: string): unknown {
  let node: unknown = values;
  for (const key of path.split('.')) node = isRecord(node) ? node[key] : undefined;
  return node;
}
