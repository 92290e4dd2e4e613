import { useEffect, useState } from 'react';

/**
 * The rows of a long table drawn a slice at a time: the first `first` at once, then `step` more in each later
 * task, so that the browser paints and answers input in between. Drawing a team of hundreds in one go (a
 * render and one commit of thousands of cells) blocked the page for a quarter to half a second; React's
 * deferred rendering splits the render but not the commit.
 */
export function useProgressiveRows<T>(rows: readonly T[], { first = 30, step = 30 } = {}): readonly T[] {
  const [shown, setShown] = useState(first);
  const complete = shown >= rows.length;
  useEffect(() => {
    if (complete) return;
    const next = setTimeout(() => setShown(shown + step), 0);
    return () => clearTimeout(next);
  }, [complete, shown, step]);
  return complete ? rows : rows.slice(0, shown);
}
