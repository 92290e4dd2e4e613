import { addDays } from '@parley/contracts';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type AnalysisFilters, DEFAULT_PAGE_SIZE, viewParams } from '../api/analysisListQuery';

/**
 * The analytics pages keep their filters in the URL (so a view can be shared), with the analyses list's
 * names: from, to, prompt_id, department, representative. Without from and to the range is the last 30
 * days of the project; `range=all` is every day.
 */

export const DEFAULT_RANGE_DAYS = 30;

export interface AnalyticsView {
  /** The range in effect (defaults applied); undefined: unbounded. */
  from?: string;
  to?: string;
  prompt_id?: number;
  /** A scorecard version of the prompt (its number; only with prompt_id). */
  prompt_version?: number;
  department?: string;
  representative?: string;
}

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Today in a time zone (the project's), 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The last 30 days, today included. */
export function defaultRange(timeZone: string): { from: string; to: string } {
  const to = todayIn(timeZone);
  return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)) ?? to, to };
}

export function readView(params: URLSearchParams, timeZone: string): AnalyticsView {
  const from = params.get('from');
  const to = params.get('to');
  const promptId = Number(params.get('prompt_id'));
  const promptVersion = Number(params.get('prompt_version'));
  const hasPrompt = Number.isInteger(promptId) && promptId > 0;
  const text = (key: string) => params.get(key)?.trim().slice(0, 200) || undefined;
  let range: { from?: string; to?: string } = {};
  if (isDay(from) || isDay(to))
    range = { from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined };
  else if (params.get('range') !== 'all') range = defaultRange(timeZone);
  return {
    ...range,
    prompt_id: hasPrompt ? promptId : undefined,
    prompt_version:
      hasPrompt && Number.isInteger(promptVersion) && promptVersion > 0 ? promptVersion : undefined,
    department: text('department'),
    representative: text('representative'),
  };
}

export type ParamChanges = Record<string, string | number | null | undefined>;

/**
 * The view of the URL and a way to change it. Changes apply to the parameters as the last change left
 * them (two changes in one tick both stay). A date range of nulls is every day (`range=all`).
 */
export function useAnalyticsView(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params, timeZone), [params, timeZone]);
  const latest = useRef({ seen: params, current: params });
  if (latest.current.seen !== params) latest.current = { seen: params, current: params };

  const update = (changes: ParamChanges) => {
    const next = new URLSearchParams(latest.current.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    latest.current.current = next;
    setParams(next, { replace: true });
  };
  const setRange = (from: string | null, to: string | null) =>
    update({ from, to, range: from || to ? undefined : 'all' });

  return { view, params, update, setRange };
}

/** The analyses list's filters of a view (and more), as an analytics figure links to them. */
export function listFilters(view: AnalyticsView, more: AnalysisFilters = {}): AnalysisFilters {
  const { from, to, prompt_id, prompt_version, department, representative } = view;
  return { from, to, prompt_id, prompt_version, department, representative, ...more };
}

/** The analyses list with these filters: where every figure leads. */
export function analysesLink(projectId: number, filters: AnalysisFilters): string {
  const query = viewParams({ page: 1, pageSize: DEFAULT_PAGE_SIZE, filters }).toString();
  return `/projects/${projectId}/analyses${query ? `?${query}` : ''}`;
}

/** A period (a week or month group) within the view's range: a week may start before the range does. */
export function periodWithin(view: AnalyticsView, start: string, end: string): { from: string; to: string } {
  return {
    from: view.from && view.from > start ? view.from : start,
    to: view.to && view.to < end ? view.to : end,
  };
}

/** Another analytics page with this view's range and prompt (and more parameters). */
export function analyticsPageLink(
  projectId: number,
  page: string,
  view: AnalyticsView,
  more: ParamChanges = {},
): string {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (!view.from && !view.to) params.set('range', 'all');
  if (view.prompt_id) params.set('prompt_id', String(view.prompt_id));
  if (view.prompt_id && view.prompt_version) params.set('prompt_version', String(view.prompt_version));
  for (const [key, value] of Object.entries(more)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return `/projects/${projectId}/${page}?${params}`;
}
