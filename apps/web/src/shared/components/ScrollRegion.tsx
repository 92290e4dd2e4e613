import { Box, type SxProps, type Theme } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

type Edges = { left: boolean; right: boolean; scrolls: boolean };

const shadow = (side: 'left' | 'right') =>
  ({
    position: 'absolute',
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 16,
    pointerEvents: 'none',
    zIndex: 4,
    background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0,0,0,0.18), rgba(0,0,0,0))`,
    displayPrint: 'none',
  }) as const;

/**
 * A region that scrolls when its content is larger: named by `label`, a tab stop while it scrolls (so arrow
 * keys scroll it), with a shadow on each side that has more to show.
 */
export function ScrollRegion({
  label,
  children,
  sx,
  testId,
}: {
  label: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false, scrolls: false });
  const measure = useCallback(() => {
    const node = ref.current;
    if (!node) return;
    const left = node.scrollLeft > 0;
    const right = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
    const scrolls = left || right || node.scrollHeight > node.clientHeight + 1;
    setEdges((current) =>
      current.left === left && current.right === right && current.scrolls === scrolls
        ? current
        : { left, right, scrolls },
    );
  }, []);
  useEffect(() => {
    const node = ref.current;
    // A ResizeObserver reports the first size after the browser's own layout; measuring here as well would
    // force a layout of the whole page before it is painted.
    if (!node || typeof ResizeObserver !== 'function') return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box sx={{ position: 'relative' }} data-testid={testId}>
      <Box
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={edges.scrolls ? 0 : undefined}
        onScroll={measure}
        data-more-left={edges.left}
        data-more-right={edges.right}
        // Relative: what is absolutely positioned inside (a visually hidden header label) is clipped by this
        // box; otherwise it would stand where the unscrolled table puts it and widen the whole page.
        sx={[{ overflowX: 'auto', position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </Box>
      {edges.left ? <Box aria-hidden sx={shadow('left')} data-testid="scroll-shadow-left" /> : null}
      {edges.right ? <Box aria-hidden sx={shadow('right')} data-testid="scroll-shadow-right" /> : null}
    </Box>
  );
}
