import { Alert, AlertTitle, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { type AnalysisDetail, hasRoleAtLeast } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { StageLabel } from '../../shared/components/TaskStatus';
import { useTaskErrorText } from '../../shared/i18n/taskErrors';

/** Where an unfinished, failed or skipped analysis is (live through the task events). */
export function StatusPanel({ detail }: { detail: AnalysisDetail }) {
  const { t, i18n } = useTranslation();
  const reason = useTaskErrorText()(detail);
  const project = useCurrentProject();
  const severity = detail.status === 'failed' ? 'error' : detail.status === 'skipped' ? 'warning' : 'info';
  const running = detail.status === 'queued' || detail.status === 'processing';
  const progress = Math.min(100, Math.max(0, detail.progress));
  return (
    <Alert severity={severity} sx={{ mb: 3 }} data-testid="status-panel">
      <AlertTitle>{t(`analysis.statusPanel.${detail.status}`)}</AlertTitle>
      <Stack spacing={1}>
        {detail.stage && detail.status !== 'skipped' ? (
          <Typography variant="body2">
            {t(
              detail.status === 'failed' ? 'analysis.statusPanel.failedStage' : 'analysis.statusPanel.stage',
            )}{' '}
            <strong>
              <StageLabel stage={detail.stage} />
            </strong>
          </Typography>
        ) : null}
        {running ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, maxWidth: 480 }}>
            <LinearProgress
              key={detail.status}
              variant={detail.status === 'queued' ? 'indeterminate' : 'determinate'}
              value={progress}
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
              aria-label={t('analyses.progressLabel', { progress: Math.round(progress) })}
            />
            <Typography variant="body2" data-testid="status-progress">
              {Math.round(progress)}%
            </Typography>
          </Box>
        ) : null}
        {reason ? (
          <Typography variant="body2" data-testid="status-error" sx={{ whiteSpace: 'pre-wrap' }}>
            {reason}
          </Typography>
        ) : null}
        {detail.status === 'failed' && hasRoleAtLeast(project.my_role, 'admin') ? (
          <Box>
            <Button
              component={RouterLink}
              to={`/projects/${project.id}/failed-tasks`}
              size="small"
              color="inherit"
              variant="outlined"
              sx={{ displayPrint: 'none' }}
            >
              {t('analysis.statusPanel.openFailedTasks')}
            </Button>
          </Box>
        ) : null}
        {detail.attempts > 0 ? (
          <Typography variant="caption">
            {t('analysis.statusPanel.attempts', {
              number: new Intl.NumberFormat(i18n.language).format(detail.attempts),
            })}
          </Typography>
        ) : null}
      </Stack>
    </Alert>
  );
}
