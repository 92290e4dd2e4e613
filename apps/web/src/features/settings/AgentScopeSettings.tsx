import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSaveAgentScope } from '../../shared/api/projectSettings';
import { SettingsSection } from '../../shared/components/SettingsSection';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/** The agents' scope: members with the role user see only the analyses of the representative their email maps to. */
export function AgentScopeSettings({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const save = useSaveAgentScope(project.id);
  const on = Boolean(project.agents_see_own);

  const change = (next: boolean) =>
    save.mutate(next, {
      onSuccess: () =>
        notify({
          severity: 'success',
          text: next ? t('settings.agentScope.turnedOn') : t('settings.agentScope.turnedOff'),
        }),
      onError: (error) => notify({ severity: 'error', text: settingsError(error) }),
    });

  return (
    <SettingsSection title={t('settings.agentScope.title')} testId="agent-scope">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) => change(event.target.checked)}
            disabled={readOnly || save.isPending}
          />
        }
        label={t('settings.agentScope.label')}
      />
      <Typography variant="body2" color="textSecondary" sx={{ ml: 6 }}>
        {t('settings.agentScope.help')}
      </Typography>
    </SettingsSection>
  );
}
