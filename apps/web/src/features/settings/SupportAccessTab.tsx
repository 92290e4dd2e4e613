import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  SUPPORT_ACCESS,
  type SupportAccess,
  type SupportAccessUnit,
  supportAccessHours,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { QueryContent } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useGrantSupport, useRevokeSupport, useSupportAccess, useSupportAudit } from './supportApi';
import type { Notify, TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

const AUDIT_PAGE_SIZES = [10, 25, 50, 100];

/**
 * Support access tab: the owner lets support staff read the project for some hours or days (at most 30
 * days) or ends it; the audit log lists what they did. Admins see the state only.
 */
export function SupportAccessTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const isOwner = project.my_role === 'owner';
  const query = useSupportAccess(project.id);

  return (
    <Stack spacing={3}>
      <SettingsSection
        title={t('settings.support.title')}
        description={t('settings.support.description')}
        testId="support-access"
      >
        <QueryContent
          query={query}
          loadingLabel={t('settings.support.loading')}
          errorTitle={t('settings.support.loadError')}
        >
          {(access) => (
            <Stack spacing={3}>
              <AccessState access={access} />
              {isOwner ? (
                <GrantForm projectId={project.id} access={access} notify={notify} readOnly={readOnly} />
              ) : (
                <Alert severity="info" data-testid="support-read-only">
                  {t('settings.support.ownerOnly')}
                </Alert>
              )}
            </Stack>
          )}
        </QueryContent>
      </SettingsSection>
      {isOwner ? <AuditLog projectId={project.id} /> : null}
    </Stack>
  );
}

function AccessState({ access }: { access: SupportAccess }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const by = access.granted_by ? access.granted_by.name || access.granted_by.email : null;
  if (access.active) {
    return (
      <Alert severity="success" icon={<SupportAgentOutlinedIcon />} data-testid="support-state">
        <AlertTitle>{t('settings.support.activeTitle')}</AlertTitle>
        {t('settings.support.activeUntil', { date: formatDateTime(access.expires_at, language) })}
        {access.granted_at ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {by
              ? t('settings.support.grantedBy', {
                  name: by,
                  date: formatDateTime(access.granted_at, language),
                })
              : t('settings.support.grantedAt', { date: formatDateTime(access.granted_at, language) })}
          </Typography>
        ) : null}
      </Alert>
    );
  }
  const ended = access.revoked_at ?? access.expires_at;
  return (
    <Alert severity="info" icon={<SupportAgentOutlinedIcon />} data-testid="support-state">
      <AlertTitle>{t('settings.support.inactiveTitle')}</AlertTitle>
      {ended
        ? access.revoked_at
          ? t('settings.support.revokedAt', { date: formatDateTime(access.revoked_at, language) })
          : t('settings.support.expiredAt', { date: formatDateTime(ended, language) })
        : t('settings.support.never')}
    </Alert>
  );
}

function GrantForm({
  projectId,
  access,
  notify,
  readOnly,
}: {
  projectId: number;
  access: SupportAccess;
  notify: Notify;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const settingsError = useSettingsError();
  const grant = useGrantSupport(projectId);
  const revoke = useRevokeSupport(projectId);
  const [duration, setDuration] = useState(String(SUPPORT_ACCESS.defaultDuration));
  const [unit, setUnit] = useState<SupportAccessUnit>(SUPPORT_ACCESS.defaultUnit);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const amount = /^\d+$/.test(duration.trim()) ? Number(duration.trim()) : Number.NaN;
  const hours = supportAccessHours(amount, unit);
  const invalid = hours === null;
  /** No change can be made now: one is under way, or the project is read-only. */
  const locked = readOnly || grant.isPending || revoke.isPending;

  const submit = () => {
    if (invalid) return;
    grant.mutate(
      { duration: amount, unit },
      {
        onSuccess: (saved) =>
          notify({
            severity: 'success',
            text: t('settings.support.granted', { date: formatDateTime(saved.expires_at, i18n.language) }),
          }),
        onError: (error) => notify({ severity: 'error', text: settingsError(error) }),
      },
    );
  };

  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirmRevoke(false);
        notify({ severity: 'success', text: t('settings.support.revoked') });
      },
    });

  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {access.active ? t('settings.support.replaceTitle') : t('settings.support.grantTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('settings.support.duration')}
          type="number"
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
          error={invalid}
          helperText={invalid ? t('settings.support.invalidDuration') : t('settings.support.maxHint')}
          disabled={locked}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          sx={{ width: { sm: 200 } }}
        />
        <TextField
          select
          label={t('settings.support.unit')}
          value={unit}
          onChange={(event) => setUnit(event.target.value as SupportAccessUnit)}
          disabled={locked}
          sx={{ width: { sm: 160 } }}
        >
          {SUPPORT_ACCESS.units.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`settings.support.units.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
          <Button
            variant="contained"
            onClick={submit}
            disabled={invalid || locked}
            startIcon={grant.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {access.active ? t('settings.support.replace') : t('settings.support.grant')}
          </Button>
          {access.active ? (
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                revoke.reset();
                setConfirmRevoke(true);
              }}
              disabled={locked}
            >
              {t('settings.support.revoke')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmRevoke}
        title={t('settings.support.revokeTitle')}
        message={t('settings.support.revokeMessage')}
        confirmLabel={t('settings.support.revoke')}
        onConfirm={end}
        onClose={() => setConfirmRevoke(false)}
        busy={revoke.isPending}
        error={revoke.isError ? settingsError(revoke.error) : undefined}
        destructive
      />
    </Box>
  );
}

function AuditLog({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(AUDIT_PAGE_SIZES[1]!);
  const query = useSupportAudit(projectId, page + 1, pageSize, true);

  return (
    <SettingsSection
      title={t('settings.support.auditTitle')}
      description={t('settings.support.auditDescription')}
      testId="support-audit"
    >
      <QueryContent
        query={query}
        loadingLabel={t('settings.support.auditLoading')}
        errorTitle={t('settings.support.auditLoadError')}
        isEmpty={(data) => data.total === 0}
        empty={
          <Typography color="textSecondary" variant="body2" data-testid="audit-empty">
            {t('settings.support.auditEmpty')}
          </Typography>
        }
      >
        {(data) => (
          <>
            <TableContainer>
              <Table size="small" aria-label={t('settings.support.auditTitle')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('settings.support.columns.time')}</TableCell>
                    <TableCell>{t('settings.support.columns.user')}</TableCell>
                    <TableCell>{t('settings.support.columns.method')}</TableCell>
                    <TableCell>{t('settings.support.columns.path')}</TableCell>
                    <TableCell>{t('settings.support.columns.result')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((entry) => (
                    <TableRow key={entry.id} data-testid={`audit-${entry.id}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(entry.created_at, language)}
                      </TableCell>
                      <TableCell>{entry.user_name || entry.user_email || '—'}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{entry.method}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {entry.path}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={entry.allowed ? 'success' : 'error'}
                          label={
                            entry.allowed ? t('settings.support.allowed') : t('settings.support.refused')
                          }
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={Math.min(page, Math.max(0, Math.ceil(data.total / pageSize) - 1))}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={AUDIT_PAGE_SIZES}
              labelRowsPerPage={t('settings.pagination.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('settings.pagination.displayed', { from, to, total: count })
              }
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </QueryContent>
    </SettingsSection>
  );
}
