import BlockIcon from '@mui/icons-material/Block';
import { Box, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import type { ApiKey } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableEmpty } from '../../shared/components/DataTable';
import { formatDateTime } from '../../shared/utils/displayDates';

function userOf(key: ApiKey): string {
  const name = `${key.user_first_name} ${key.user_last_name}`.trim();
  return name || key.user_email || '—';
}

const nowrap = () => ({ whiteSpace: 'nowrap' });

/** The project's API keys, revoked ones greyed out; active ones can be revoked. */
export function ApiKeysTable({
  keys,
  onRevoke,
  disabled,
  empty,
}: {
  keys: ApiKey[];
  empty: DataTableEmpty;
  onRevoke: (key: ApiKey) => void;
  /** Revoking is not possible now (one is under way, or the project is read-only). */
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const header = (key: string) => (
    <Box sx={{ whiteSpace: 'nowrap' }}>{t(`settings.apiKeys.columns.${key}`)}</Box>
  );
  const columns: Column<ApiKey>[] = [
    {
      id: 'name',
      header: header('name'),
      cell: (key) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {key.name}
          </Box>
          {key.status === 'revoked' ? (
            <Chip size="small" variant="outlined" label={t('settings.apiKeys.revoked')} />
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'prefix',
      header: header('prefix'),
      cellSx: () => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' }),
      cell: (key) => key.key_mask,
    },
    {
      id: 'type',
      header: header('type'),
      cell: (key) => (
        <Chip
          size="small"
          color={key.type === 'full' ? 'primary' : 'default'}
          variant="outlined"
          label={t(`settings.apiKeys.types.${key.type}`)}
        />
      ),
    },
    {
      id: 'user',
      header: header('user'),
      cell: (key) => (
        <Tooltip title={key.user_email}>
          <span>{userOf(key)}</span>
        </Tooltip>
      ),
    },
    {
      id: 'created',
      header: header('created'),
      cellSx: nowrap,
      cell: (key) => formatDateTime(key.created_at, language),
    },
    {
      id: 'lastUsed',
      header: header('lastUsed'),
      cellSx: nowrap,
      cell: (key) => (key.last_used ? formatDateTime(key.last_used, language) : t('settings.apiKeys.never')),
    },
    {
      id: 'actions',
      header: header('actions'),
      align: 'right',
      cell: (key) =>
        key.status === 'revoked' ? null : (
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
        ),
    },
  ];
  return (
    <DataTable
      label={t('settings.apiKeys.title')}
      columns={columns}
      rows={keys}
      nowrapHeaders
      rowKey={(key) => key.id}
      rowProps={(key) => ({
        'data-testid': `api-key-${key.id}`,
        'data-status': key.status,
        sx: key.status === 'revoked' ? { opacity: 0.5, '& td': { color: 'text.secondary' } } : undefined,
      })}
      empty={empty}
    />
  );
}
