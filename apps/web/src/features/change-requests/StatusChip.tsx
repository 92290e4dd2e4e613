import { Chip, type ChipProps } from '@mui/material';
import type { ChangeRequestStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ChangeRequestStatus, ChipProps['color']> = {
  open: 'warning',
  approved: 'success',
  rejected: 'default',
};

export function StatusChip({ status }: { status: ChangeRequestStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`changeRequests.status.${status}`)} />;
}
