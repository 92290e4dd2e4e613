import { Chip } from '@mui/material';
import type { CalibrationStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

export function CalibrationStatusChip({ status }: { status: CalibrationStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'open' ? 'info' : 'default'}
      label={t(`calibration.status.${status}`)}
      data-testid="calibration-status"
    />
  );
}
