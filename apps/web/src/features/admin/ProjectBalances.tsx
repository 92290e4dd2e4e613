import { Chip, Typography } from '@mui/material';
import { type AdminProject, BILLING } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { formatMoney, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { Section } from './Section';

/** Every project with its balance, plan, units left and pending top-ups. */
export function ProjectBalances({ query }: { query: UseQueryResult<AdminProject[]> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const planText = useSeededPlanText();
  const state = useQueryTableState(query, { errorTitle: t('admin.loadError') });
  const columns: Column<AdminProject>[] = [
    {
      id: 'project',
      header: t('admin.columns.project'),
      cell: (project) => (
        <>
          {project.name}{' '}
          <Typography component="span" variant="caption" color="textSecondary">
            #{project.id}
          </Typography>
        </>
      ),
    },
    {
      id: 'balance',
      header: t('admin.projects.columns.balance'),
      align: 'right',
      cellSx: (project) => ({
        whiteSpace: 'nowrap',
        fontWeight: 500,
        color: project.current_balance < BILLING.lowBalanceThreshold ? 'error.main' : undefined,
      }),
      cell: (project) => formatMoney(project.current_balance, project.currency, language),
    },
    {
      id: 'plan',
      header: t('admin.projects.columns.plan'),
      cell: (project) => (project.tariff_plan_name ? planText.name(project.tariff_plan_name) : '—'),
    },
    {
      id: 'unitsLeft',
      header: t('admin.projects.columns.unitsLeft'),
      align: 'right',
      cell: (project) => formatUnits(project.units_left, language),
    },
    {
      id: 'useBalance',
      header: t('admin.projects.columns.useBalance'),
      cell: (project) => (project.use_balance_for_analysis ? t('admin.yes') : t('admin.no')),
    },
    {
      id: 'pending',
      header: t('admin.projects.columns.pending'),
      align: 'right',
      cell: (project) =>
        project.pending_invoices > 0 ? (
          <Chip size="small" color="warning" label={project.pending_invoices} />
        ) : (
          0
        ),
    },
  ];
  return (
    <Section title={t('admin.projects.title')}>
      <DataTable
        label={t('admin.projects.title')}
        columns={columns}
        rows={query.data}
        rowKey={(project) => project.id}
        rowProps={(project) => ({ 'data-testid': `admin-project-${project.id}` })}
        {...state}
        empty={{ text: t('admin.projects.empty') }}
      />
    </Section>
  );
}
