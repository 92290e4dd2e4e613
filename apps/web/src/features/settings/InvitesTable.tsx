import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Invite } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
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

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('settings.members.invitesTitle')}
      </Typography>
      {invites.length === 0 ? (
        <Typography color="textSecondary" variant="body2" data-testid="no-invites">
          {t('settings.members.noInvites')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('settings.members.invitesTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.members.columns.email')}</TableCell>
                <TableCell>{t('settings.members.columns.role')}</TableCell>
                <TableCell>{t('settings.members.columns.invitedBy')}</TableCell>
                <TableCell>{t('settings.members.columns.expires')}</TableCell>
                <TableCell align="right">{t('settings.members.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invites.map((invite) => (
                <TableRow key={invite.id} data-testid={`invite-${invite.id}`}>
                  <TableCell>{invite.email}</TableCell>
                  <TableCell>
                    <MemberRoleChip role={invite.role} />
                  </TableCell>
                  <TableCell>
                    {invite.invited_by ? invite.invited_by.name || invite.invited_by.email : '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{formatDateTime(invite.expires_at, language)}</span>
                      {invite.status === 'expired' ? (
                        <Chip size="small" color="warning" label={t('settings.members.expired')} />
                      ) : (
                        <Chip size="small" variant="outlined" label={t('settings.members.pending')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      color="error"
                      disabled={locked}
                      onClick={() => onRevoke(invite)}
                      aria-label={t('settings.members.revokeInviteNamed', { email: invite.email })}
                    >
                      {t('settings.members.revokeInvite')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
