import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testRouter } from '../../test/utils';
import { lastPageOf, pageOfRows, usePagination } from './usePagination';

const OPTIONS = { pageSizes: [10, 25, 50], defaultPageSize: 25 } as const;

function inRouter(path: string) {
  const router = testRouter();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <router.Probe />
      {children}
    </MemoryRouter>
  );
  return { wrapper, search: () => router.location.search };
}

describe('usePagination', () => {
  it('keeps the page in the component; a new page size goes back to the first page', () => {
    const { wrapper } = inRouter('/list');
    const { result } = renderHook(() => usePagination(OPTIONS), { wrapper });
    expect(result.current).toMatchObject({ page: 1, pageSize: 25 });
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setPageSize(50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('reads and writes the page in the URL, leaving out defaults and keeping other parameters', () => {
    const { wrapper, search } = inRouter('/list?status=open&page=2&page_size=10');
    const { result } = renderHook(() => usePagination({ ...OPTIONS, inUrl: true }), { wrapper });
    expect(result.current).toMatchObject({ page: 2, pageSize: 10 });
    act(() => result.current.setPage(4));
    expect(search()).toBe('?status=open&page=4&page_size=10');
    act(() => result.current.setPageSize(25));
    expect(search()).toBe('?status=open');
    expect(result.current).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('ignores a page or page size in the URL that is not allowed', () => {
    const { wrapper } = inRouter('/list?page=-1&page_size=7');
    const { result } = renderHook(() => usePagination({ ...OPTIONS, inUrl: true }), { wrapper });
    expect(result.current).toMatchObject({ page: 1, pageSize: 25 });
  });
});

describe('pageOfRows', () => {
  const rows = Array.from({ length: 23 }, (_, index) => index);

  it('cuts the rows of the page, and shows the last page for a page beyond it', () => {
    expect(pageOfRows(rows, { page: 2, pageSize: 10 })).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageOfRows(rows, { page: 9, pageSize: 10 })).toEqual([20, 21, 22]);
    expect(lastPageOf(0, 10)).toBe(1);
  });
});
