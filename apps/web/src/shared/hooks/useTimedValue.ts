import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value that falls back to `idle` after a while: `show(value, ms)` sets it and restarts the timer.
 * Used for short highlights (a field flashing red, a section drawing attention).
 */
export function useTimedValue<T>(idle: T): [T, (value: T, ms: number) => void, () => void] {
  const [value, setValue] = useState<T>(idle);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idleRef = useRef(idle);
  idleRef.current = idle;

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setValue(idleRef.current);
  }, []);

  const show = useCallback((next: T, ms: number) => {
    if (timer.current !== null) clearTimeout(timer.current);
    setValue(next);
    timer.current = setTimeout(() => {
      timer.current = null;
      setValue(idleRef.current);
    }, ms);
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return [value, show, clear];
}
