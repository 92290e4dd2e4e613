import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { Alert, Box, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import type { InviteInfo } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../shared/api/auth';
import { ApiError } from '../../shared/api/client';
import { useLogout } from '../../shared/api/logout';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import type { FromState } from '../../shared/auth/redirect';
import { MemberRoleChip } from '../../shared/components/RoleChip';
import { LoadingState } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useAcceptInvite, useInviteInfo } from './api';

/** Error codes of an invitation link the page explains in its own words. */
const LINK_ERRORS = ['invite_not_found', 'invite_used', 'invite_revoked', 'invite_expired'] as const;

function useInviteError() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error: unknown): string => {
    if (error instanceof ApiError && (LINK_ERRORS as readonly string[]).includes(error.code)) {
      return t(`invite.errors.${error.code}`);
    }
    if (error instanceof ApiError && error.code === 'invite_wrong_email') return error.message;
    return errorMessage(error);
  };
}

/**
 * /invite?token=… (public): what the invitation offers, and the way to accept it: join when signed in
 * with the invited email, sign out when signed in with another, else sign in or create an account (with
 * the email filled in and a way back here).
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const me = useMe();
  const info = useInviteInfo(token);
  const inviteError = useInviteError();

  const home = (
    <Button component={RouterLink} to={me.data ? '/dashboard' : '/login'} variant="outlined">
      {me.data ? t('invite.goToDashboard') : t('invite.goToSignIn')}
    </Button>
  );

  let body: ReactNode;
  if (!token) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ width: '100%' }} data-testid="invite-error">
          {t('invite.errors.missing_token')}
        </Alert>
        {home}
      </Stack>
    );
  } else if (info.isPending || me.isPending) {
    body = <LoadingState label={t('invite.loading')} minHeight={200} />;
  } else if (info.isError) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ width: '100%' }} data-testid="invite-error">
          {inviteError(info.error)}
        </Alert>
        {home}
      </Stack>
    );
  } else {
    body = <InviteDetails token={token} invite={info.data} />;
  }

  return (
    <AuthLayout title={t('invite.title')} subtitle={info.data ? t('invite.subtitle') : undefined}>
      {body}
    </AuthLayout>
  );
}

function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function InviteDetails({ token, invite }: { token: string; invite: InviteInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  const accept = useAcceptInvite(token);
  const inviteError = useInviteError();
  const user = me.data ?? null;
  const sameEmail = user !== null && user.email.trim().toLowerCase() === invite.email.trim().toLowerCase();
  const inviter = invite.inviter_name
    ? invite.inviter_email
      ? `${invite.inviter_name} (${invite.inviter_email})`
      : invite.inviter_name
    : (invite.inviter_email ?? '—');

  // Sign-in and sign-up come back here afterwards (redirectTarget reads state.from) with the email filled in.
  const back: FromState = {
    from: { pathname: '/invite', search: `?token=${encodeURIComponent(token)}`, hash: '' },
  };
  const withEmail = (path: string) => `${path}?email=${encodeURIComponent(invite.email)}`;

  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (joined) => void navigate(`/projects/${joined.project_id}`, { replace: true }),
    });

  let action: ReactNode;
  if (sameEmail) {
    action = (
      <Stack spacing={2}>
        {accept.isError ? <Alert severity="error">{inviteError(accept.error)}</Alert> : null}
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={join}
          disabled={accept.isPending}
          startIcon={
            accept.isPending ? <CircularProgress size={18} color="inherit" /> : <GroupAddOutlinedIcon />
          }
        >
          {t('invite.join')}
        </Button>
      </Stack>
    );
  } else if (user) {
    action = (
      <Stack spacing={2}>
        <Alert severity="warning" data-testid="invite-wrong-account">
          {t('invite.wrongAccount', { current: user.email, email: invite.email })}
        </Alert>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t('invite.signOut')}
        </Button>
      </Stack>
    );
  } else {
    const signIn = (
      <Button
        component={RouterLink}
        to={withEmail('/login')}
        state={back}
        variant={invite.account_exists ? 'contained' : 'outlined'}
        size="large"
        fullWidth
      >
        {t('invite.signIn')}
      </Button>
    );
    const signUp = (
      <Button
        component={RouterLink}
        to={`${withEmail('/signup')}&invite=${encodeURIComponent(token)}`}
        state={back}
        variant={invite.account_exists ? 'outlined' : 'contained'}
        size="large"
        fullWidth
      >
        {t('invite.createAccount')}
      </Button>
    );
    action = (
      <Stack spacing={1.5}>
        <Typography variant="body2" color="textSecondary">
          {invite.account_exists
            ? t('invite.signInHint', { email: invite.email })
            : t('invite.signUpHint', { email: invite.email })}
        </Typography>
        {invite.account_exists ? signIn : signUp}
        {invite.account_exists ? signUp : signIn}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} data-testid="invite-details">
      <Typography>
        {t('invite.message', {
          inviter: invite.inviter_name || invite.inviter_email || t('invite.someone'),
          project: invite.project_name,
        })}
      </Typography>
      <Stack spacing={1.25} divider={<Divider flexItem />}>
        <Detail label={t('invite.project')}>
          <Typography sx={{ fontWeight: 600 }}>{invite.project_name}</Typography>
        </Detail>
        <Detail label={t('invite.role')}>
          <MemberRoleChip role={invite.role} />
        </Detail>
        <Detail label={t('invite.invitedBy')}>
          <Typography variant="body2">{inviter}</Typography>
        </Detail>
        <Detail label={t('invite.email')}>
          <Typography variant="body2">{invite.email}</Typography>
        </Detail>
        <Detail label={t('invite.expires')}>
          <Typography variant="body2">{formatDateTime(invite.expires_at, i18n.language)}</Typography>
        </Detail>
      </Stack>
      {action}
    </Stack>
  );
}
