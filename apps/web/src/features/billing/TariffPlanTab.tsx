import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import UpdateIcon from '@mui/icons-material/Update';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Grid,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { BILLING, type Project, type TariffPlan } from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { ErrorState, LoadingState } from '../../shared/components/States';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatMoney, formatRate, formatUnits } from '../../shared/format/money';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { useBillingProject, usePurchasePlan, useTariffPlan, useTariffPlans } from './api';

export type PlanAction = 'prolong' | 'purchase' | 'adminAssigned';

/**
 * What a plan card offers (spec 2 §2.1): a non-public plan is assigned by an admin (disabled button);
 * the current plan can be prolonged; other public plans can be purchased.
 */
export function planAction(plan: TariffPlan, currentPlanId: number | null | undefined): PlanAction {
  if (!plan.public) return 'adminAssigned';
  if (plan.id === currentPlanId) return 'prolong';
  return 'purchase';
}

function usePlanText() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const seeded = useSeededPlanText();
  return {
    name: (plan: TariffPlan) => seeded.name(plan.name),
    description: (plan: TariffPlan) => seeded.description(plan.description),
    price: (plan: TariffPlan) =>
      plan.price === 0 ? t('billing.tariff.free') : formatMoney(plan.price, plan.currency, language),
    rate: (plan: TariffPlan) =>
      plan.price_per_minute === 0
        ? t('billing.tariff.free')
        : formatRate(plan.price_per_minute, plan.currency, language),
    included: (plan: TariffPlan) =>
      plan.included_minutes > 0
        ? t('billing.tariff.unitsValue', {
            count: plan.included_minutes,
            units: formatUnits(plan.included_minutes, language),
          })
        : t('billing.tariff.none'),
    validity: (plan: TariffPlan) =>
      plan.validity_period === null
        ? t('billing.tariff.unlimited')
        : t('billing.tariff.validityDays', { count: plan.validity_period }),
  };
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** Tariff plan tab: the current plan and the plans the project can buy. */
export function TariffPlanTab({
  fallbackProject,
  onToast,
  readOnly,
}: {
  fallbackProject: Project;
  onToast: (toast: ToastMessage) => void;
  /** A support-access view: the plans can be compared, not bought. */
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const text = usePlanText();
  const projectQuery = useBillingProject(fallbackProject.id);
  const project = projectQuery.data ?? fallbackProject;
  const plans = useTariffPlans(project.id);
  const currentId = project.tariff_plan_id ?? null;
  const inList = plans.data?.find((plan) => plan.id === currentId);
  const fromProject = project.tariff_plan ?? undefined;
  // GET /billing/tariffs/{id} only when the current plan is neither in the list nor on the project.
  const fetched = useTariffPlan(currentId, plans.isSuccess && !inList && !fromProject);
  const current = inList ?? fromProject ?? fetched.data;
  const [buying, setBuying] = useState<TariffPlan | null>(null);

  if (plans.isPending || projectQuery.isPending)
    return <LoadingState label={t('billing.tariff.loading_plans')} />;
  if (plans.isError) {
    return <ErrorState message={t('billing.tariff.load_error')} onRetry={() => void plans.refetch()} />;
  }

  return (
    <Stack spacing={3}>
      <Card data-testid="current-plan">
        <CardContent>
          <Typography variant="overline" color="textSecondary">
            {t('billing.tariff.currentTitle')}
          </Typography>
          {current ? (
            <>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
                {text.name(current)}
              </Typography>
              {current.description ? (
                <Typography color="textSecondary" sx={{ mb: 1 }}>
                  {text.description(current)}
                </Typography>
              ) : null}
              <Box sx={{ maxWidth: 480 }}>
                <Fact label={t('billing.tariff.pricePerUnit')} value={text.rate(current)} />
                <Fact label={t('billing.tariff.includedUnits')} value={text.included(current)} />
                <Fact label={t('billing.tariff.validity')} value={text.validity(current)} />
              </Box>
            </>
          ) : (
            <Typography color="textSecondary">{t('billing.tariff.noCurrent')}</Typography>
          )}
        </CardContent>
      </Card>

      <Typography variant="h6" component="h2">
        {t('billing.tariff.availableTitle')}
      </Typography>
      {plans.data.length === 0 ? (
        <Alert severity="info">{t('billing.tariff.noPlans')}</Alert>
      ) : (
        <Grid container spacing={2}>
          {plans.data.map((plan) => {
            const action = planAction(plan, currentId);
            const isCurrent = plan.id === currentId;
            return (
              <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card
                  data-testid={`plan-card-${plan.id}`}
                  sx={{
                    height: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    borderColor: isCurrent ? 'primary.main' : undefined,
                    borderWidth: isCurrent ? 2 : 1,
                  }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, minHeight: 24 }}
                    >
                      {plan.is_default ? (
                        <Chip size="small" label={t('billing.tariff.badgeDefault')} />
                      ) : null}
                      {isCurrent ? (
                        <Chip size="small" color="primary" label={t('billing.tariff.badgeCurrent')} />
                      ) : null}
                      {!plan.public ? (
                        <Chip size="small" color="warning" label={t('billing.tariff.badgeAssigned')} />
                      ) : null}
                    </Stack>
                    <Typography variant="h6" component="h3">
                      {text.name(plan)}
                    </Typography>
                    <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5, minHeight: 40 }}>
                      {text.description(plan)}
                    </Typography>
                    <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                      {text.price(plan)}
                    </Typography>
                    <Typography variant="caption" color="textSecondary">
                      {t('billing.tariff.purchaseCost')}
                    </Typography>
                    <Divider sx={{ my: 1 }} />
                    <Fact label={t('billing.tariff.pricePerUnit')} value={text.rate(plan)} />
                    <Fact label={t('billing.tariff.includedUnits')} value={text.included(plan)} />
                    <Fact label={t('billing.tariff.validity')} value={text.validity(plan)} />
                  </CardContent>
                  <CardActions sx={{ p: 2, pt: 0 }}>
                    {action === 'adminAssigned' ? (
                      <Button fullWidth variant="outlined" disabled startIcon={<LockOutlinedIcon />}>
                        {t('billing.tariff.adminAssigned')}
                      </Button>
                    ) : (
                      <Button
                        fullWidth
                        variant={action === 'prolong' ? 'outlined' : 'contained'}
                        startIcon={action === 'prolong' ? <UpdateIcon /> : <ShoppingCartOutlinedIcon />}
                        onClick={() => setBuying(plan)}
                        disabled={readOnly}
                      >
                        {t(action === 'prolong' ? 'billing.tariff.prolong' : 'billing.tariff.purchase', {
                          price: text.price(plan),
                        })}
                      </Button>
                    )}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}

      <PurchaseDialog plan={buying} project={project} onClose={() => setBuying(null)} onToast={onToast} />
    </Stack>
  );
}

/** Confirmation before buying a plan, with the 'use balance for analysis' switch (spec 2 §2.1). */
export function PurchaseDialog({
  plan,
  project,
  onClose,
  onToast,
}: {
  plan: TariffPlan | null;
  project: Project;
  onClose: () => void;
  onToast: (toast: ToastMessage) => void;
}) {
  const { t, i18n } = useTranslation();
  const text = usePlanText();
  const titleId = useId();
  const purchase = usePurchasePlan(project.id);
  const [useBalance, setUseBalance] = useState(project.use_balance_for_analysis ?? true);
  // The last plan stays on screen while the dialog closes; every opening starts from the saved setting.
  const [shown, setShown] = useState<TariffPlan | null>(plan);
  const [lastPlan, setLastPlan] = useState<TariffPlan | null>(plan);
  if (plan !== lastPlan) {
    setLastPlan(plan);
    if (plan) {
      setShown(plan);
      setUseBalance(project.use_balance_for_analysis ?? true);
    }
  }

  const confirm = () => {
    if (!shown) return;
    purchase.mutate(
      { tariffId: shown.id, useBalanceForAnalysis: useBalance },
      {
        onSuccess: () => {
          onToast({ severity: 'success', text: t('billing.tariff.purchase_success') });
          onClose();
        },
        onError: (failure) => {
          // The server's error message; the translated fallback when the answer had none (spec 2 §8).
          const message =
            failure instanceof ApiError && !failure.code.startsWith('http_') && failure.message
              ? failure.message
              : null;
          onToast({ severity: 'error', text: message ?? t('billing.tariff.purchase_error') });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={plan !== null}
      onClose={purchase.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('billing.tariff.confirmTitle')}</DialogTitle>
      <DialogContent>
        {shown ? (
          <Stack spacing={1}>
            <Typography variant="h6" component="p" data-testid="purchase-plan-name">
              {text.name(shown)}
            </Typography>
            <Fact label={t('billing.tariff.purchaseCost')} value={text.price(shown)} />
            <Fact label={t('billing.tariff.includedUnits')} value={text.included(shown)} />
            <Typography variant="body2" color="textSecondary">
              {t('billing.tariff.confirmNote', {
                balance: formatMoney(
                  project.current_balance ?? 0,
                  project.currency || BILLING.defaultCurrency,
                  i18n.language,
                ),
              })}
            </Typography>
            <FormControlLabel
              control={
                <Switch checked={useBalance} onChange={(event) => setUseBalance(event.target.checked)} />
              }
              label={t('billing.balance.useBalance')}
            />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={confirm}
        submitLabel={t('billing.tariff.confirm')}
        busy={purchase.isPending}
      />
    </Dialog>
  );
}
