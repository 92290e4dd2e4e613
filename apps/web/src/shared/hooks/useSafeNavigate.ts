import { TIMINGS } from '@parley/contracts';
import { useCallback, useRef } from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';

/**
 * Navigation helper of spec 1 §8: a navigation repeated (same target) within TIMINGS.navigationDebounceMs
 * is ignored, so double clicks and quick repeats don't stack history entries or re-run page loads.
 * Returns true when the navigation was started.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const last = useRef<{ to: string; at: number } | null>(null);
  return useCallback(
    (to: string, options?: NavigateOptions): boolean => {
      const now = Date.now();
      const previous = last.current;
      if (previous && previous.to === to && now - previous.at < TIMINGS.navigationDebounceMs) return false;
      last.current = { to, at: now };
      void navigate(to, options);
      return true;
    },
    [navigate],
  );
}

/**
 * Wraps a click handler so that clicks within TIMINGS.clickDebounceMs of the last accepted one are ignored
 * (spec 1 §8).
 */
export function useGuardedClick<Args extends unknown[]>(handler: (...args: Args) => void) {
  const lastAt = useRef<number | null>(null);
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  return useCallback((...args: Args): boolean => {
    const now = Date.now();
    if (lastAt.current !== null && now - lastAt.current < TIMINGS.clickDebounceMs) return false;
    lastAt.current = now;
    handlerRef.current(...args);
    return true;
  }, []);
}
