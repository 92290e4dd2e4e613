import { z } from 'zod';
import { csvDataLine } from '../bulk/csv.ts';
import { FINAL_SCORE_KEY } from '../prompts/fields.ts';
import type { FieldValues } from '../prompts/output-schema.ts';
import type { PromptField } from '../prompts/schema.ts';
import { type AnalysisListItem, AnalysisListQuery } from './api.ts';

/**
 * The analyses list's export (GET /projects/{id}/analyses/export): every analysis the list shows with the same
 * filters, as CSV or JSON Lines, streamed by the server.
 */

export const ANALYSIS_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type AnalysisExportFormat = (typeof ANALYSIS_EXPORT_FORMATS)[number];

export const AnalysisExportQuery = AnalysisListQuery.omit({ page: true, page_size: true }).extend({
  format: z.enum(ANALYSIS_EXPORT_FORMATS).default('csv'),
});

/** The list's columns, in this order, before the chosen prompt's result fields. */
export const ANALYSIS_EXPORT_COLUMNS = [
  'id',
  'conversation_at',
  'created_at',
  'title',
  'file_name',
  'representative',
  'department',
  'prompt_id',
  'prompt_name',
  'final_score',
  'score_mode',
  'duration_seconds',
  'status',
  'error',
] as const;
export type AnalysisExportColumn = (typeof ANALYSIS_EXPORT_COLUMNS)[number];
export type AnalysisExportRow = Record<AnalysisExportColumn, string | number | null>;

/** The export's columns of a list row. */
export function analysisExportRow(item: z.infer<typeof AnalysisListItem>): AnalysisExportRow {
  return Object.fromEntries(
    ANALYSIS_EXPORT_COLUMNS.map((column) => [column, item[column]]),
  ) as AnalysisExportRow;
}

export const ANALYSIS_EXPORT_CONTENT_TYPES: Record<AnalysisExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** analyses-project-{id}-{YYYYMMDD-HHMMSS}.{csv|jsonl}, the time in UTC. */
export function analysisExportFileName(projectId: number, at: Date, format: AnalysisExportFormat): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '').replace('T', '-');
  return `analyses-project-${projectId}-${stamp}.${format}`;
}

/**
 * The dotted paths of a prompt's answers, in the prompt's order, groups walked into: the export's result
 * columns. The final score is left out (the final_score column has it).
 */
export function resultFieldPaths(content: readonly PromptField[], prefix: string[] = []): string[] {
  return content.flatMap((field) => {
    if (prefix.length === 0 && field.key === FINAL_SCORE_KEY) return [];
    const path = [...prefix, field.key];
    return field.type === 'object' ? resultFieldPaths(field.content ?? [], path) : [path.join('.')];
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An answer's values by dotted path ('Discovery.Budget'), groups walked into; the final score left out. */
export function flattenResultValues(values: FieldValues, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!prefix && key === FINAL_SCORE_KEY) continue;
    const path = prefix + key;
    if (isPlainObject(value)) Object.assign(flat, flattenResultValues(value, `${path}.`));
    else flat[path] = value;
  }
  return flat;
}

/** A result value as one CSV cell: lists joined with '; ', anything else structured as JSON. */
function resultCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map((item) => String(item ?? '')).join('; ');
  }
  return JSON.stringify(value);
}

/** The CSV header: the list's columns, then the result paths. */
export function analysisExportCsvHeader(resultPaths: readonly string[]): string {
  return csvDataLine([...ANALYSIS_EXPORT_COLUMNS, ...resultPaths]);
}

/** One analysis as a CSV line (formula-guarded cells); its result values read at `resultPaths`. */
export function analysisExportCsvLine(
  row: AnalysisExportRow,
  results: Record<string, unknown>,
  resultPaths: readonly string[],
): string {
  return csvDataLine([
    ...ANALYSIS_EXPORT_COLUMNS.map((column) => row[column]),
    ...resultPaths.map((path) => resultCell(results[path])),
  ]);
}

/**
 * One analysis as a JSON line: the list's columns and `results`, its answer by dotted path — the chosen
 * prompt's paths (null when unanswered) when `resultPaths` is given, else every value of its own answer.
 */
export function analysisExportJsonLine(
  row: AnalysisExportRow,
  results: Record<string, unknown>,
  resultPaths: readonly string[] | null,
): string {
  const chosen = resultPaths
    ? Object.fromEntries(resultPaths.map((path) => [path, results[path] ?? null]))
    : results;
  return `${JSON.stringify({ ...row, results: chosen })}\n`;
}
