import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Button,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import type { TariffPlan } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/components/States';
import { formatMoney, formatRate, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../billing/seededPlans';
import { PlanDialog } from './PlanDialog';
import { QueryBody, Section, type ShowToast } from './Section';

/** The tariff plans table, with create and edit through the plan dialog. */
export function TariffPlans({ query, onToast }: { query: UseQueryResult<TariffPlan[]>; onToast: ShowToast }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const planText = useSeededPlanText();
  const [editing, setEditing] = useState<TariffPlan | 'new' | null>(null);
  return (
    <Section
      title={t('admin.plans.title')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('admin.plans.create')}
        </Button>
      }
    >
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(plans) =>
          plans.length === 0 ? (
            <EmptyState title={t('admin.plans.empty')} />
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('admin.plans.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.plans.fields.name')}</TableCell>
                    <TableCell align="right">{t('admin.plans.fields.price')}</TableCell>
                    <TableCell align="right">{t('admin.plans.fields.pricePerUnit')}</TableCell>
                    <TableCell align="right">{t('admin.plans.fields.includedUnits')}</TableCell>
                    <TableCell>{t('admin.plans.fields.validity')}</TableCell>
                    <TableCell>{t('admin.plans.visibility')}</TableCell>
                    <TableCell align="right">{t('admin.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plans.map((plan) => (
                    <TableRow key={plan.id} data-testid={`admin-plan-${plan.id}`}>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{planText.name(plan.name)}</span>
                          {plan.is_default ? (
                            <Chip size="small" label={t('billing.tariff.badgeDefault')} />
                          ) : null}
                        </Stack>
                      </TableCell>
                      <TableCell align="right">{formatMoney(plan.price, plan.currency, language)}</TableCell>
                      <TableCell align="right">
                        {formatRate(plan.price_per_minute, plan.currency, language)}
                      </TableCell>
                      <TableCell align="right">{formatUnits(plan.included_minutes, language)}</TableCell>
                      <TableCell>
                        {plan.validity_period === null
                          ? t('billing.tariff.unlimited')
                          : t('billing.tariff.validityDays', { count: plan.validity_period })}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={plan.public ? 'success' : 'warning'}
                          label={plan.public ? t('admin.plans.public') : t('admin.plans.hidden')}
                        />
                      </TableCell>
                      <TableCell align="right">
                        <Tooltip title={t('admin.plans.edit')}>
                          <IconButton
                            onClick={() => setEditing(plan)}
                            aria-label={t('admin.plans.editNamed', { name: planText.name(plan.name) })}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryBody>
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
