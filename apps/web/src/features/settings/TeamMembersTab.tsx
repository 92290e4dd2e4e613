import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Button, Stack } from '@mui/material';
import { assignableRoles, type Invite, type Member, type MemberRole } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../shared/api/auth';
import {
  type MembersData,
  useChangeRole,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
  useSetReviewer,
} from '../../shared/api/members';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { QueryContent } from '../../shared/components/States';
import { InviteDialog } from './InviteDialog';
import { InvitesTable } from './InvitesTable';
import { MembersTable } from './MembersTable';
import { SignOutMemberDialog } from './SignOutMemberDialog';
import type { TabProps } from './tabProps';
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
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const navigate = useNavigate();
  const me = useMe();
  const changeRole = useChangeRole(project.id);
  const removeMember = useRemoveMember(project.id);
  const revokeInvite = useRevokeInvite(project.id);
  const setReviewer = useSetReviewer(project.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [signingOut, setSigningOut] = useState<Member | null>(null);

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

  const onReviewerChange = (member: Member, reviewer: boolean) => {
    const name = member.name || member.email;
    setReviewer.mutate(
      { userId: member.user_id, reviewer },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            text: t(reviewer ? 'reviews.members.granted' : 'reviews.members.revoked', { name }),
          }),
        onError: (error) => notify({ severity: 'error', text: settingsError(error) }),
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

  const busy =
    changeRole.isPending || setReviewer.isPending || removeMember.isPending || revokeInvite.isPending;
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
      <MembersTable
        members={data.members}
        myRole={project.my_role}
        myUserId={me.data?.id}
        locked={locked}
        onRoleChange={onRoleChange}
        onReviewerChange={onReviewerChange}
        onRemove={(member, self) => {
          removeMember.reset();
          setPending({ kind: 'remove', member, self });
        }}
        onSignOut={project.my_role === 'owner' && !readOnly ? setSigningOut : undefined}
      />
      <InvitesTable
        invites={data.invites}
        locked={locked}
        onRevoke={(invite) => {
          revokeInvite.reset();
          setPending({ kind: 'revoke', invite });
        }}
      />

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
      <SignOutMemberDialog
        projectId={project.id}
        member={signingOut}
        notify={notify}
        onClose={() => setSigningOut(null)}
      />
    </Stack>
  );
}
