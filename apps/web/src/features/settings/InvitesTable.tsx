import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { Invite } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../shared/components/DataTable';
import { MemberRoleChip } from '../../shared/components/RoleChip';
import { formatDateTime } from '../../shared/utils/displayDates';

/** Open invitations with their expiry, each revocable. */
export function InvitesTable({
  invites,
  locked,
  onRevoke,
}: {
  invites: Invite[];
  locked: boolean;
  onRevoke: (invite: Invite) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const columns: Column<Invite>[] = [
    { id: 'email', header: t('settings.members.columns.email'), cell: (invite) => invite.email },
    {
      id: 'role',
      header: t('settings.members.columns.role'),
      cell: (invite) => <MemberRoleChip role={invite.role} />,
    },
    {
      id: 'invitedBy',
      header: t('settings.members.columns.invitedBy'),
      cell: (invite) => (invite.invited_by ? invite.invited_by.name || invite.invited_by.email : '—'),
    },
    {
      id: 'expires',
      header: t('settings.members.columns.expires'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (invite) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{formatDateTime(invite.expires_at, language)}</span>
          {invite.status === 'expired' ? (
            <Chip size="small" color="warning" label={t('settings.members.expired')} />
          ) : (
            <Chip size="small" variant="outlined" label={t('settings.members.pending')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: t('settings.members.columns.actions'),
      align: 'right',
      cell: (invite) => (
        <Button
          size="small"
          color="error"
          disabled={locked}
          onClick={() => onRevoke(invite)}
          aria-label={t('settings.members.revokeInviteNamed', { email: invite.email })}
        >
          {t('settings.members.revokeInvite')}
        </Button>
      ),
    },
  ];

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('settings.members.invitesTitle')}
      </Typography>
      <DataTable
        label={t('settings.members.invitesTitle')}
        columns={columns}
        rows={invites}
        rowKey={(invite) => invite.id}
        rowProps={(invite) => ({ 'data-testid': `invite-${invite.id}` })}
        empty={{ text: t('settings.members.noInvites'), testId: 'no-invites' }}
      />
    </Box>
  );
}
