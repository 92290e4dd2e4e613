import { Box, Chip, type ChipProps, LinearProgress, Stack, Typography } from '@mui/material';
import type { TaskStage, TaskStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TaskStatus, ChipProps['color']> = {
  queued: 'default',
  processing: 'primary',
  completed: 'success',
  failed: 'error',
  skipped: 'warning',
};

export function TaskStatusChip({ status, size = 'small' }: { status: TaskStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      component="span"
      size={size}
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 'queued' ? 'outlined' : 'filled'}
      label={t(`analyses.status.${status}`, { defaultValue: status })}
      data-testid="task-status"
    />
  );
}

export function StageLabel({ stage }: { stage: TaskStage | null }) {
  const { t } = useTranslation();
  if (!stage) return null;
  return <>{t(`analyses.stage.${stage}`, { defaultValue: stage })}</>;
}

/** Status chip; while processing also the stage and a small progress bar (the list's status cell). */
export function TaskStatusCell({
  status,
  stage,
  progress,
}: {
  status: TaskStatus;
  stage: TaskStage | null;
  progress: number;
}) {
  const { t } = useTranslation();
  const value = Math.min(100, Math.max(0, progress));
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <Box>
        <TaskStatusChip status={status} />
      </Box>
      {status === 'processing' ? (
        <>
          <Typography variant="caption" color="textSecondary" noWrap>
            <StageLabel stage={stage} /> · {Math.round(value)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={value}
            aria-label={t('analyses.progressLabel', { progress: Math.round(value) })}
            sx={{ height: 4, borderRadius: 2 }}
          />
        </>
      ) : null}
    </Stack>
  );
}
