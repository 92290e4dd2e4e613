import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  assignableRoles,
  breaksLastOwner,
  canChangeMemberRole,
  canRemoveMember,
  type Invite,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
} from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { QueryContent } from '../../shared/components/States';
import { formatDate, formatDateTime } from '../../shared/utils/displayDates';
import { useMe } from '../auth/api';
import { EMAIL_PATTERN } from '../auth/validation';
import { MemberRoleChip } from '../projects/RoleChip';
import {
  type MembersData,
  useChangeRole,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
} from './api';
import type { TabProps } from './SettingsPage';
import { SettingsSection } from './SettingsSection';
import { useSettingsError } from './useSettingsError';

type Pending =
  | { kind: 'remove'; member: Member; self: boolean }
  | { kind: 'role'; member: Member; role: MemberRole }
  | { kind: 'revoke'; invite: Invite };

/** Team members tab: members with their roles, open invitations, the invite dialog (spec 1 §6 roles). */
export function TeamMembersTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const query = useMembers(project.id);
  const [inviting, setInviting] = useState(false);
  const canInvite = !readOnly && assignableRoles(project.my_role).length > 0;

  return (
    <Stack spacing={3}>
      <SettingsSection
        title={t('settings.members.title')}
        description={t('settings.members.description')}
        testId="members-section"
        action={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setInviting(true)}
            disabled={!canInvite}
          >
            {t('settings.members.invite')}
          </Button>
        }
      >
        <Stack spacing={2}>
          <Alert severity="info" data-testid="last-owner-rule">
            {t('settings.members.lastOwnerRule')}
          </Alert>
          <QueryContent
            query={query}
            loadingLabel={t('settings.members.loading')}
            errorTitle={t('settings.members.loadError')}
          >
            {(data) => <TeamTables project={project} data={data} notify={notify} readOnly={readOnly} />}
          </QueryContent>
        </Stack>
      </SettingsSection>
      {inviting ? (
        <InviteDialog
          projectId={project.id}
          myRole={project.my_role}
          onClose={() => setInviting(false)}
          onInvited={(email) => {
            setInviting(false);
            notify({ severity: 'success', text: t('settings.members.inviteSent', { email }) });
          }}
        />
      ) : null}
    </Stack>
  );
}

function TeamTables({ project, data, notify, readOnly }: TabProps & { data: MembersData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const settingsError = useSettingsError();
  const navigate = useNavigate();
  const me = useMe();
  const myRole = project.my_role;
  const changeRole = useChangeRole(project.id);
  const removeMember = useRemoveMember(project.id);
  const revokeInvite = useRevokeInvite(project.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const ownerCount = data.members.filter((member) => member.role === 'owner').length;

  const applyRole = (member: Member, role: MemberRole) => {
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => {
          setPending(null);
          notify({
            severity: 'success',
            text: t('settings.members.roleChanged', {
              name: member.name || member.email,
              role: t(`memberRoles.${role}`),
            }),
          });
        },
        onError: (error) => {
          setPending(null);
          notify({ severity: 'error', text: settingsError(error) });
        },
      },
    );
  };

  const onRoleChange = (member: Member, role: MemberRole) => {
    if (role === member.role) return;
    // Changing one's own role may take away access to this page: ask first.
    if (member.user_id === me.data?.id) setPending({ kind: 'role', member, role });
    else applyRole(member, role);
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'role') applyRole(pending.member, pending.role);
    else if (pending.kind === 'remove') {
      const { member, self } = pending;
      removeMember.mutate(member.user_id, {
        onSuccess: () => {
          setPending(null);
          if (self) {
            void navigate('/dashboard', { replace: true });
            return;
          }
          notify({
            severity: 'success',
            text: t('settings.members.removed', { name: member.name || member.email }),
          });
        },
      });
    } else {
      const { invite } = pending;
      revokeInvite.mutate(invite.id, {
        onSuccess: () => {
          setPending(null);
          notify({ severity: 'success', text: t('settings.members.inviteRevoked', { email: invite.email }) });
        },
      });
    }
  };

  const busy = changeRole.isPending || removeMember.isPending || revokeInvite.isPending;
  /** No change can be made now: one is under way, or the project is read-only. */
  const locked = busy || readOnly;
  const pendingError =
    pending?.kind === 'remove' && removeMember.isError
      ? settingsError(removeMember.error)
      : pending?.kind === 'revoke' && revokeInvite.isError
        ? settingsError(revokeInvite.error)
        : undefined;

  return (
    <Stack spacing={3}>
      <TableContainer>
        <Table size="small" aria-label={t('settings.members.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.members.columns.name')}</TableCell>
              <TableCell>{t('settings.members.columns.email')}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>{t('settings.members.columns.role')}</TableCell>
              <TableCell>{t('settings.members.columns.joined')}</TableCell>
              <TableCell align="right">{t('settings.members.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.members.map((member) => {
              const self = member.user_id === me.data?.id;
              const lastOwner = breaksLastOwner(ownerCount, member.role, null);
              const options = MEMBER_ROLES.filter(
                (role) => role === member.role || canChangeMemberRole(myRole, member.role, role),
              );
              const roleLocked = options.length <= 1 || lastOwner;
              const removable = canRemoveMember(myRole, member.role, self) && !lastOwner;
              const label = member.name || member.email;
              return (
                <TableRow key={member.user_id} data-testid={`member-${member.user_id}`}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{member.name || '—'}</span>
                      {self ? <Chip size="small" label={t('settings.members.you')} /> : null}
                    </Stack>
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>
                    {roleLocked && options.length <= 1 ? (
                      <MemberRoleChip role={member.role} />
                    ) : (
                      <Tooltip title={lastOwner ? t('settings.members.lastOwnerHint') : ''}>
                        <span>
                          <TextField
                            select
                            size="small"
                            value={member.role}
                            onChange={(event) => onRoleChange(member, event.target.value as MemberRole)}
                            disabled={roleLocked || locked}
                            slotProps={{
                              select: {
                                SelectDisplayProps: {
                                  'aria-label': t('settings.members.roleOf', { name: label }),
                                },
                              },
                            }}
                            sx={{ minWidth: 160 }}
                          >
                            {options.map((role) => (
                              <MenuItem
                                key={role}
                                value={role}
                                disabled={breaksLastOwner(ownerCount, member.role, role)}
                              >
                                {t(`memberRoles.${role}`)}
                              </MenuItem>
                            ))}
                          </TextField>
                        </span>
                      </Tooltip>
                    )}
                    {lastOwner ? (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                        {t('settings.members.lastOwner')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(member.joined_at, language)}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip
                      title={
                        lastOwner
                          ? t('settings.members.lastOwnerHint')
                          : removable
                            ? self
                              ? t('settings.members.leave')
                              : t('settings.members.remove')
                            : t('settings.members.cannotRemove')
                      }
                    >
                      <span>
                        <IconButton
                          aria-label={
                            self
                              ? t('settings.members.leave')
                              : t('settings.members.removeNamed', { name: label })
                          }
                          disabled={!removable || locked}
                          onClick={() => {
                            removeMember.reset();
                            setPending({ kind: 'remove', member, self });
                          }}
                          color="error"
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('settings.members.invitesTitle')}
        </Typography>
        {data.invites.length === 0 ? (
          <Typography color="text.secondary" variant="body2" data-testid="no-invites">
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
                {data.invites.map((invite) => (
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
                        onClick={() => {
                          revokeInvite.reset();
                          setPending({ kind: 'revoke', invite });
                        }}
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

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'revoke'
            ? t('settings.members.revokeInviteTitle')
            : pending?.kind === 'role'
              ? t('settings.members.ownRoleTitle')
              : pending?.self
                ? t('settings.members.leaveTitle')
                : t('settings.members.removeTitle')
        }
        message={
          pending?.kind === 'revoke'
            ? t('settings.members.revokeInviteMessage', { email: pending.invite.email })
            : pending?.kind === 'role'
              ? t('settings.members.ownRoleMessage', { role: t(`memberRoles.${pending.role}`) })
              : pending?.self
                ? t('settings.members.leaveMessage', { project: project.name })
                : t('settings.members.removeMessage', {
                    name: pending ? pending.member.name || pending.member.email : '',
                  })
        }
        confirmLabel={
          pending?.kind === 'revoke'
            ? t('settings.members.revokeInvite')
            : pending?.kind === 'role'
              ? t('settings.members.changeRole')
              : pending?.self
                ? t('settings.members.leave')
                : t('settings.members.remove')
        }
        onConfirm={confirm}
        onClose={() => setPending(null)}
        busy={busy}
        error={pendingError}
        destructive={pending?.kind !== 'role'}
      />
    </Stack>
  );
}

/** Invite by email; the roles offered are those my role may give (assignableRoles). */
export function InviteDialog({
  projectId,
  myRole,
  onClose,
  onInvited,
}: {
  projectId: number;
  myRole: MemberRole;
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const titleId = useId();
  const invite = useInvite(projectId);
  const roles = assignableRoles(myRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>(roles[0] ?? 'user');
  const [touched, setTouched] = useState(false);
  const trimmed = email.trim();
  const emailError = !trimmed
    ? t('settings.members.emailRequired')
    : EMAIL_PATTERN.test(trimmed)
      ? null
      : t('settings.members.emailInvalid');

  const submit = () => {
    setTouched(true);
    if (emailError) return;
    invite.mutate({ email: trimmed, role }, { onSuccess: () => onInvited(trimmed) });
  };

  return (
    <Dialog
      open
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('settings.members.inviteTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('settings.members.inviteDescription')}
          </Typography>
          <TextField
            label={t('settings.members.columns.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            error={touched && Boolean(emailError)}
            helperText={touched ? emailError : undefined}
            autoFocus
            required
            fullWidth
            disabled={invite.isPending}
          />
          <TextField
            select
            label={t('settings.members.columns.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            fullWidth
            disabled={invite.isPending}
            helperText={myRole === 'admin' ? t('settings.members.adminInviteHint') : undefined}
          >
            {roles.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`memberRoles.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {invite.isError ? <Alert severity="error">{settingsError(invite.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('settings.members.sendInvite')}
        busy={invite.isPending}
      />
    </Dialog>
  );
}
