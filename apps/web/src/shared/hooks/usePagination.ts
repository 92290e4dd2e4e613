import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** A table's page (1-based) and page size, as the DataTable footer and the list queries use them. */
export type Pagination = {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  setPage: (page: number) => void;
  /** A new page size starts again at the first page (spec 1 §9). */
  setPageSize: (pageSize: number) => void;
};

type Options = {
  pageSizes: readonly number[];
  defaultPageSize: number;
  /**
   * Keep the page in the URL (`page`, `page_size`; left out at their defaults), so a shared link opens the
   * same page; otherwise it lives in the component.
   */
  inUrl?: boolean;
};

const positiveInteger = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : null;
};

/** One page and page size, in the component or in the URL. */
export function usePagination({ pageSizes, defaultPageSize, inUrl = false }: Options): Pagination {
  const [local, setLocal] = useState({ page: 1, pageSize: defaultPageSize });
  const [params, setParams] = useSearchParams();

  if (!inUrl) {
    return {
      ...local,
      pageSizes,
      setPage: (page) => setLocal((current) => ({ ...current, page })),
      setPageSize: (pageSize) => setLocal({ page: 1, pageSize }),
    };
  }

  const sizeParam = positiveInteger(params.get('page_size'));
  const pageSize = sizeParam !== null && pageSizes.includes(sizeParam) ? sizeParam : defaultPageSize;
  const go = (page: number, size: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      if (size !== defaultPageSize) next.set('page_size', String(size));
      else next.delete('page_size');
      return next;
    });
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize,
    pageSizes,
    setPage: (page) => go(page, pageSize),
    setPageSize: (size) => go(1, size),
  };
}

/** The last page that has rows (1 when there are none). */
export const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The rows of the current page of a list paged in the browser; a page beyond the last shows the last. */
export function pageOfRows<Row>(
  rows: readonly Row[],
  { page, pageSize }: Pick<Pagination, 'page' | 'pageSize'>,
) {
  const current = Math.min(page, lastPageOf(rows.length, pageSize));
  return rows.slice((current - 1) * pageSize, current * pageSize);
}
