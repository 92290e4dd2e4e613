import AddCardIcon from '@mui/icons-material/AddCard';
import RefreshIcon from '@mui/icons-material/Refresh';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { BILLING, isLowBalance, type Project } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../shared/components/States';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatMoney, formatRate, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { formatDate } from '../../shared/utils/displayDates';
import { AddBalanceDialog } from './AddBalanceDialog';
import type { useBillingProject, useUnitBundles } from './api';
import { BalanceSetting } from './BalanceSetting';
import { projectRate } from './balance';

interface BalanceCardProps {
  query: ReturnType<typeof useBillingProject>;
  project: Project | null;
  bundles: NonNullable<ReturnType<typeof useUnitBundles>['data']>;
  onRefresh: () => void;
  refreshing: boolean;
  onToast: (toast: ToastMessage) => void;
  readOnly: boolean;
}

/** The balance card: amount, plan, unit bundles, the balance setting and the add-balance button. */
export function BalanceCard({
  query,
  project,
  bundles,
  onRefresh,
  refreshing,
  onToast,
  readOnly,
}: BalanceCardProps) {
  const { t } = useTranslation();
  const [addOpen, setAddOpen] = useState(false);
  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {t('billing.balance.title')}
      </Typography>
      <Tooltip title={t('billing.balance.refresh')}>
        <span>
          <IconButton onClick={onRefresh} disabled={refreshing} aria-label={t('billing.balance.refresh')}>
            {refreshing ? <CircularProgress size={20} /> : <RefreshIcon />}
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );

  let body: ReactNode;
  if (project) {
    body = (
      <LoadedBalance project={project} bundles={bundles} onAdd={() => setAddOpen(true)} readOnly={readOnly} />
    );
  } else if (query.isPending) {
    body = <LoadingState label={t('billing.balance.loading')} />;
  } else if (query.isError) {
    body = <ErrorState message={t('billing.messages.loading_error')} onRetry={onRefresh} />;
  } else {
    body = <Alert severity="info">{t('billing.messages.no_project_info')}</Alert>;
  }

  return (
    <Card data-testid="balance-card">
      <CardContent>
        {header}
        {body}
      </CardContent>
      {project ? (
        <AddBalanceDialog
          open={addOpen}
          project={project}
          onClose={() => setAddOpen(false)}
          onSent={() => {
            setAddOpen(false);
            onToast({ severity: 'success', text: t('billing.messages.refill_success') });
          }}
        />
      ) : null}
    </Card>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'baseline', py: 0.75 }}
    >
      <Typography color="textSecondary">{label}</Typography>
      <Box sx={{ textAlign: 'right', fontWeight: 500 }}>{children}</Box>
    </Stack>
  );
}

function LoadedBalance({
  project,
  bundles,
  onAdd,
  readOnly,
}: {
  project: Project;
  bundles: BalanceCardProps['bundles'];
  onAdd: () => void;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const planText = useSeededPlanText();
  const balance = project.current_balance ?? 0;
  const available = project.available_balance ?? balance;
  const currency = project.currency || BILLING.defaultCurrency;
  const low = isLowBalance(balance);
  const rate = projectRate(project);
  const totalLeft = bundles.reduce((sum, bundle) => sum + (bundle.left_amount || 0), 0);

  return (
    <Stack spacing={1}>
      <Box
        data-testid="balance-amount-box"
        data-low={low ? 'true' : 'false'}
        sx={{
          p: 2,
          borderRadius: 2,
          border: 1,
          borderColor: low ? 'error.main' : 'divider',
          backgroundColor: low ? 'rgba(211, 47, 47, 0.06)' : 'rgba(31, 78, 140, 0.05)',
        }}
      >
        <Typography variant="body2" color="textSecondary">
          {t('billing.balance.current')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            variant="h4"
            component="p"
            data-testid="balance-amount"
            sx={{ fontWeight: 600, color: low ? 'error.main' : 'text.primary' }}
          >
            {formatMoney(balance, currency, language)}
          </Typography>
          <Typography color="textSecondary">{currency}</Typography>
        </Stack>
        {available < balance ? (
          <Typography variant="body2" color="textSecondary" data-testid="balance-available">
            {t('billing.balance.available', { amount: formatMoney(available, currency, language) })}
          </Typography>
        ) : null}
      </Box>
      {low ? (
        <Alert severity="error" icon={<WarningAmberIcon />} data-testid="low-balance-warning">
          {t('billing.messages.low_balance_warning')}
        </Alert>
      ) : null}

      <Box>
        <Row label={t('billing.balance.tariffPlan')}>
          {project.tariff_plan ? planText.name(project.tariff_plan.name) : t('billing.balance.noPlan')}
        </Row>
        <Divider />
        <Row label={t('billing.balance.baseRate')}>
          <span data-testid="balance-rate">{formatRate(rate, currency, language)}</span>
        </Row>
        <Divider />
        <Row label={t('billing.balance.includedUnits')}>
          <span data-testid="units-total">
            {t('billing.balance.unitsLeft', { count: totalLeft, units: formatUnits(totalLeft, language) })}
          </span>
        </Row>
        {bundles.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: 1 }} data-testid="bundle-list">
            {bundles.map((bundle) => (
              <Typography
                component="li"
                variant="body2"
                color="textSecondary"
                key={bundle.id}
                sx={{ py: 0.25 }}
              >
                {t('billing.balance.bundleLine', {
                  count: bundle.left_amount,
                  units: formatUnits(bundle.left_amount, language),
                  plan: bundle.tariff_plan ? planText.name(bundle.tariff_plan.name) : '—',
                  expiry: bundle.expire
                    ? t('billing.balance.expires', {
                        date: formatDate(bundle.expire, language, project.timezone),
                      })
                    : t('billing.balance.noExpiry'),
                })}
              </Typography>
            ))}
          </Box>
        ) : null}
      </Box>

      <Divider />
      <BalanceSetting project={project} readOnly={readOnly} />
      <Box sx={{ pt: 1 }}>
        <Button variant="contained" startIcon={<AddCardIcon />} onClick={onAdd} disabled={readOnly}>
          {t('billing.balance.addBalance')}
        </Button>
      </Box>
    </Stack>
  );
}
