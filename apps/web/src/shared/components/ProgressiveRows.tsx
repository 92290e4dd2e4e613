import { memo, type ReactNode, startTransition, useEffect, useState } from 'react';

interface SliceProps<T> {
  rows: readonly T[];
  start: number;
  end: number;
  renderRow: (row: T) => ReactNode;
}

/** One slice of the rows: drawn once, left alone while later slices are added. */
const Slice = memo(function Slice<T>({ rows, start, end, renderRow }: SliceProps<T>) {
  return rows.slice(start, end).map((row) => renderRow(row));
}) as <T>(props: SliceProps<T>) => ReactNode;

/**
 * The rows of a long table drawn `step` at a time: the first slice at once, each next one in a later task, so
 * that the browser paints and answers input in between and no task draws more than one slice. Drawing a team
 * of hundreds in one go (thousands of cells) blocked the page for a quarter to half a second; React's deferred
 * rendering splits the render but not its commit. `all` draws every row at once (printing). A slice is drawn again only when
 * the table is (new rows or a new `renderRow`).
 */
export function ProgressiveRows<T>({
  rows,
  renderRow,
  step = 30,
  all = false,
}: {
  rows: readonly T[];
  renderRow: (row: T) => ReactNode;
  step?: number;
  all?: boolean;
}) {
  const [count, setCount] = useState(step);
  const shown = all ? rows.length : Math.min(count, rows.length);
  useEffect(() => {
    if (shown >= rows.length) return;
    const next = setTimeout(() => startTransition(() => setCount(shown + step)), 0);
    return () => clearTimeout(next);
  }, [shown, rows.length, step]);
  const slices: ReactNode[] = [];
  for (let start = 0; start < shown; start += step) {
    const end = Math.min(start + step, shown);
    slices.push(<Slice key={start} rows={rows} start={start} end={end} renderRow={renderRow} />);
  }
  return slices;
}
