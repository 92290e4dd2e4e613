import AddCardIcon from '@mui/icons-material/AddCard';
import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import RefreshIcon from '@mui/icons-material/Refresh';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Grid,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BILLING, fromMicros, isLowBalance, isMoneyAmount, type Project, toMicros } from '@parley/contracts';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { ErrorState, LoadingState } from '../../shared/components/States';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatDate } from '../../shared/utils/displayDates';
import { useBillingProject, useRequestTopUp, useSetBalanceUsage, useUnitBundles } from './api';
import { currencySymbol, formatMoney, formatRate, formatUnits, priceOfUnits } from './format';

/** The rate a loaded project pays per unit: its plan's rate, else the default 0.05 (spec 2 §9). */
export function projectRate(project: Project | null | undefined): number {
  const rate = project?.tariff_plan?.price_per_minute;
  return typeof rate === 'number' && Number.isFinite(rate) ? rate : BILLING.defaultRatePerUnit;
}

/**
 * Parses the add-balance amount as a decimal (spec 2 §5): a number with at most 6 decimals, above 0.
 * Returns null for anything else ('abc', '0', '-1', '').
 */
export function parseTopUpAmount(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!isMoneyAmount(value)) return null;
  const micros = toMicros(value);
  return micros > 0 ? fromMicros(micros) : null;
}

interface BalanceTabProps {
  /** The project from the route guard: used when the billing view fails to load (spec 2 §8). */
  fallbackProject: Project;
  refreshKey: number;
  onToast: (toast: ToastMessage) => void;
  /** A support-access view: no top-up request and no change of the balance setting. */
  readOnly: boolean;
}

/** Account balance tab: the balance card (left) and the pricing explainer (right). */
export function BalanceTab({ fallbackProject, refreshKey, onToast, readOnly }: BalanceTabProps) {
  const projectId = fallbackProject.id;
  const query = useBillingProject(projectId);
  const units = useUnitBundles(projectId);
  const [rate, setRate] = useState<number>(BILLING.initialRateState);

  const { refetch: refetchProject } = query;
  const { refetch: refetchUnits } = units;
  // Every bump of the page's refresh counter reloads the card (an in-flight load is reused).
  useEffect(() => {
    if (refreshKey === 0) return;
    void refetchProject({ cancelRefetch: false });
    void refetchUnits({ cancelRefetch: false });
  }, [refreshKey, refetchProject, refetchUnits]);

  const fallback =
    query.isError && typeof fallbackProject.current_balance === 'number' ? fallbackProject : null;
  const project = query.data ?? fallback;
  const loaded = project !== null && project !== undefined;
  useEffect(() => {
    if (loaded) setRate(projectRate(project));
  }, [loaded, project]);

  const refresh = () => {
    void refetchProject();
    void refetchUnits();
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6, lg: 5 }}>
        <BalanceCard
          query={query}
          project={project ?? null}
          bundles={units.data ?? []}
          onRefresh={refresh}
          refreshing={query.isFetching || units.isFetching}
          onToast={onToast}
          readOnly={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 7 }}>
        <PricingExplainer
          rate={rate}
          currency={project?.currency ?? BILLING.defaultCurrency}
          ready={loaded || query.isError}
        />
      </Grid>
    </Grid>
  );
}

interface BalanceCardProps {
  query: ReturnType<typeof useBillingProject>;
  project: Project | null;
  bundles: NonNullable<ReturnType<typeof useUnitBundles>['data']>;
  onRefresh: () => void;
  refreshing: boolean;
  onToast: (toast: ToastMessage) => void;
  readOnly: boolean;
}

function BalanceCard({
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
      <Typography color="text.secondary">{label}</Typography>
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
  const balance = project.current_balance ?? 0;
  const available = project.available_balance ?? balance;
  const currency = project.currency || BILLING.defaultCurrency;
  const low = isLowBalance(balance);
  const rate = projectRate(project);
  const totalLeft = bundles.reduce((sum, bundle) => sum + (bundle.left_amount || 0), 0);

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
        <Typography variant="body2" color="text.secondary">
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
          <Typography color="text.secondary">{currency}</Typography>
        </Stack>
        {available < balance ? (
          <Typography variant="body2" color="text.secondary" data-testid="balance-available">
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
          {project.tariff_plan?.name ?? t('billing.balance.noPlan')}
        </Row>
        <Divider />
        <Row label={t('billing.balance.baseRate')}>
          <span data-testid="balance-rate">{formatRate(rate, currency, language)}</span>
        </Row>
        <Divider />
        <Row label={t('billing.balance.includedUnits')}>
          <span data-testid="units-total">
            {t('billing.balance.unitsLeft', { units: formatUnits(totalLeft, language) })}
          </span>
        </Row>
        {bundles.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, pl: 1 }} data-testid="bundle-list">
            {bundles.map((bundle) => (
              <Typography
                component="li"
                variant="body2"
                color="text.secondary"
                key={bundle.id}
                sx={{ py: 0.25 }}
              >
                {t('billing.balance.bundleLine', {
                  units: formatUnits(bundle.left_amount, language),
                  plan: bundle.tariff_plan?.name ?? '—',
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
      <Typography variant="body2" color="text.secondary">
        {t('billing.balance.useBalanceHelp')}
      </Typography>
      {saveError ? (
        <Alert severity="error" onClose={() => setSaveError(false)} data-testid="setting-error">
          {t('billing.messages.setting_update_error')}
        </Alert>
      ) : null}
      <Box sx={{ pt: 1 }}>
        <Button variant="contained" startIcon={<AddCardIcon />} onClick={onAdd} disabled={readOnly}>
          {t('billing.balance.addBalance')}
        </Button>
      </Box>
    </Stack>
  );
}

function AddBalanceDialog({
  open,
  project,
  onClose,
  onSent,
}: {
  open: boolean;
  project: Project;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestTopUp(project.id);

  const reset = () => {
    setAmount('');
    setError(null);
    request.reset();
  };

  const submit = () => {
    const value = parseTopUpAmount(amount);
    if (value === null) {
      setError(t('billing.form.invalid_amount'));
      return;
    }
    setError(null);
    request.mutate(
      {
        amount: value,
        reference_id: `${BILLING.topUpReferencePrefix}${Date.now()}`,
        description: t('billing.addBalance.requestDescription'),
        type: 'credit',
        project_id: project.id,
        approval_required: true,
        status: 'pending',
      },
      {
        onSuccess: onSent,
        onError: () => setError(t('billing.messages.add_balance_error')),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={request.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id={titleId}>{t('billing.addBalance.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Alert severity="info">{t('billing.addBalance.notice')}</Alert>
          {error ? (
            <Alert severity="error" data-testid="add-balance-error">
              {error}
            </Alert>
          ) : null}
          <TextField
            label={t('billing.addBalance.amount')}
            type="number"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            autoFocus
            fullWidth
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    {currencySymbol(project.currency, i18n.language)}
                  </InputAdornment>
                ),
              },
              htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('billing.addBalance.submit')}
        busy={request.isPending}
      />
    </Dialog>
  );
}

function FeatureCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Paper>
  );
}

/** The explainer of how usage is priced, with examples computed from the real rate. */
export function PricingExplainer({
  rate,
  currency,
  ready,
}: {
  rate: number;
  currency: string;
  ready: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rateText = formatRate(rate, currency, language);
  const cost = (units: number) => {
    const price = priceOfUnits(units, rate);
    return price === null ? '—' : formatMoney(price, currency, language);
  };
  const value = (text: string) =>
    ready ? text : <Skeleton variant="text" width={60} sx={{ display: 'inline-block' }} />;

  return (
    <Card data-testid="pricing-explainer">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('billing.pricing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('billing.pricing.intro')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2, mb: 2, bgcolor: 'background.default' }}>
          <Typography variant="body2" color="text.secondary">
            {t('billing.pricing.baseRate')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="pricing-rate">
            {value(rateText)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.pricing.perUnit')}
          </Typography>
        </Paper>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('billing.pricing.examplesTitle')}
        </Typography>
        <List dense disablePadding sx={{ mb: 2 }}>
          <ListItem disableGutters data-testid="example-audio">
            <ListItemText primary={t('billing.pricing.exampleAudio', { rate: rateText, cost: cost(10) })} />
          </ListItem>
          <ListItem disableGutters data-testid="example-text">
            <ListItemText primary={t('billing.pricing.exampleText', { rate: rateText, cost: cost(5) })} />
          </ListItem>
        </List>

        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<InsightsIcon />}
              title={t('billing.pricing.preciseTitle')}
              text={t('billing.pricing.preciseText')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<SavingsOutlinedIcon />}
              title={t('billing.pricing.predictableTitle')}
              text={t('billing.pricing.predictableText')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FeatureCard
              icon={<BoltIcon />}
              title={t('billing.pricing.realtimeTitle')}
              text={t('billing.pricing.realtimeText')}
            />
          </Grid>
        </Grid>

        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('billing.pricing.pointsTitle')}
        </Typography>
        <List dense disablePadding sx={{ mb: 2 }}>
          {[
            t('billing.pricing.pointBaseRate', { rate: rateText }),
            t('billing.pricing.pointFreeUnits'),
            t('billing.pricing.pointModelRates'),
            t('billing.pricing.pointValidity'),
          ].map((text) => (
            <ListItem disableGutters key={text}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckCircleOutlineIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
        <Alert severity="info">{t('billing.pricing.help')}</Alert>
      </CardContent>
    </Card>
  );
}
