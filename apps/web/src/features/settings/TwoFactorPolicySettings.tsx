import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../../shared/api/twoFactorPolicy';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { SettingsSection } from '../../shared/components/SettingsSection';
import type { TabProps } from './tabProps';

/** General settings: "Require two-factor sign-in for admins and owners" (owners change it, admins see it). */
export function TwoFactorPolicySettings({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage('twoFactorSignIn');
  const policy = useTwoFactorPolicy(project.id, true);
  const save = useSetTwoFactorPolicy(project.id);
  const isOwner = project.my_role === 'owner';
  const on = policy.data?.require_two_factor ?? false;

  const change = (next: boolean) =>
    save.mutate(next, {
      onSuccess: () =>
        notify({
          severity: 'success',
          text: next ? t('security.policy.turnedOn') : t('security.policy.turnedOff'),
        }),
      onError: (error) => notify({ severity: 'error', text: errorMessage(error) }),
    });

  return (
    <SettingsSection title={t('security.policy.title')} testId="two-factor-policy">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) => change(event.target.checked)}
            disabled={!isOwner || readOnly || !policy.isSuccess || save.isPending}
          />
        }
        label={t('security.policy.label')}
      />
      <Typography variant="body2" color="textSecondary" sx={{ ml: 6 }}>
        {t('security.policy.help')}
        {isOwner ? '' : ` ${t('security.policy.ownersOnly')}`}
      </Typography>
      {policy.isError ? (
        <Typography variant="body2" color="error" sx={{ ml: 6, mt: 1 }}>
          {errorMessage(policy.error)}
        </Typography>
      ) : null}
    </SettingsSection>
  );
}
