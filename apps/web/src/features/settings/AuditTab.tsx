import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { type Column, DataTable } from '../../shared/components/DataTable';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { formatDateTime } from '../../shared/utils/displayDates';
import { auditExportUrl, useAuditTrail } from './auditApi';
import { detailLines } from './auditDetails';
import type { TabProps } from './tabProps';

/** What an entry's target id names, by action. */
type TargetKind = 'analysis' | 'erasedAnalysis' | 'apiKey' | 'member' | 'ssoConnection' | null;
const TARGET_KINDS: Record<AuditAction, TargetKind> = {
  privacy_settings_changed: null,
  original_transcript_read: 'analysis',
  media_accessed: 'analysis',
  analyses_exported: null,
  api_key_created: 'apiKey',
  api_key_revoked: 'apiKey',
  member_role_changed: 'member',
  member_removed: 'member',
  member_signed_out: 'member',
  two_factor_policy_changed: null,
  two_factor_reset: 'member',
  // An erased analysis has no page left to link to.
  data_erased: 'erasedAnalysis',
  person_data_exported: 'analysis',
  sso_connection_created: 'ssoConnection',
  sso_connection_updated: 'ssoConnection',
  sso_connection_deleted: 'ssoConnection',
  sso_required_changed: 'ssoConnection',
  sso_domain_added: 'ssoConnection',
  sso_domain_verified: 'ssoConnection',
  sso_domain_removed: 'ssoConnection',
  sso_group_mapping_added: 'ssoConnection',
  sso_group_mapping_removed: 'ssoConnection',
  scim_token_generated: 'ssoConnection',
  scim_token_revoked: 'ssoConnection',
  scim_user_deactivated: 'member',
  scim_user_reactivated: 'member',
};

/**
 * Audit tab (issue 34, admins and owners like the whole settings page): who read an original transcript,
 * played or downloaded media, exported or erased data, changed privacy settings, API keys or members; newest
 * first, by action, 50 more at a time, and the whole trail as CSV.
 */
export function AuditTab({ project }: TabProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [action, setAction] = useState<AuditAction | null>(null);
  const trail = useAuditTrail(project.id, action);
  const rows = trail.data?.pages.flatMap((page) => page.data);
  const language = i18n.language;

  const target = (entry: AuditEntry) => {
    const kind = TARGET_KINDS[entry.action];
    if (entry.target_id === null) return '—';
    if (kind === 'analysis') {
      return (
        <Link component={RouterLink} to={`/projects/${project.id}/analysis/${entry.target_id}`}>
          {t('audit.targets.analysis', { id: entry.target_id })}
        </Link>
      );
    }
    if (kind === 'erasedAnalysis') return t('audit.targets.analysis', { id: entry.target_id });
    if (kind === 'apiKey') return t('audit.targets.apiKey', { id: entry.target_id });
    if (kind === 'member') return t('audit.targets.member', { id: entry.target_id });
    if (kind === 'ssoConnection') return t('audit.targets.ssoConnection', { id: entry.target_id });
    return `#${entry.target_id}`;
  };

  const columns: Column<AuditEntry>[] = [
    {
      id: 'time',
      header: t('audit.columns.time'),
      cell: (entry) => formatDateTime(entry.at, language, project.timezone),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
    },
    {
      id: 'action',
      header: t('audit.columns.action'),
      cell: (entry) => t(`audit.actions.${entry.action}`),
      cellSx: () => ({ minWidth: { sm: 140 } }),
    },
    {
      id: 'account',
      header: t('audit.columns.account'),
      cell: (entry) => (
        <Box sx={{ overflowWrap: 'anywhere', minWidth: { sm: 180 } }}>
          {entry.user_email ?? (entry.api_key_id === null ? '—' : null)}
          {entry.api_key_id !== null ? (
            <Typography variant="body2" color="textSecondary" component="div">
              {t('audit.account.apiKey', { id: entry.api_key_id })}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'ip',
      header: t('audit.columns.ip'),
      // The font on the value only: a phone card writes the column's name into the cell too.
      cell: (entry) => (
        <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: { sm: 'nowrap' } }}>
          {entry.ip ?? '—'}
        </Box>
      ),
    },
    {
      id: 'target',
      header: t('audit.columns.target'),
      cell: target,
      cellSx: () => ({ whiteSpace: 'nowrap' }),
    },
    {
      id: 'details',
      header: t('audit.columns.details'),
      cell: (entry) => {
        const lines = detailLines(entry.action, entry.details, t, language);
        if (lines.length === 0) return '—';
        return (
          <Box component="dl" sx={{ m: 0, minWidth: { sm: 220 }, maxWidth: { sm: 420 } }}>
            {lines.map((line) => (
              <Box
                key={line.key}
                sx={{
                  display: 'flex',
                  gap: 0.5,
                  flexWrap: 'wrap',
                  justifyContent: { xs: 'flex-end', sm: 'flex-start' },
                }}
              >
                <Typography component="dt" variant="body2" color="textSecondary">
                  {t('audit.details.label', { label: line.label })}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {line.value}
                </Typography>
              </Box>
            ))}
          </Box>
        );
      },
    },
  ];

  // A later page that fails keeps the entries already shown; only a first page that fails replaces them.
  const firstPageError = trail.isError && !trail.data;

  return (
    <SettingsSection
      title={t('audit.title')}
      description={t('audit.description')}
      testId="audit-trail"
      action={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          component="a"
          href={auditExportUrl(project.id)}
          download
          data-testid="audit-export"
        >
          {t('audit.export')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <TextField
          select
          label={t('audit.filter')}
          value={action ?? ''}
          onChange={(event) => setAction((event.target.value || null) as AuditAction | null)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ maxWidth: 360 }}
          size="small"
          fullWidth
          data-testid="audit-filter"
        >
          <MenuItem value="">{t('audit.allActions')}</MenuItem>
          {AUDIT_ACTIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`audit.actions.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <DataTable
          label={t('audit.title')}
          columns={columns}
          rows={rows}
          rowKey={(entry) => entry.id}
          rowProps={(entry) => ({ 'data-testid': `audit-entry-${entry.id}`, 'data-action': entry.action })}
          loading={trail.isPending}
          loadingLabel={t('audit.loading')}
          error={
            firstPageError
              ? {
                  title: t('audit.loadError'),
                  message: errorMessage(trail.error),
                  onRetry: () => void trail.refetch(),
                }
              : null
          }
          empty={{ text: action ? t('audit.emptyFiltered') : t('audit.empty'), testId: 'audit-empty' }}
          phoneCards
          testId="audit-table"
        />
        {trail.isFetchNextPageError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void trail.fetchNextPage()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('audit.loadMoreError')}
          </Alert>
        ) : null}
        {trail.hasNextPage && !trail.isFetchNextPageError ? (
          <Box>
            <Button
              variant="outlined"
              onClick={() => void trail.fetchNextPage()}
              disabled={trail.isFetchingNextPage}
              startIcon={
                trail.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined
              }
              data-testid="audit-load-more"
            >
              {trail.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </SettingsSection>
  );
}
