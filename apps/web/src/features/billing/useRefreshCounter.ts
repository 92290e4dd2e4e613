import { useCallback, useEffect, useState } from 'react';

/**
 * A counter that goes up on mount, when the window gets focus and when the page becomes visible again
 * (spec 2 §2.1); `bump` raises it on demand (returning to the first tab). Components refetch when it
 * changes. It starts at 0 and is 1 after the first render.
 */
export function useRefreshCounter(): [number, () => void] {
  const [counter, setCounter] = useState(0);
  const bump = useCallback(() => setCounter((value) => value + 1), []);
  useEffect(() => {
    bump();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') bump();
    };
    window.addEventListener('focus', bump);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', bump);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [bump]);
  return [counter, bump];
}
