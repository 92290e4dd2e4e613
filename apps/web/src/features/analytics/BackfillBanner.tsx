import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { analyticsKeys, useAnalyticsStatus } from '../../shared/api/analytics';
import { formatCount } from '../../shared/format/analytics';

/**
 * After an upgrade, existing analyses are copied into analytics in the background: until that is done the
 * figures are incomplete, so the page says how far it got, and reloads its figures when it is done.
 */
export function BackfillBanner({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useAnalyticsStatus(projectId);
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);

  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({
        queryKey: analyticsKeys.all(projectId),
        predicate: (query) => query.queryKey[2] !== 'status',
      });
    }
    wasRunning.current = running;
  }, [running, queryClient, projectId]);

  if (!status.data?.running) return null;
  const { done, total } = status.data;
  const value = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="backfill-banner"
    >
      <Stack spacing={1}>
        <Typography variant="body2">
          {t('analytics.backfill', {
            done: formatCount(done, i18n.language),
            total: formatCount(total, i18n.language),
          })}
        </Typography>
        <LinearProgress variant="determinate" value={value} aria-label={t('analytics.backfillLabel')} />
      </Stack>
    </Alert>
  );
}
