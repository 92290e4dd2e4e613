import { type MouseEvent, useCallback } from 'react';
import { useSafeNavigate } from './useSafeNavigate';

/**
 * A click handler for a container of plain `<a href="/…">` links (a report table's thousands of cells): a plain
 * left click navigates in the app as a router Link would, without a Link (and its router hooks) per cell.
 * Clicks with a modifier, another button, or on links that leave the app or open elsewhere go to the browser.
 */
export function useInAppLinks() {
  const navigate = useSafeNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}
