import BlockIcon from '@mui/icons-material/Block';
import {
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import type { ApiKey } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/utils/displayDates';

function userOf(key: ApiKey): string {
  const name = `${key.user_first_name} ${key.user_last_name}`.trim();
  return name || key.user_email || '—';
}

/** The project's API keys, revoked ones greyed out; active ones can be revoked. */
export function ApiKeysTable({
  keys,
  onRevoke,
  disabled,
}: {
  keys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
  /** Revoking is not possible now (one is under way, or the project is read-only). */
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('settings.apiKeys.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('settings.apiKeys.columns.name')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.prefix')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.type')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.user')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.created')}</TableCell>
            <TableCell>{t('settings.apiKeys.columns.lastUsed')}</TableCell>
            <TableCell align="right">{t('settings.apiKeys.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => {
            const revoked = key.status === 'revoked';
            return (
              <TableRow
                key={key.id}
                data-testid={`api-key-${key.id}`}
                data-status={key.status}
                sx={revoked ? { opacity: 0.5, '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {key.name}
                    </Box>
                    {revoked ? (
                      <Chip size="small" variant="outlined" label={t('settings.apiKeys.revoked')} />
                    ) : null}
                  </Stack>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{key.key_mask}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={key.type === 'full' ? 'primary' : 'default'}
                    variant="outlined"
                    label={t(`settings.apiKeys.types.${key.type}`)}
                  />
                </TableCell>
                <TableCell>
                  <Tooltip title={key.user_email}>
                    <span>{userOf(key)}</span>
                  </Tooltip>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(key.created_at, language)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {key.last_used ? formatDateTime(key.last_used, language) : t('settings.apiKeys.never')}
                </TableCell>
                <TableCell align="right">
                  {revoked ? null : (
                    <Tooltip title={t('settings.apiKeys.revoke')}>
                      <span>
                        <IconButton
                          color="error"
                          disabled={disabled}
                          aria-label={t('settings.apiKeys.revokeNamed', { name: key.name })}
                          onClick={() => onRevoke(key)}
                        >
                          <BlockIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
