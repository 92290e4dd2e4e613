import LockResetIcon from '@mui/icons-material/LockReset';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  InputAdornment,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { USER_ROLES, type UserRole } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DebouncedTextField } from '../../shared/components/DebouncedTextField';
import { RowAction } from '../../shared/components/RowAction';
import { rowsAsCardsOnPhone } from '../../shared/components/rowsAsCards';
import { ErrorState, LoadingState } from '../../shared/components/States';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatDate } from '../../shared/utils/displayDates';
import { ResetTwoFactorDialog } from './ResetTwoFactorDialog';
import { type AdminUserRow, useAdminUsers, useSetUserRole } from './usersApi';

/**
 * Super admin: find accounts, make them support staff (or plain users again), and reset the two-factor sign-in
 * of one that lost every factor.
 */
export function UsersSection({ onToast }: { onToast: (toast: ToastMessage) => void }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<UserRole | ''>('');
  const users = useAdminUsers(q, role, true);
  const setUserRole = useSetUserRole();
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);

  const change = (userId: number, label: string, next: UserRole) =>
    setUserRole.mutate(
      { userId, role: next },
      {
        onSuccess: () =>
          onToast({
            severity: 'success',
            text: t('adminUsers.roleSaved', { name: label, role: t(`adminUsers.roles.${next}`) }),
          }),
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );

  return (
    <Card data-testid="admin-users">
      <CardContent>
        <Typography variant="h6" component="h3">
          {t('adminUsers.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('adminUsers.description')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <DebouncedTextField
            value={q}
            onCommit={(value) => setQ(value.trim())}
            label={t('adminUsers.search')}
            size="small"
            sx={{ flex: 1, maxWidth: { sm: 420 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            size="small"
            label={t('adminUsers.roleFilter')}
            value={role}
            onChange={(event) => setRole(event.target.value as UserRole | '')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('adminUsers.allRoles')}</MenuItem>
            {USER_ROLES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`adminUsers.roles.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {users.isPending ? (
          <LoadingState minHeight={80} />
        ) : users.isError ? (
          <ErrorState
            title={t('adminUsers.loadError')}
            message={errorMessage(users.error)}
            onRetry={() => void users.refetch()}
          />
        ) : users.data.length === 0 ? (
          <Alert severity="info">{t('adminUsers.empty')}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('adminUsers.title')} sx={rowsAsCardsOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('adminUsers.columns.name')}</TableCell>
                  <TableCell>{t('adminUsers.columns.email')}</TableCell>
                  <TableCell>{t('adminUsers.columns.created')}</TableCell>
                  <TableCell sx={{ minWidth: 170 }}>{t('adminUsers.columns.role')}</TableCell>
                  <TableCell>{t('adminUsers.columns.twoFactor')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.data.map((user) => {
                  const label = user.name || user.email;
                  return (
                    <TableRow key={user.id} data-testid={`admin-user-${user.id}`}>
                      <TableCell data-label={t('adminUsers.columns.name')}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{user.name || '—'}</span>
                          {user.is_super_admin ? (
                            <Chip size="small" color="secondary" label={t('adminUsers.superAdmin')} />
                          ) : null}
                        </Stack>
                      </TableCell>
                      <TableCell data-label={t('adminUsers.columns.email')}>{user.email}</TableCell>
                      <TableCell data-label={t('adminUsers.columns.created')} sx={{ whiteSpace: 'nowrap' }}>
                        {formatDate(user.created_at, i18n.language)}
                      </TableCell>
                      <TableCell data-label={t('adminUsers.columns.role')}>
                        <TextField
                          select
                          size="small"
                          value={user.role}
                          onChange={(event) => change(user.id, label, event.target.value as UserRole)}
                          disabled={setUserRole.isPending}
                          slotProps={{
                            select: {
                              SelectDisplayProps: {
                                'aria-label': t('adminUsers.roleOf', { name: label }),
                              },
                            },
                          }}
                          // (the phone's cards align their values right; a select's own text stays left)
                          sx={{ minWidth: 150, '& .MuiSelect-select': { textAlign: 'left' } }}
                        >
                          {USER_ROLES.map((value) => (
                            <MenuItem key={value} value={value}>
                              {t(`adminUsers.roles.${value}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                      <TableCell data-label={t('adminUsers.columns.twoFactor')}>
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={user.two_factor_enabled ? 'success' : 'default'}
                            label={t(
                              user.two_factor_enabled ? 'adminUsers.twoFactorOn' : 'adminUsers.twoFactorOff',
                            )}
                          />
                          {user.two_factor_enabled ? (
                            <RowAction
                              label={t('adminUsers.twoFactorReset.action', { name: label })}
                              icon={<LockResetIcon fontSize="small" />}
                              onClick={() => setResetting(user)}
                            />
                          ) : null}
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {resetting ? (
          <ResetTwoFactorDialog user={resetting} onClose={() => setResetting(null)} onToast={onToast} />
        ) : null}
      </CardContent>
    </Card>
  );
}
