import { type SearchQuery, TRACKER_SPEAKERS, type TrackerSpeaker } from '@parley/contracts';
import {
  type AnalysisFilters,
  DEFAULT_PAGE_SIZE,
  readListView,
  viewParams,
} from '../../shared/api/analysisListQuery';

/**
 * The search page's phrase and filters as URL query parameters (the API's names), so back, refresh and a shared
 * link show the same search. The filters it shares with the analyses list are read and written as the list does.
 */

export type SearchFilters = Pick<
  AnalysisFilters,
  'from' | 'to' | 'prompt_id' | 'department' | 'representative' | 'tracker_id'
> & {
  /** Who said it; 'anyone' is left out of the URL. */
  speaker?: Exclude<TrackerSpeaker, 'anyone'>;
};

export interface SearchView {
  /** The phrase searched for (none: nothing is searched yet). */
  q?: string;
  filters: SearchFilters;
}

export function readSearchView(params: URLSearchParams): SearchView {
  const { q, from, to, prompt_id, department, representative, tracker_id } = readListView(params).filters;
  const speaker = params.get('speaker');
  const filters: SearchFilters = {
    from,
    to,
    prompt_id,
    department,
    representative,
    tracker_id,
    speaker:
      speaker !== 'anyone' && TRACKER_SPEAKERS.includes(speaker as TrackerSpeaker)
        ? (speaker as SearchFilters['speaker'])
        : undefined,
  };
  return {
    q,
    filters: Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined),
    ) as SearchFilters,
  };
}

export function searchViewParams({ q, filters }: SearchView): URLSearchParams {
  const { speaker, ...listFilters } = filters;
  const params = new URLSearchParams(q ? { q } : {});
  for (const [key, value] of viewParams({ page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: listFilters }))
    params.set(key, value);
  if (speaker) params.set('speaker', speaker);
  return params;
}

/** The filters with `changes` applied (an unset value removes the filter). */
export function withSearchFilters(filters: SearchFilters, changes: Partial<SearchFilters>): SearchFilters {
  const next: Record<string, unknown> = { ...filters };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || value === 'anyone') delete next[key];
    else next[key] = value;
  }
  return next as SearchFilters;
}

/** How many filters are set (a date range counts once): the phone's Filters button shows it. */
export function searchFilterCount(filters: SearchFilters): number {
  const { from, to, prompt_id, department, representative, tracker_id, speaker } = filters;
  return [from ?? to, prompt_id, department, representative, tracker_id, speaker].filter(
    (value) => value !== undefined,
  ).length;
}

/** The API query of a view (null until there is a phrase). */
export function searchQuery({ q, filters }: SearchView): SearchQuery | null {
  return q ? { q, speaker: 'anyone', ...filters } : null;
}
