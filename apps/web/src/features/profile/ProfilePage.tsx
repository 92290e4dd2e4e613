import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import {
  LANGUAGE_NATIVE_NAMES,
  UI_LANGUAGES,
  type UiLanguage,
  validatePassword,
  validatePasswordConfirmation,
} from '@parley/contracts';
import type { PasswordOwner } from '@parley/contracts/password-strength';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMe } from '../../shared/api/auth';
import { useChangeLanguage } from '../../shared/api/language';
import { useChangePassword, useUpdateProfile } from '../../shared/api/profile';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { usePasswordStrength } from '../../shared/auth/passwordRule';
import { Page } from '../../shared/components/Page';
import { PasswordStrengthMeter } from '../../shared/components/PasswordStrengthMeter';
import { LoadingState } from '../../shared/components/States';
import { currentLanguage } from '../../shared/i18n';
import { Section } from './Section';
import { SessionsSection } from './SessionsSection';

function DetailsSection({ name: initialName, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const errorMessage = useErrorMessage();
  const [name, setName] = useState(initialName);
  const tooLong = name.trim().length > 120;

  return (
    <Section title={t('profile.details')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong) update.mutate(name.trim());
        }}
      >
        <Stack spacing={2}>
          {update.isSuccess ? <Alert severity="success">{t('profile.saved')}</Alert> : null}
          {update.isError ? (
            <Alert severity="error">{errorMessage(update.error, 'profile.saveError')}</Alert>
          ) : null}
          <TextField
            label={t('profile.name')}
            value={name}
            onChange={(event) => {
              update.reset();
              setName(event.target.value);
            }}
            error={tooLong}
            helperText={tooLong ? t('validation.nameTooLong') : ' '}
            autoComplete="name"
            fullWidth
          />
          <TextField
            label={t('profile.email')}
            value={email}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t('profile.emailReadOnly')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={update.isPending || tooLong}>
              {update.isPending ? t('common.saving') : t('profile.saveName')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}

function LanguageSection() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  void i18n.language;
  return (
    <Section title={t('profile.language')} description={t('profile.languageDescription')}>
      <TextField
        select
        label={t('profile.language')}
        value={currentLanguage()}
        onChange={(event) => void changeLanguage(event.target.value as UiLanguage)}
        sx={{ minWidth: 260 }}
      >
        {UI_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} lang={language}>
            {LANGUAGE_NATIVE_NAMES[language]}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}

/** Change the password; an account made with Google sign-in that has none sets its first one (no current). */
function PasswordSection({ owner, hasPassword }: { owner: PasswordOwner; hasPassword: boolean }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const errorMessage = useErrorMessage();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const currentProblem = hasPassword && current.length === 0 ? 'profile.currentPasswordRequired' : null;
  const { strength, check } = usePasswordStrength(next, owner);
  const nextProblem = strength ? strength.problem : validatePassword(next);
  const confirmProblem = validatePasswordConfirmation(next, confirmation);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (currentProblem || confirmProblem || (await check())) return;
    change.mutate(
      { current_password: hasPassword ? current : undefined, new_password: next },
      {
        onSuccess: () => {
          setSubmitted(false);
          setCurrent('');
          setNext('');
          setConfirmation('');
        },
      },
    );
  };

  return (
    <Section
      title={hasPassword ? t('profile.changePassword') : t('profile.setPassword')}
      description={hasPassword ? undefined : t('profile.setPasswordDescription')}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {change.isSuccess ? <Alert severity="success">{t('profile.passwordChanged')}</Alert> : null}
          {change.isError ? (
            <Alert severity="error">{errorMessage(change.error, 'profile.passwordChangeError')}</Alert>
          ) : null}
          {hasPassword ? (
            <TextField
              label={t('profile.currentPassword')}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              error={submitted && Boolean(currentProblem)}
              helperText={submitted && currentProblem ? t(currentProblem) : ' '}
              fullWidth
            />
          ) : null}
          <TextField
            label={t('password.newPassword')}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            error={submitted && Boolean(nextProblem)}
            helperText={submitted && nextProblem ? t(`password.${nextProblem}`) : t('password.hint')}
            fullWidth
          />
          <PasswordStrengthMeter strength={strength} />
          <TextField
            label={t('password.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={submitted && Boolean(confirmProblem)}
            helperText={submitted && confirmProblem ? t(`password.${confirmProblem}`) : ' '}
            fullWidth
          />
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending
                ? t('common.saving')
                : hasPassword
                  ? t('profile.changePasswordSubmit')
                  : t('profile.setPasswordSubmit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  if (!user) return <LoadingState />;
  return (
    <Page title={t('profile.title')} subtitle={t('profile.subtitle')} form>
      <Stack spacing={3}>
        <DetailsSection key={user.id} name={user.name} email={user.email} />
        <LanguageSection />
        <PasswordSection owner={user} hasPassword={user.has_password} />
        <Section title={t('security.twoFactor')} description={t('security.profileHint')}>
          <Button component={RouterLink} to="/profile/security" variant="outlined">
            {t('security.manage')}
          </Button>
        </Section>
        <Section title={t('sso.title')} description={t('sso.profileHint')}>
          <Button component={RouterLink} to="/sso" variant="outlined" data-testid="profile-sso">
            {t('sso.open')}
          </Button>
        </Section>

        <SessionsSection />
      </Stack>
    </Page>
  );
}
