import { fieldPathLabel } from '../analytics/field-values.ts';
import { type MilliUnits, milliUnits, toMilliUnits } from '../billing/units.ts';
import type { ProviderId } from '../prompts/models.ts';

/** The insight form's rules (spec 2 §2.4, §5 'Insight', §9). */
export const INSIGHT_LIMITS = {
  questionMax: 2000,
  /** Suggested questions shown as chips, their labels cut at this many characters. */
  suggestionLabelMax: 50,
  /** Values per field in the field-context panel (chips). */
  contextTopValues: 5,
  /** Values per field handed to the model. */
  promptTopValues: 10,
  /** Analysis fields one insight may ask about. */
  fields: 20,
  /** Analyses whose evidence the model reads (the newest within the filters), never all transcripts. */
  evidenceAnalyses: 40,
  /** Characters of one evidence quote handed to the model. */
  quoteChars: 300,
  /** Tracker moments handed per analysis of the evidence sample. */
  trackerMomentsPerAnalysis: 3,
  /** Conversations of a transcript search handed to the model (the newest that hold the phrase). */
  searchConversations: 20,
  /** History page sizes. */
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
} as const;

/** The form's question box grows from 5 to 10 rows. */
export const INSIGHT_QUESTION_ROWS = { min: 5, max: 10 } as const;

export const INSIGHT_TEXTS = {
  questionRequired: 'Please enter a question.',
  insightNotFound: 'Insight not found.',
  insufficientFunds: 'Insufficient funds: this insight costs {units} units, more than the project can pay.',
  noAnalyses: 'No completed analyses match these filters, so there is nothing to answer from.',
  projectMismatch: 'project_id does not match the project of the address.',
} as const;

/** Default analysis fields (spec 2 §9), chosen when the prompt has them. */
export const INSIGHT_DEFAULT_FIELDS = [
  'Quality',
  'Empathy',
  'Clarity',
  'Introduction',
  'Need identification',
  'Product presentation',
  'Objection handling',
  'Closing and next steps',
  'Call tracking explanation',
  'Analytics capabilities',
  'Integration possibilities',
  'ROI demonstration',
] as const;

/** A suggestion's label: its text cut at 50 characters (with an ellipsis when cut). */
export function suggestionLabel(text: string): string {
  const max = INSIGHT_LIMITS.suggestionLabelMax;
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The default analysis fields among a prompt's (dotted) paths: each default name matched, case-insensitively,
 * by a path's last part, in the order of the defaults.
 */
export function defaultInsightFields(paths: readonly string[]): string[] {
  const chosen: string[] = [];
  for (const name of INSIGHT_DEFAULT_FIELDS) {
    const match = paths.find(
      (path) => (path.split('.').at(-1) ?? '').trim().toLowerCase() === name.toLowerCase(),
    );
    if (match && !chosen.includes(match)) chosen.push(match);
  }
  return chosen;
}

/** Department and representative options: without the literal 'null' and 'undefined' (and blanks). */
export function insightOptionNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    const trimmed = name.trim();
    if (trimmed && trimmed !== 'null' && trimmed !== 'undefined') seen.add(trimmed);
  }
  return [...seen];
}

/** An analysis field as sent: each part quoted, joined by dots ('"Discovery"."Budget"'). */
export function quoteFieldPath(path: string): string {
  return path
    .split('.')
    .map((part) => JSON.stringify(part))
    .join('.');
}

/**
 * The dotted path of an analysis field as sent: quoted parts joined by dots, or (for programs) a plain dotted
 * path; null when the quoting is broken.
 */
export function unquoteFieldPath(value: string): string | null {
  const text = value.trim();
  if (!text.startsWith('"')) return text.length > 0 ? text : null;
  const parts: string[] = [];
  const part = /"((?:[^"\\]|\\.)*)"(\.|$)/y;
  let index = 0;
  while (index < text.length) {
    part.lastIndex = index;
    const match = part.exec(text);
    if (!match) return null;
    try {
      parts.push(JSON.parse(`"${match[1]}"`) as string);
    } catch {
      return null;
    }
    index = part.lastIndex;
    // A part must follow each dot, and only the end may follow a part without one.
    if (match[2] === '.' ? index === text.length : index < text.length) return null;
  }
  return parts.length > 0 && parts.every((p) => p.length > 0) ? parts.join('.') : null;
}

/** How the form shows a field: its parts with ' - ' between. */
export const insightFieldLabel = fieldPathLabel;

/** A filter of one or many names as sent: one collapses to the value, none is dropped (spec 2 §5). */
export function collapseNames(names: readonly string[]): string | string[] | undefined {
  if (names.length === 0) return undefined;
  return names.length === 1 ? names[0] : [...names];
}

/** What the insight form holds, before it is sent. */
export interface InsightForm {
  question: string;
  departments: readonly string[];
  representatives: readonly string[];
  /** Dotted paths. */
  analysisFields: readonly string[];
  startDate: string | null;
  endDate: string | null;
  promptId: number | null;
  /** A phrase to search the transcripts for ('' none). */
  search: string;
  provider: ProviderId | null;
  model: string | null;
}

/** The insight request the form sends (spec 2 §3 'Insight request', §5). */
export function insightRequestOf(form: InsightForm) {
  const department = collapseNames(form.departments);
  const representative = collapseNames(form.representatives);
  return {
    question: form.question.trim(),
    ...(department !== undefined && { department }),
    ...(representative !== undefined && { representative }),
    analysis_fields: form.analysisFields.map(quoteFieldPath),
    ...(form.startDate && { start_date: form.startDate }),
    ...(form.endDate && { end_date: form.endDate }),
    ...(form.promptId !== null && { prompt_id: form.promptId }),
    ...(form.search.trim() && { search: form.search.trim() }),
    ...(form.provider && { provider: form.provider }),
    ...(form.model && { model: form.model }),
  };
}

/** Submit is disabled while the question is empty. */
export const canSubmitInsight = (question: string) => question.trim().length > 0;

/** An insight costs this many units times its model's units (as an analysis of 5 units of content would). */
export const INSIGHT_BASE_UNITS = 5;

/** What an insight on a model costs, in milli-units, from the model's units in the catalog (1.2). */
export function insightUnitsMilli(modelUnits: number): MilliUnits {
  return milliUnits(INSIGHT_BASE_UNITS * toMilliUnits(modelUnits));
}
