import { LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The upload's progress bar with its percentage. */
export function UploadProgress({ progress, uploading }: { progress: number; uploading: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} data-testid="upload-progress">
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="textSecondary">
          {uploading ? t('upload.uploading') : t('upload.progressLabel')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="upload-percent">
          {t('upload.percent', { percent: progress })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label={t('upload.progressLabel')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Stack>
  );
}
