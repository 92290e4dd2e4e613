import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { privacyRoutes, type TranscriptSegment } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { urlOf } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ErrorState, LoadingState } from '../../shared/components/States';

/**
 * The transcript card's switch between the redacted transcript and the original (admins and owners, when the
 * project keeps originals). It says before the switch is used that reading the original is audited.
 */
export function OriginalSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, displayPrint: 'none' }}
      data-testid="original-switch"
    >
      <FormControlLabel
        control={
          <Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        }
        label={t('redaction.original.show')}
        sx={{ mr: 0 }}
      />
      <Typography variant="caption" color="textSecondary">
        {t('redaction.original.audited')}
      </Typography>
    </Stack>
  );
}

/** The original transcript once read (its loading and error states), shown under a plain notice. */
export function OriginalTranscript({
  query,
  children,
}: {
  query: UseQueryResult<TranscriptSegment[]>;
  children: (segments: TranscriptSegment[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (query.isPending) return <LoadingState label={t('redaction.original.loading')} minHeight={120} />;
  if (query.isError) {
    return (
      <ErrorState
        title={t('redaction.original.loadError')}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Stack spacing={2} data-testid="original-transcript">
      <Alert severity="warning">{t('redaction.original.notice')}</Alert>
      {children(query.data)}
    </Stack>
  );
}

/**
 * The recording as uploaded, kept beside its redacted copy (admins and owners, when the project keeps originals):
 * a plain download link, so the browser streams it to disk; the server audits each download.
 */
export function OriginalRecordingLink({ projectId, taskId }: { projectId: number; taskId: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ displayPrint: 'none' }} data-testid="original-recording">
      <Button
        variant="outlined"
        size="small"
        startIcon={<DownloadIcon />}
        href={urlOf(privacyRoutes.originalMedia, { params: { id: projectId, taskId } })}
        download
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('redaction.original.downloadRecording')}
      </Button>
      <Typography variant="caption" color="textSecondary">
        {t('redaction.original.downloadAudited')}
      </Typography>
    </Stack>
  );
}
