import { Box, Chip, type ChipProps, LinearProgress, Stack, Typography } from '@mui/material';
import type { AssignmentStatus, ReviewerProgress } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/numbers';

const COLORS: Record<AssignmentStatus, ChipProps['color']> = {
  open: 'default',
  in_progress: 'warning',
  done: 'success',
};

export function AssignmentStatusChip({ status }: { status: AssignmentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`reviewQueue.status.${status}`)} />;
}

/** "12 of 20 done", a bar of done / total and how many are in progress. */
export function ProgressBar({
  progress,
  testId,
  label,
}: {
  progress: ReviewerProgress;
  testId: string;
  /** The bar's accessible name (whose progress it is). */
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const share = progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <Stack spacing={0.5} data-testid={testId} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid={`${testId}-text`}>
          {t('reviewQueue.progress.doneOf', { done: n(progress.done), total: n(progress.total) })}
        </Typography>
        <Typography variant="body2" color="textSecondary" data-testid={`${testId}-in-progress`}>
          {t('reviewQueue.progress.inProgress', { formatted: n(progress.in_progress) })}
        </Typography>
      </Stack>
      <Box>
        <LinearProgress
          variant="determinate"
          value={share}
          aria-label={label}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Box>
    </Stack>
  );
}
