import { Chip } from '@mui/material';
import type { MemberRole } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MemberRole, 'default' | 'primary' | 'success' | 'warning'> = {
  owner: 'success',
  admin: 'primary',
  teamleader: 'warning',
  user: 'default',
};

export function MemberRoleChip({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[role]} label={t(`memberRoles.${role}`)} variant="outlined" />;
}
