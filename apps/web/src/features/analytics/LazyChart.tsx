import { Box } from '@mui/material';
import { type ReactNode, Suspense } from 'react';

/** Charts measure their container with ResizeObserver; without it (old browsers, jsdom) the chart is skipped. */
export const canChart = () => typeof window !== 'undefined' && typeof window.ResizeObserver === 'function';

/** A chart loaded on demand (x-charts is large), keeping its height while it loads. */
export function LazyChart({ height, children }: { height: number; children: ReactNode }) {
  if (!canChart()) return null;
  return <Suspense fallback={<Box sx={{ height }} />}>{children}</Suspense>;
}
