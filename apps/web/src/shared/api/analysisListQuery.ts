import {
  type AnalysisListQuery,
  FIELD_OUTCOMES,
  type FieldOutcome,
  TASK_STATUSES,
  type TaskStatus,
} from '@parley/contracts';
import type { z } from 'zod';

/**
 * The analyses list's view (page and filters) as URL query parameters, so a view can be shared. The names are
 * the API's (AnalysisListQuery in contracts), so the page's query is passed on to the server as it is.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface AnalysisFilters {
  from?: string;
  to?: string;
  prompt_id?: number;
  /** A version number of that prompt (scorecard version): only with prompt_id. */
  prompt_version?: number;
  department?: string;
  representative?: string;
  status?: TaskStatus;
  score_min?: number;
  score_max?: number;
  /** Full-text search over titles and transcripts. */
  q?: string;
  /** A field of the answering prompt (dotted path) with this outcome or value: where analytics links lead. */
  field?: string;
  field_outcome?: FieldOutcome;
  field_value?: string;
  /** 'true': only analyses a knockout answer failed. */
  knocked_out?: 'true';
  /** Only analyses with ('yes') or without ('no') a submitted review by a person. */
  reviewed?: 'yes' | 'no';
  /** Only analyses that hit this tracker of the project. */
  tracker_id?: number;
}

export interface ListView {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  filters: AnalysisFilters;
}

export const FILTER_KEYS = [
  'from',
  'to',
  'prompt_id',
  'prompt_version',
  'department',
  'representative',
  'status',
  'score_min',
  'score_max',
  'q',
  'field',
  'field_outcome',
  'field_value',
  'knocked_out',
  'reviewed',
  'tracker_id',
] as const satisfies ReadonlyArray<keyof AnalysisFilters>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function numberParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function textParam(value: string | null): string | undefined {
  const text = value?.trim();
  return text ? text.slice(0, 200) : undefined;
}

/** Reads the view from the URL; anything unreadable is left out (the list then shows everything). */
export function readListView(params: URLSearchParams): ListView {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  const from = params.get('from');
  const to = params.get('to');
  const promptId = Number(params.get('prompt_id'));
  const promptVersion = Number(params.get('prompt_version'));
  const status = params.get('status');
  const field = params.get('field')?.trim().slice(0, 1000);
  const outcome = params.get('field_outcome');
  const value = params.get('field_value');
  const reviewed = params.get('reviewed');
  const trackerId = Number(params.get('tracker_id'));
  const filters: AnalysisFilters = {
    from: from && isDate(from) ? from : undefined,
    to: to && isDate(to) ? to : undefined,
    prompt_id: Number.isInteger(promptId) && promptId > 0 ? promptId : undefined,
    prompt_version:
      Number.isInteger(promptId) && promptId > 0 && Number.isInteger(promptVersion) && promptVersion > 0
        ? promptVersion
        : undefined,
    department: textParam(params.get('department')),
    representative: textParam(params.get('representative')),
    status: TASK_STATUSES.includes(status as TaskStatus) ? (status as TaskStatus) : undefined,
    score_min: numberParam(params.get('score_min')),
    score_max: numberParam(params.get('score_max')),
    q: textParam(params.get('q')),
    // An outcome or value means something only for a field.
    field: field || undefined,
    field_outcome:
      field && FIELD_OUTCOMES.includes(outcome as FieldOutcome) ? (outcome as FieldOutcome) : undefined,
    field_value: field && value ? value.slice(0, 500) : undefined,
    knocked_out: params.get('knocked_out') === 'true' ? 'true' : undefined,
    reviewed: reviewed === 'yes' || reviewed === 'no' ? reviewed : undefined,
    tracker_id: Number.isInteger(trackerId) && trackerId > 0 ? trackerId : undefined,
  };
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    filters: Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined),
    ) as AnalysisFilters,
  };
}

/** The view as query parameters; defaults (page 1, 25 a page) are left out so plain links stay plain. */
export function viewParams(view: ListView, { withDefaults = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (withDefaults || view.page !== 1) params.set('page', String(view.page));
  if (withDefaults || view.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(view.pageSize));
  for (const key of FILTER_KEYS) {
    const value = view.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The API query of a view: page, page size and the filters (in FILTER_KEYS order; unset ones are not sent). */
export function apiQuery({ page, pageSize, filters }: ListView): z.input<typeof AnalysisListQuery> {
  const { from, to, prompt_id, prompt_version, department, representative, status, score_min, score_max, q } =
    filters;
  const { field, field_outcome, field_value, knocked_out, reviewed, tracker_id } = filters;
  return {
    page,
    page_size: pageSize,
    from,
    to,
    prompt_id,
    prompt_version,
    department,
    representative,
    status,
    score_min,
    score_max,
    q,
    field,
    field_outcome,
    field_value,
    knocked_out,
    reviewed,
    tracker_id,
  };
}

/** How many of the filters a phone folds behind its Filters button are set (a date range counts once). */
export function foldedFilterCount(filters: AnalysisFilters): number {
  const { from, to, prompt_id, prompt_version, status, department, representative, score_min, score_max } =
    filters;
  return [
    from ?? to,
    prompt_id,
    prompt_version,
    status,
    department,
    representative,
    score_min,
    score_max,
    filters.knocked_out,
    filters.reviewed,
    filters.tracker_id,
  ].filter((value) => value !== undefined).length;
}

export function hasFilters(filters: AnalysisFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** Query parameters of `current` with `changes` applied; any filter change goes back to the first page. */
export function withFilters(current: ListView, changes: Partial<AnalysisFilters>): ListView {
  const filters: AnalysisFilters = { ...current.filters };
  for (const [key, value] of Object.entries(changes) as Array<[keyof AnalysisFilters, unknown]>) {
    if (value === undefined || value === null || value === '') delete filters[key];
    else (filters as Record<string, unknown>)[key] = value;
  }
  // A version number belongs to its prompt.
  if ('prompt_id' in changes && changes.prompt_id !== current.filters.prompt_id)
    delete filters.prompt_version;
  return { ...current, page: 1, filters };
}
