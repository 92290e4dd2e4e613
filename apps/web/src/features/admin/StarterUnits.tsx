import { Alert, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import type { TariffPlan } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { formatMoney, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { useUpdateTariff } from './api';
import { QueryBody, Section, type ShowToast } from './Section';
import { validUnits, validValidityDays } from './validAmount';

/**
 * Free units the first project of each account starts with, so a trial analyses before any top-up. They are
 * the included units of the default plan, which a new project starts on (and gets as a bundle when the plan
 * is free and its creator has not had them).
 */
export function StarterUnits({
  query,
  onToast,
}: {
  query: UseQueryResult<TariffPlan[]>;
  onToast: ShowToast;
}) {
  const { t, i18n } = useTranslation();
  const planText = useSeededPlanText();
  return (
    <Section title={t('admin.starter.title')}>
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(plans) => {
          const plan = plans.find((candidate) => candidate.is_default);
          if (!plan) return <Alert severity="info">{t('admin.starter.noDefault')}</Alert>;
          if (plan.price > 0) {
            return (
              <Alert severity="info" data-testid="starter-units-paid-default">
                {t('admin.starter.paidDefault', {
                  plan: planText.name(plan.name),
                  price: formatMoney(plan.price, plan.currency, i18n.language),
                })}
              </Alert>
            );
          }
          // Keyed by what is saved: the form starts again from the plan once a change is stored.
          return (
            <StarterUnitsForm
              key={`${plan.id}:${plan.included_minutes}:${plan.validity_period}`}
              plan={plan}
              planName={planText.name(plan.name)}
              onToast={onToast}
            />
          );
        }}
      </QueryBody>
    </Section>
  );
}

function StarterUnitsForm({
  plan,
  planName,
  onToast,
}: {
  plan: TariffPlan;
  planName: string;
  onToast: ShowToast;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const update = useUpdateTariff();
  const [units, setUnits] = useState(String(plan.included_minutes));
  const [validity, setValidity] = useState(plan.validity_period ? String(plan.validity_period) : '');
  const unitsError = validUnits(units) ? null : t('admin.plans.errors.units');
  const validityError = validValidityDays(validity) ? null : t('admin.plans.errors.validity');

  const save = () => {
    if (unitsError || validityError) return;
    const included = Number(units.trim());
    update.mutate(
      {
        id: plan.id,
        changes: {
          included_minutes: included,
          validity_period: validity.trim() ? Number(validity.trim()) : null,
        },
      },
      {
        onSuccess: () =>
          onToast({
            severity: 'success',
            text:
              included > 0
                ? t('admin.starter.saved', { units: formatUnits(included, i18n.language) })
                : t('admin.starter.savedNone'),
          }),
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="starter-units">
      <Typography variant="body2" color="textSecondary">
        {t('admin.starter.description', { plan: planName })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('admin.starter.units')}
          type="number"
          value={units}
          onChange={(event) => setUnits(event.target.value)}
          error={Boolean(unitsError)}
          helperText={unitsError ?? t('admin.starter.unitsHelp')}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          fullWidth
        />
        <TextField
          label={t('admin.plans.fields.validityDays')}
          type="number"
          value={validity}
          onChange={(event) => setValidity(event.target.value)}
          error={Boolean(validityError)}
          helperText={validityError ?? t('admin.plans.validityHelp')}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          fullWidth
        />
      </Stack>
      {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
      <div>
        <Button
          variant="contained"
          onClick={save}
          disabled={update.isPending || Boolean(unitsError || validityError)}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('admin.starter.save')}
        </Button>
      </div>
    </Stack>
  );
}
