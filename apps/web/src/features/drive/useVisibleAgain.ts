import { useEffect, useRef } from 'react';

/** Calls `onVisible` each time the browser tab becomes visible again (spec 2 §4: the lists reload). */
export function useVisibleAgain(onVisible: () => void): void {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  }, []);
}
