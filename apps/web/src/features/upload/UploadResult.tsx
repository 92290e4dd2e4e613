import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { UploadState } from './machine';
import { textKey } from './useUpload';

/** An analysis link from the server: inside the app when it is a path, else a plain link. */
function AnalysisLink({ url, label }: { url: string; label: string }) {
  const external = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  return external ? (
    <Button color="inherit" size="small" variant="outlined" href={url}>
      {label}
    </Button>
  ) : (
    <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={url}>
      {label}
    </Button>
  );
}

/** What happened to the last upload (spec 1 §4, §8): success, duplicate, in progress, restarted or an error. */
export function UploadResult({
  state,
  errorText,
  onForce,
  fundsAction,
}: {
  state: UploadState;
  errorText: string | null;
  onForce: () => void;
  /** Shown under the 'insufficient funds' error: where to add funds. */
  fundsAction: ReactNode;
}) {
  const { t } = useTranslation();
  const outcome = state.outcome;

  if (state.status === 'error' && errorText) {
    return (
      <Alert severity="error" data-testid="upload-error">
        {errorText}
        {state.error?.detail ? <div data-testid="upload-error-detail">{state.error.detail}</div> : null}
        {state.error?.key === textKey('insufficientFunds') ? fundsAction : null}
      </Alert>
    );
  }
  if (!outcome) return null;

  if (outcome.kind === 'success' || outcome.kind === 'restarted') {
    const text =
      outcome.kind === 'restarted' && outcome.taskId
        ? t(textKey('forceStarted'), { id: outcome.taskId })
        : outcome.taskId
          ? t(textKey('successTask'), { id: outcome.taskId })
          : outcome.audioId
            ? t(textKey('successAudio'), { id: outcome.audioId })
            : t(textKey('success'));
    return (
      <Alert severity="success" data-testid="upload-success">
        {text}
        <div>{t('upload.redirecting')}</div>
      </Alert>
    );
  }

  if (outcome.kind === 'skipped') {
    return (
      <Alert severity="warning" data-testid="upload-skipped">
        <AlertTitle>{t('upload.skippedTitle')}</AlertTitle>
        {outcome.message || t('upload.skippedFallback')}
      </Alert>
    );
  }

  const duplicate = outcome.kind === 'duplicate';
  return (
    <Alert
      severity={duplicate ? 'warning' : 'info'}
      data-testid={duplicate ? 'upload-duplicate' : 'upload-in-progress'}
    >
      <AlertTitle>{t(textKey(duplicate ? 'duplicateTitle' : 'inProgressTitle'))}</AlertTitle>
      {outcome.message ?? t(textKey(duplicate ? 'duplicateFallback' : 'inProgressFallback'))}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        {duplicate && outcome.analysisUrl ? (
          <AnalysisLink url={outcome.analysisUrl} label={t(textKey('viewExisting'))} />
        ) : null}
        <Button
          color={duplicate ? 'warning' : 'info'}
          size="small"
          variant="contained"
          disableElevation
          onClick={onForce}
        >
          {t(textKey(duplicate ? 'forceReanalyze' : 'forceRestart'))}
        </Button>
      </Stack>
    </Alert>
  );
}
