import {
  CHANGE_REQUEST_STATUSES,
  type ChangeRequestListQuery,
  type ChangeRequestStatus,
} from '@parley/contracts';

/**
 * The change-requests page's view in the URL (shareable): the status tab (open when unset, `all` for every
 * status), the filters, the page and the request open in the drawer.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
export type StatusTab = ChangeRequestStatus | 'all';

export interface RequestsView {
  status: StatusTab;
  path?: string;
  representative?: string;
  requester_id?: number;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  /** The request shown in the drawer. */
  request?: number;
}

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};
const text = (value: string | null) => value?.trim().slice(0, 500) || undefined;

export function readRequestsView(params: URLSearchParams): RequestsView {
  const status = params.get('status');
  const pageSize = Number(params.get('page_size'));
  return {
    status:
      status === 'all' || CHANGE_REQUEST_STATUSES.includes(status as ChangeRequestStatus)
        ? (status as StatusTab)
        : 'open',
    path: text(params.get('path')),
    representative: text(params.get('representative')),
    requester_id: positive(params.get('requester_id')),
    from: isDay(params.get('from')) ? (params.get('from') as string) : undefined,
    to: isDay(params.get('to')) ? (params.get('to') as string) : undefined,
    page: positive(params.get('page')) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    request: positive(params.get('request')),
  };
}

export type ViewChanges = Partial<Record<keyof RequestsView, string | number | undefined>>;

/** The URL parameters after `changes`; a filter or tab change goes back to the first page. */
export function changedParams(params: URLSearchParams, changes: ViewChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  const keys: Record<string, string> = { pageSize: 'page_size' };
  for (const [key, value] of Object.entries(changes)) {
    const name = keys[key] ?? key;
    if (value === undefined || value === '' || (key === 'status' && value === 'open')) next.delete(name);
    else next.set(name, String(value));
  }
  if (!('page' in changes) && Object.keys(changes).some((key) => key !== 'request')) next.delete('page');
  return next;
}

export function hasFilters(view: RequestsView): boolean {
  return Boolean(view.path || view.representative || view.requester_id || view.from || view.to);
}

/** The API query of a view (the counts answer for every status, so the tab is only a filter). */
export function listQuery(view: RequestsView): ChangeRequestListQuery {
  return {
    status: view.status === 'all' ? undefined : view.status,
    path: view.path,
    representative: view.representative,
    requester_id: view.requester_id,
    from: view.from,
    to: view.to,
    page: view.page,
    page_size: view.pageSize,
  };
}
