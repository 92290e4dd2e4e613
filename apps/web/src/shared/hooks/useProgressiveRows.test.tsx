import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveRows } from './useProgressiveRows';

const rows = Array.from({ length: 100 }, (_, n) => n);

describe('useProgressiveRows', () => {
  afterEach(() => vi.useRealTimers());

  it('draws the first rows at once and the rest a slice per task', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useProgressiveRows(rows, { first: 30, step: 40 }));
    expect(result.current).toEqual(rows.slice(0, 30));
    act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toEqual(rows.slice(0, 70));
    act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toBe(rows);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps what it has drawn when the rows change (a new order is not drawn again from the top)', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ list }) => useProgressiveRows(list), {
      initialProps: { list: rows },
    });
    while (vi.getTimerCount() > 0) act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toBe(rows);
    const reversed = [...rows].reverse();
    rerender({ list: reversed });
    expect(result.current).toBe(reversed);
  });

  it('returns a short list as it is, without a timer', () => {
    vi.useFakeTimers();
    const short = [1, 2, 3];
    const { result } = renderHook(() => useProgressiveRows(short));
    expect(result.current).toBe(short);
    expect(vi.getTimerCount()).toBe(0);
  });
});
