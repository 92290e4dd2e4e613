import { Box, Typography } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import type { SpeakerNaming } from '../../shared/analyses/speakers';

const SpeakerShareChart = lazy(() => import('./SpeakerShareChart'));

/** One figure of the metrics card: a label, the value and an optional line below. */
export function Stat({
  label,
  value,
  detail,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', height: '100%' }} data-testid={testId}>
      <Typography variant="caption" color="textSecondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The speakers' shares as a doughnut under a heading, or `empty` when nobody said anything. */
export function SpeakerShares({
  title,
  shares,
  order,
  naming,
  empty,
}: {
  title: string;
  shares: ReadonlyArray<{ speaker: string; share: number }>;
  order: ReadonlyArray<string | null>;
  naming: SpeakerNaming;
  empty: string;
}) {
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {shares.length > 0 ? (
        <Suspense fallback={<Box sx={{ height: 220 }} />}>
          <SpeakerShareChart shares={shares} order={order} naming={naming} />
        </Suspense>
      ) : (
        <Typography color="textSecondary">{empty}</Typography>
      )}
    </>
  );
}
