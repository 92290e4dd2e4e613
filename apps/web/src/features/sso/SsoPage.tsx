import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  type StackProps,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MEMBER_ROLES, type MemberRole, type SsoConnection } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../shared/api/auth';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useProjects } from '../../shared/app/projects';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { Page } from '../../shared/components/Page';
import { MemberRoleChip } from '../../shared/components/RoleChip';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { SwitchField } from '../../shared/components/SwitchField';
import {
  useAddDomain,
  useAddMapping,
  useDeleteConnection,
  useRemoveDomain,
  useRemoveMapping,
  useSsoConnections,
  useUpdateConnection,
  useVerifyDomain,
} from './api';
import { ConnectionDialog } from './ConnectionDialog';
import { ScimProvisioningCard } from './ScimProvisioningCard';

/**
 * Single sign-on connections: the super admin sees and manages every one; a project owner the ones they made,
 * mapping groups to the projects they own. (An account page, not a project's: a connection serves an email
 * domain, across projects.)
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const connections = useSsoConnections();
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t('sso.title')}
      subtitle={t('sso.subtitle')}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          data-testid="sso-new"
        >
          {t('sso.new')}
        </Button>
      }
    >
      <QueryContent
        query={connections}
        loadingLabel={t('sso.loading')}
        errorTitle={t('sso.loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState title={t('sso.emptyTitle')} description={t('sso.emptyDescription')} />}
      >
        {(list) => (
          <Stack spacing={3}>
            {list.map((connection) => (
              <ConnectionCard key={connection.id} connection={connection} />
            ))}
          </Stack>
        )}
      </QueryContent>
      {creating ? <ConnectionDialog onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
      }}
    />
  );
}

function ConnectionCard({ connection }: { connection: SsoConnection }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('sso');
  const update = useUpdateConnection(connection.id);
  const remove = useDeleteConnection();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'require' | null>(null);
  const oidc = connection.protocol === 'oidc';
  const proven = connection.domains.some((d) => d.verified_at);
  return (
    <Card variant="outlined" component="section" data-testid={`sso-connection-${connection.id}`}>
      <CardContent>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="h6" component="h2">
                {connection.name}{' '}
                <Chip size="small" label={oidc ? 'OpenID Connect' : 'SAML 2.0'} variant="outlined" />
              </Typography>
              {connection.owner_email ? (
                <Typography variant="body2" color="textSecondary">
                  {t('sso.owner', { email: connection.owner_email })}
                </Typography>
              ) : null}
            </Box>
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setEditing(true)}>{t('sso.edit')}</Button>
              <Button color="error" onClick={() => setConfirm('delete')}>
                {t('sso.delete')}
              </Button>
            </Stack>
          </Stack>
          {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <SwitchField
              label={t('sso.enabled')}
              help={t('sso.enabledHelp')}
              checked={connection.enabled}
              onChange={(enabled) => update.mutate({ enabled })}
            />
            <SwitchField
              label={t('sso.requireSso')}
              help={t('sso.requireSsoHelp')}
              checked={connection.require_sso}
              disabled={!proven && !connection.require_sso}
              onChange={(on) => (on ? setConfirm('require') : update.mutate({ require_sso: false }))}
              inputProps={{ 'data-testid': 'sso-require' }}
            />
          </Stack>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('sso.forIdp')}
            </Typography>
            <Stack spacing={1.5}>
              <CopyField
                label={oidc ? t('sso.redirectUri') : t('sso.acsUrl')}
                value={connection.redirect_uri}
              />
              {oidc ? null : (
                <>
                  <CopyField label={t('sso.spEntityId')} value={connection.sp_entity_id} />
                  <CopyField label={t('sso.spMetadataUrl')} value={connection.sp_metadata_url} />
                </>
              )}
            </Stack>
          </Box>
          <Domains connection={connection} />
          <Mappings connection={connection} />
          <ScimProvisioningCard connectionId={connection.id} />
        </Stack>
      </CardContent>
      {editing ? <ConnectionDialog connection={connection} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirm === 'require'}
        title={t('sso.requireConfirmTitle')}
        message={t('sso.requireConfirmMessage')}
        confirmLabel={t('sso.requireConfirm')}
        onConfirm={() => update.mutate({ require_sso: true }, { onSettled: () => setConfirm(null) })}
        onClose={() => setConfirm(null)}
        busy={update.isPending}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('sso.deleteConfirmTitle')}
        message={t('sso.deleteConfirmMessage', { name: connection.name })}
        confirmLabel={t('sso.delete')}
        destructive
        onConfirm={() => remove.mutate(connection.id, { onSuccess: () => setConfirm(null) })}
        onClose={() => setConfirm(null)}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
    </Card>
  );
}

/** A list's title, what it does, and the error of its last change. */
function ListHeading({ title, help, error }: { title: string; help: string; error: string | null }) {
  return (
    <>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {help}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}

/** A small table with these column titles and a last column of row actions. */
function ListTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}

/** The remove button of a row of a list. */
function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton size="small" aria-label={label} onClick={onClick}>
      <DeleteIcon fontSize="small" />
    </IconButton>
  );
}

/** The form under a list that adds a row to it. */
function AddForm({
  direction,
  onSubmit,
  children,
}: {
  direction: StackProps['direction'];
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      direction={direction}
      spacing={1}
      sx={{ mt: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}

function Domains({ connection }: { connection: SsoConnection }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('sso');
  const me = useMe();
  const [domain, setDomain] = useState('');
  const add = useAddDomain(connection.id);
  const verify = useVerifyDomain(connection.id);
  const remove = useRemoveDomain(connection.id);
  const failure = [add, verify, remove].find((m) => m.isError)?.error;
  return (
    <Box>
      <ListHeading
        title={t('sso.domains')}
        help={t('sso.domainsHelp')}
        error={failure ? errorMessage(failure) : null}
      />
      {connection.domains.length ? (
        <ListTable columns={[t('sso.domain'), t('sso.txtRecord'), t('sso.status')]}>
          {connection.domains.map((d) => (
            <TableRow key={d.id} data-testid={`sso-domain-${d.domain}`}>
              <TableCell>{d.domain}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{d.txt_record}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={d.verified_at ? 'success' : 'warning'}
                  label={d.verified_at ? t('sso.verified') : t('sso.pending')}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {d.verified_at ? null : (
                  <>
                    <Button
                      size="small"
                      disabled={verify.isPending}
                      onClick={() => verify.mutate({ domainId: d.id, force: false })}
                    >
                      {t('sso.verify')}
                    </Button>
                    {me.data?.is_super_admin ? (
                      <Button size="small" onClick={() => verify.mutate({ domainId: d.id, force: true })}>
                        {t('sso.markVerified')}
                      </Button>
                    ) : null}
                  </>
                )}
                <RemoveButton label={t('sso.removeDomain')} onClick={() => remove.mutate(d.id)} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      ) : null}
      <AddForm direction="row" onSubmit={() => add.mutate(domain.trim(), { onSuccess: () => setDomain('') })}>
        <TextField
          size="small"
          label={t('sso.addDomainLabel')}
          placeholder="example.com"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'sso-domain-input' } }}
        />
        <Button type="submit" disabled={!domain.trim() || add.isPending}>
          {t('sso.addDomain')}
        </Button>
      </AddForm>
    </Box>
  );
}

function Mappings({ connection }: { connection: SsoConnection }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('sso');
  const me = useMe();
  const projects = useProjects();
  const add = useAddMapping(connection.id);
  const remove = useRemoveMapping(connection.id);
  const [group, setGroup] = useState('');
  const [projectId, setProjectId] = useState<number | ''>('');
  const [role, setRole] = useState<MemberRole>('user');
  const mine = (projects.data ?? []).filter((p) => me.data?.is_super_admin || p.my_role === 'owner');
  const failure = [add, remove].find((m) => m.isError)?.error;
  return (
    <Box>
      <ListHeading
        title={t('sso.mappings')}
        help={t('sso.mappingsHelp')}
        error={failure ? errorMessage(failure) : null}
      />
      {connection.mappings.length ? (
        <ListTable columns={[t('sso.group'), t('sso.project'), t('sso.role')]}>
          {connection.mappings.map((m) => (
            <TableRow key={m.id}>
              <TableCell>{m.group_name === '*' ? t('sso.everyone') : m.group_name}</TableCell>
              <TableCell>{m.project_name}</TableCell>
              <TableCell>
                <MemberRoleChip role={m.role} />
              </TableCell>
              <TableCell align="right">
                <RemoveButton label={t('sso.removeMapping')} onClick={() => remove.mutate(m.id)} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      ) : null}
      <AddForm
        direction={{ xs: 'column', sm: 'row' }}
        onSubmit={() => {
          if (projectId === '') return;
          add.mutate(
            { group_name: group.trim(), project_id: projectId, role },
            { onSuccess: () => setGroup('') },
          );
        }}
      >
        <TextField
          size="small"
          label={t('sso.group')}
          helperText={t('sso.groupHelp')}
          value={group}
          onChange={(event) => setGroup(event.target.value)}
        />
        <TextField
          select
          size="small"
          label={t('sso.project')}
          value={projectId}
          onChange={(event) => setProjectId(Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {mine.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('sso.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
          sx={{ minWidth: 140 }}
        >
          {MEMBER_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`memberRoles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button type="submit" disabled={!group.trim() || projectId === '' || add.isPending}>
            {t('sso.addMapping')}
          </Button>
        </Box>
      </AddForm>
    </Box>
  );
}
