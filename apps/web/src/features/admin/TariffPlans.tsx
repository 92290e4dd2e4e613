import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import type { TariffPlan } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { formatMoney, formatRate, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { PlanDialog } from './PlanDialog';
import { Section, type ShowToast } from './Section';

/** The tariff plans table, with create and edit through the plan dialog. */
export function TariffPlans({ query, onToast }: { query: UseQueryResult<TariffPlan[]>; onToast: ShowToast }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const planText = useSeededPlanText();
  const [editing, setEditing] = useState<TariffPlan | 'new' | null>(null);
  const state = useQueryTableState(query, { errorTitle: t('admin.loadError') });
  const columns: Column<TariffPlan>[] = [
    {
      id: 'name',
      header: t('admin.plans.fields.name'),
      cell: (plan) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{planText.name(plan.name)}</span>
          {plan.is_default ? <Chip size="small" label={t('billing.tariff.badgeDefault')} /> : null}
        </Stack>
      ),
    },
    {
      id: 'price',
      header: t('admin.plans.fields.price'),
      align: 'right',
      cell: (plan) => formatMoney(plan.price, plan.currency, language),
    },
    {
      id: 'pricePerUnit',
      header: t('admin.plans.fields.pricePerUnit'),
      align: 'right',
      cell: (plan) => formatRate(plan.price_per_minute, plan.currency, language),
    },
    {
      id: 'includedUnits',
      header: t('admin.plans.fields.includedUnits'),
      align: 'right',
      cell: (plan) => formatUnits(plan.included_minutes, language),
    },
    {
      id: 'validity',
      header: t('admin.plans.fields.validity'),
      cell: (plan) =>
        plan.validity_period === null
          ? t('billing.tariff.unlimited')
          : t('billing.tariff.validityDays', { count: plan.validity_period }),
    },
    {
      id: 'visibility',
      header: t('admin.plans.visibility'),
      cell: (plan) => (
        <Chip
          size="small"
          variant="outlined"
          color={plan.public ? 'success' : 'warning'}
          label={plan.public ? t('admin.plans.public') : t('admin.plans.hidden')}
        />
      ),
    },
    {
      id: 'actions',
      header: t('admin.columns.actions'),
      align: 'right',
      cell: (plan) => (
        <Tooltip title={t('admin.plans.edit')}>
          <IconButton
            onClick={() => setEditing(plan)}
            aria-label={t('admin.plans.editNamed', { name: planText.name(plan.name) })}
          >
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <Section
      title={t('admin.plans.title')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('admin.plans.create')}
        </Button>
      }
    >
      <DataTable
        label={t('admin.plans.title')}
        columns={columns}
        rows={query.data}
        rowKey={(plan) => plan.id}
        rowProps={(plan) => ({ 'data-testid': `admin-plan-${plan.id}` })}
        {...state}
        empty={{ text: t('admin.plans.empty') }}
      />
      {editing !== null ? (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            onToast({ severity: 'success', text: t('admin.plans.saved', { name: planText.name(name) }) });
          }}
        />
      ) : null}
    </Section>
  );
}
