import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressiveRows } from './ProgressiveRows';

const rows = Array.from({ length: 100 }, (_, n) => n);
const shown = () => screen.queryAllByRole('listitem').map((item) => Number(item.textContent));

function List({
  list,
  renderRow,
  all,
}: {
  list: number[];
  renderRow: (n: number) => ReactNode;
  all?: boolean;
}) {
  return (
    <ul>
      <ProgressiveRows rows={list} renderRow={renderRow} step={40} all={all} />
    </ul>
  );
}

describe('ProgressiveRows', () => {
  afterEach(() => vi.useRealTimers());

  it('draws the first slice at once and one more per task, each row once', () => {
    vi.useFakeTimers();
    const renderRow = vi.fn((n: number) => <li key={n}>{n}</li>);
    render(<List list={rows} renderRow={renderRow} />);
    expect(shown()).toEqual(rows.slice(0, 40));
    act(() => vi.advanceTimersToNextTimer());
    expect(shown()).toEqual(rows.slice(0, 80));
    act(() => vi.advanceTimersToNextTimer());
    expect(shown()).toEqual(rows);
    expect(vi.getTimerCount()).toBe(0);
    expect(renderRow).toHaveBeenCalledTimes(100);
  });

  it('draws every row at once when asked to (printing), and a short list without a timer', () => {
    vi.useFakeTimers();
    const renderRow = (n: number) => <li key={n}>{n}</li>;
    const { rerender } = render(<List list={rows} renderRow={renderRow} all />);
    expect(shown()).toEqual(rows);
    rerender(<List list={[1, 2, 3]} renderRow={renderRow} />);
    expect(shown()).toEqual([1, 2, 3]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
