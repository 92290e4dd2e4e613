import { Alert, Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { RetentionForecast } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ErrorState } from '../../shared/components/States';
import { visuallyHidden } from '../../shared/components/visuallyHidden';
import { formatDate, formatDateTime } from '../../shared/utils/displayDates';
import { useRetentionPreview } from './privacyApi';

/**
 * Under the retention fields (issue 34): when the retention job runs next and what it and the runs of the next
 * days delete, from the saved settings (`unsaved`: the fields hold days not saved yet).
 */
export function RetentionPreview({
  projectId,
  timeZone,
  unsaved,
}: {
  projectId: number;
  timeZone: string;
  unsaved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const preview = useRetentionPreview(projectId);
  const language = i18n.language;
  const number = (value: number) => value.toLocaleString(language);

  const body = () => {
    if (preview.isPending) {
      return (
        <Stack role="status" spacing={1}>
          <Box sx={visuallyHidden}>{t('audit.retention.loading')}</Box>
          <Skeleton variant="rounded" height={24} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      );
    }
    if (preview.isError) {
      return (
        <ErrorState
          title={t('audit.retention.loadError')}
          message={errorMessage(preview.error)}
          onRetry={() => void preview.refetch()}
        />
      );
    }
    const { media, results, next_run_at, window_days } = preview.data;
    if (media.days === null && results.days === null) {
      return (
        <Typography variant="body2" data-testid="retention-preview-off">
          {t('audit.retention.off')}
        </Typography>
      );
    }
    const kind = (testId: string, title: string, forecast: RetentionForecast) => (
      <Box data-testid={testId} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {forecast.days === null ? (
          <Typography variant="body2" color="textSecondary">
            {t('audit.retention.keptForever')}
          </Typography>
        ) : (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'fit-content(60%) 1fr', columnGap: 2 }}
          >
            {[
              {
                label: t('audit.retention.atNextRun'),
                value: number(forecast.next_run),
                hint: t('audit.retention.uploadedBefore', {
                  date: formatDateTime(forecast.next_run_deletes_before, language, timeZone),
                }),
              },
              {
                label: t('audit.retention.inNextDays', { days: window_days }),
                value: number(forecast.next_days),
              },
              {
                label: t('audit.retention.oldest'),
                value: forecast.oldest_uploaded_at
                  ? formatDate(forecast.oldest_uploaded_at, language, timeZone)
                  : '—',
              },
            ].map((line) => (
              <Box key={line.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">
                  {line.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {line.value}
                  {line.hint ? (
                    <Typography
                      component="span"
                      variant="caption"
                      color="textSecondary"
                      sx={{ display: 'block' }}
                    >
                      {line.hint}
                    </Typography>
                  ) : null}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    );
    return (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          {t('audit.retention.nextRun', { time: formatDateTime(next_run_at, language, timeZone) })}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {kind('retention-preview-media', t('audit.retention.media'), media)}
          {kind('retention-preview-results', t('audit.retention.results'), results)}
        </Box>
      </Stack>
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="retention-preview">
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          {t('audit.retention.title')}
        </Typography>
        {unsaved ? (
          <Alert severity="info" sx={{ py: 0 }} data-testid="retention-preview-unsaved">
            {t('audit.retention.unsaved')}
          </Alert>
        ) : null}
        {body()}
      </Stack>
    </Paper>
  );
}
