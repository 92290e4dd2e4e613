import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSignup } from '../../shared/api/authFlows';
import { useSession } from '../../shared/api/session';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { AuthLayout } from '../../shared/auth/AuthLayout';
import { passwordProblem, usePasswordStrength } from '../../shared/auth/passwordRule';
import { redirectTarget } from '../../shared/auth/redirect';
import { EMAIL_PATTERN } from '../../shared/auth/validation';
import { OutlinedTextField } from '../../shared/components/OutlinedTextField';
import { PasswordStrengthMeter } from '../../shared/components/PasswordStrengthMeter';
import { LoadingState } from '../../shared/components/States';
import { currentLanguage } from '../../shared/i18n';
import { GoogleButton } from './GoogleButton';

interface SignupForm {
  name: string;
  email: string;
  password: string;
}

export default function SignupPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const signup = useSignup();
  const errorMessage = useErrorMessage();
  const [googleError, setGoogleError] = useState<string | null>(null);
  // ?email= fills the address in, ?invite= is the invitation's token (an invitation link sends its invitee here).
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<SignupForm>({
    defaultValues: { name: '', email: params.get('email')?.trim() ?? '', password: '' },
  });
  const [name, email, password] = watch(['name', 'email', 'password']);
  const { strength } = usePasswordStrength(password, { email, name });

  const target = redirectTarget(location.state);
  // Sign-up with the invitation joins its project (Google's too); should Google's account have another email,
  // the invitation page explains it.
  const invite = params.get('invite')?.trim() || undefined;
  const googleReturn =
    invite && target === '/dashboard' ? `/invite?token=${encodeURIComponent(invite)}` : target;
  if (session.status === 'pending') return <LoadingState minHeight={320} />;
  if (session.status === 'success' && session.user && !signup.isPending && !signup.isSuccess)
    return <Navigate to={target} replace />;
  if (signup.data?.signedIn === false) return <CheckEmail email={email.trim()} />;

  const onSubmit = handleSubmit((values) =>
    signup.mutate(
      {
        name: values.name.trim() || undefined,
        email: values.email.trim(),
        password: values.password,
        language: currentLanguage(),
        invite_token: invite,
      },
      {
        onSuccess: (result) => {
          if (!result.signedIn) return;
          const joined = result.joinedProjectId;
          void navigate(joined === undefined ? target : `/projects/${joined}`, { replace: true });
        },
      },
    ),
  );

  return (
    <AuthLayout title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2}>
          {signup.isError ? <Alert severity="error">{errorMessage(signup.error)}</Alert> : null}
          {googleError ? <Alert severity="error">{googleError}</Alert> : null}
          <OutlinedTextField
            label={t('auth.name')}
            autoComplete="name"
            autoFocus
            fullWidth
            {...register('name', { maxLength: { value: 120, message: t('validation.nameTooLong') } })}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <OutlinedTextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register('email', {
              required: t('validation.emailRequired'),
              pattern: { value: EMAIL_PATTERN, message: t('validation.emailInvalid') },
            })}
          />
          <OutlinedTextField
            label={t('auth.password')}
            type="password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? t('password.hint')}
            {...register('password', {
              validate: async (value, values) => {
                const problem = await passwordProblem(value, { email: values.email, name: values.name });
                return problem ? t(`password.${problem}`) : true;
              },
            })}
          />
          <PasswordStrengthMeter strength={strength} />
          <Button type="submit" variant="contained" size="large" disabled={signup.isPending} fullWidth>
            {signup.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </Button>
          <GoogleButton
            variant="signup"
            returnTo={googleReturn}
            inviteToken={invite}
            onError={setGoogleError}
          />
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {t('auth.signup.haveAccount')}{' '}
            <Link component={RouterLink} to="/login" state={location.state}>
              {t('auth.signup.signIn')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthLayout>
  );
}

/** After a sign-up that needs confirming: the same words whether or not the email already had an account. */
function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.checkEmail.title')}>
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('auth.checkEmail.message', { email })}
        </Alert>
        <Typography variant="body2" color="textSecondary">
          {t('auth.checkEmail.hint')}
        </Typography>
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('auth.checkEmail.backToSignIn')}
          </Link>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
