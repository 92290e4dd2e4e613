import { Alert, FormControlLabel, Switch, Typography } from '@mui/material';
import type { Project } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetBalanceUsage } from './api';

/** The 'use balance for analyses' switch: saved at once, rolled back with an error if the save fails. */
export function BalanceSetting({ project, readOnly }: { project: Project; readOnly: boolean }) {
  const { t } = useTranslation();
  const saved = project.use_balance_for_analysis ?? true;
  const [useBalance, setUseBalance] = useState(saved);
  const [saveError, setSaveError] = useState(false);
  const save = useSetBalanceUsage(project.id);
  useEffect(() => {
    if (!save.isPending) setUseBalance(saved);
  }, [saved, save.isPending]);

  const toggle = (value: boolean) => {
    setUseBalance(value); // optimistic
    setSaveError(false);
    save.mutate(value, {
      onError: () => {
        setUseBalance(!value);
        setSaveError(true);
      },
    });
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={useBalance}
            onChange={(event) => toggle(event.target.checked)}
            disabled={save.isPending || readOnly}
          />
        }
        label={t('billing.balance.useBalance')}
      />
      <Typography variant="body2" color="textSecondary">
        {t('billing.balance.useBalanceHelp')}
      </Typography>
      {saveError ? (
        <Alert severity="error" onClose={() => setSaveError(false)} data-testid="setting-error">
          {t('billing.messages.setting_update_error')}
        </Alert>
      ) : null}
    </>
  );
}
