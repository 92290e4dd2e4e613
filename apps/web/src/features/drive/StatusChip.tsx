import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DriveStatus } from './status';

const COLORS = { active: 'success', inactive: 'default', error: 'error' } as const;

export function StatusChip({ status }: { status: DriveStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`drive.status.${status}`)}
      color={COLORS[status]}
      variant={status === 'inactive' ? 'outlined' : 'filled'}
      data-testid="drive-status"
    />
  );
}
