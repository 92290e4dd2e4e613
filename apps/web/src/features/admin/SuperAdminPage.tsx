import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AdminInvoice,
  type AdminProject,
  BILLING,
  type InvoiceType,
  isMoneyAmount,
  type TariffPlan,
  toMicros,
} from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { Page } from '../../shared/components/Page';
import { EmptyState, ErrorState, LoadingState } from '../../shared/components/States';
import { Toast, type ToastMessage, useToast } from '../../shared/components/Toast';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useMe } from '../auth/api';
import { announceInvoiceApproved } from '../billing/approvalEvent';
import { currencySymbol, formatMoney, formatRate, formatUnits } from '../billing/format';
import { NoPermission } from '../projects/ProjectGuard';
import {
  type TariffPlanPayload,
  useAdjustBalance,
  useAdminProjects,
  useAdminTariffs,
  useAssignTariff,
  useDecideTopUp,
  usePendingTopUps,
  useSaveTariff,
} from './api';
import { UsersSection } from './UsersSection';

type ShowToast = (toast: ToastMessage) => void;

/** /admin/super: the super admin's billing console. Everyone else sees 'no permission'. */
export default function SuperAdminPage() {
  const { t } = useTranslation();
  const me = useMe();
  const allowed = Boolean(me.data?.is_super_admin);
  const pending = usePendingTopUps(allowed);
  const tariffs = useAdminTariffs(allowed);
  const projects = useAdminProjects(allowed);
  const { toast, show, close } = useToast();

  if (me.isPending) return <LoadingState />;
  if (!allowed) return <NoPermission description={t('permission.superAdminOnly')} />;

  return (
    <Page title={t('nav.superAdmin')} subtitle={t('admin.subtitle')}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('admin.billingSection')}
      </Typography>
      <Stack spacing={3}>
        <PendingTopUps query={pending} onToast={show} />
        <ProjectBalances query={projects} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <AssignPlan projects={projects.data ?? []} plans={tariffs.data ?? []} onToast={show} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ManualAdjustment projects={projects.data ?? []} onToast={show} />
          </Grid>
        </Grid>
        <TariffPlans query={tariffs} onToast={show} />
      </Stack>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        {t('adminUsers.section')}
      </Typography>
      <UsersSection onToast={show} />
      <Toast toast={toast} onClose={close} />
    </Page>
  );
}

function Section({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function QueryBody<T>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  const errorMessage = useErrorMessage();
  if (query.isPending) return <LoadingState minHeight={80} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

// ---------- pending top-ups ----------

function PendingTopUps({ query, onToast }: { query: UseQueryResult<AdminInvoice[]>; onToast: ShowToast }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const decide = useDecideTopUp();
  const [rejecting, setRejecting] = useState<AdminInvoice | null>(null);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const busyId = decide.isPending ? decide.variables?.invoice.id : undefined;

  const approve = (invoice: AdminInvoice) => {
    decide.mutate(
      { invoice, decision: 'approve' },
      {
        onSuccess: () => {
          // Tell a billing page of this project in another tab to refresh its balance card.
          announceInvoiceApproved(invoice.project_id);
          onToast({
            severity: 'success',
            text: t('admin.pending.approved', {
              amount: formatMoney(invoice.amount, invoice.currency, i18n.language),
              project: invoice.project_name,
            }),
          });
        },
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  const reject = () => {
    if (!rejecting) return;
    decide.mutate(
      { invoice: rejecting, decision: 'reject', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          onToast({ severity: 'success', text: t('admin.pending.rejected') });
        },
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Section title={t('admin.pending.title')}>
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(invoices) =>
          invoices.length === 0 ? (
            <Alert severity="info">{t('admin.pending.empty')}</Alert>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('admin.pending.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.pending.columns.requested')}</TableCell>
                    <TableCell>{t('admin.columns.project')}</TableCell>
                    <TableCell>{t('admin.pending.columns.requestedBy')}</TableCell>
                    <TableCell>{t('admin.pending.columns.description')}</TableCell>
                    <TableCell align="right">{t('admin.columns.amount')}</TableCell>
                    <TableCell align="right">{t('admin.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {invoices.map((invoice) => (
                    <TableRow key={invoice.id} data-testid={`pending-${invoice.id}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(invoice.created_at, i18n.language)}
                      </TableCell>
                      <TableCell>{invoice.project_name}</TableCell>
                      <TableCell>{invoice.created_by_email ?? '—'}</TableCell>
                      <TableCell>{invoice.description}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {formatMoney(invoice.amount, invoice.currency, i18n.language)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            variant="contained"
                            color="success"
                            startIcon={
                              busyId === invoice.id ? (
                                <CircularProgress size={14} color="inherit" />
                              ) : (
                                <CheckIcon />
                              )
                            }
                            disabled={decide.isPending}
                            onClick={() => approve(invoice)}
                          >
                            {t('admin.pending.approve')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            startIcon={<CloseIcon />}
                            disabled={decide.isPending}
                            onClick={() => {
                              setReason('');
                              setRejecting(invoice);
                            }}
                          >
                            {t('admin.pending.reject')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryBody>
      <Dialog
        open={rejecting !== null}
        onClose={decide.isPending ? undefined : () => setRejecting(null)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('admin.pending.rejectTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {rejecting
              ? t('admin.pending.rejectMessage', {
                  amount: formatMoney(rejecting.amount, rejecting.currency, i18n.language),
                  project: rejecting.project_name,
                })
              : null}
          </Typography>
          <TextField
            label={t('admin.pending.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(null)} disabled={decide.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={reject} disabled={decide.isPending}>
            {t('admin.pending.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

// ---------- projects with balances ----------

function ProjectBalances({ query }: { query: UseQueryResult<AdminProject[]> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Section title={t('admin.projects.title')}>
      <QueryBody query={query} errorTitle={t('admin.loadError')}>
        {(projects) =>
          projects.length === 0 ? (
            <Alert severity="info">{t('admin.projects.empty')}</Alert>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('admin.projects.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.columns.project')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.balance')}</TableCell>
                    <TableCell>{t('admin.projects.columns.plan')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.unitsLeft')}</TableCell>
                    <TableCell>{t('admin.projects.columns.useBalance')}</TableCell>
                    <TableCell align="right">{t('admin.projects.columns.pending')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {projects.map((project) => (
                    <TableRow key={project.id} data-testid={`admin-project-${project.id}`}>
                      <TableCell>
                        {project.name}{' '}
                        <Typography component="span" variant="caption" color="text.secondary">
                          #{project.id}
                        </Typography>
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{
                          whiteSpace: 'nowrap',
                          fontWeight: 500,
                          color:
                            project.current_balance < BILLING.lowBalanceThreshold ? 'error.main' : undefined,
                        }}
                      >
                        {formatMoney(project.current_balance, project.currency, language)}
                      </TableCell>
                      <TableCell>{project.tariff_plan_name ?? '—'}</TableCell>
                      <TableCell align="right">{formatUnits(project.units_left, language)}</TableCell>
                      <TableCell>
                        {project.use_balance_for_analysis ? t('admin.yes') : t('admin.no')}
                      </TableCell>
                      <TableCell align="right">
                        {project.pending_invoices > 0 ? (
                          <Chip size="small" color="warning" label={project.pending_invoices} />
                        ) : (
                          0
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </QueryBody>
    </Section>
  );
}

// ---------- assign a plan ----------

function ProjectPicker({
  projects,
  value,
  onChange,
}: {
  projects: AdminProject[];
  value: AdminProject | null;
  onChange: (project: AdminProject | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      options={projects}
      value={value}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(project) => `${project.name} (#${project.id})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('admin.noProjects')}
      renderInput={(params) => <TextField {...params} label={t('admin.columns.project')} />}
    />
  );
}

function AssignPlan({
  projects,
  plans,
  onToast,
}: {
  projects: AdminProject[];
  plans: TariffPlan[];
  onToast: ShowToast;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const assign = useAssignTariff();
  const [project, setProject] = useState<AdminProject | null>(null);
  const [planId, setPlanId] = useState<number | ''>('');
  const current = project ? projects.find((p) => p.id === project.id) : undefined;

  const submit = () => {
    if (!project || planId === '') return;
    const plan = plans.find((p) => p.id === planId);
    assign.mutate(
      { projectId: project.id, tariffId: planId },
      {
        onSuccess: () =>
          onToast({
            severity: 'success',
            text: t('admin.assign.success', { plan: plan?.name ?? '', project: project.name }),
          }),
        onError: (error) => onToast({ severity: 'error', text: errorMessage(error) }),
      },
    );
  };

  return (
    <Section title={t('admin.assign.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('admin.assign.help')}
        </Typography>
        <ProjectPicker projects={projects} value={project} onChange={setProject} />
        {current ? (
          <Typography variant="body2" color="text.secondary">
            {t('admin.assign.currentPlan', { plan: current.tariff_plan_name ?? '—' })}
          </Typography>
        ) : null}
        <TextField
          select
          label={t('admin.assign.plan')}
          value={planId}
          onChange={(event) => setPlanId(event.target.value === '' ? '' : Number(event.target.value))}
        >
          {plans.map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {plan.name}
              {plan.public ? '' : ` (${t('admin.plans.hidden')})`}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button
            variant="contained"
            onClick={submit}
            disabled={!project || planId === '' || assign.isPending}
            startIcon={assign.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('admin.assign.submit')}
          </Button>
        </div>
      </Stack>
    </Section>
  );
}

// ---------- manual credit / debit ----------

/** An amount the API accepts: a decimal with at most 6 decimals, above 0. */
function validAmount(text: string, allowZero = false): boolean {
  const value = text.trim();
  if (!isMoneyAmount(value)) return false;
  const micros = toMicros(value);
  return allowZero ? micros >= 0 : micros > 0;
}

function ManualAdjustment({ projects, onToast }: { projects: AdminProject[]; onToast: ShowToast }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const adjust = useAdjustBalance();
  const [project, setProject] = useState<AdminProject | null>(null);
  const [type, setType] = useState<InvoiceType>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!project) return;
    if (!validAmount(amount)) {
      setError(t('billing.form.invalid_amount'));
      return;
    }
    if (!reason.trim()) {
      setError(t('admin.adjust.reasonRequired'));
      return;
    }
    setError(null);
    adjust.mutate(
      { projectId: project.id, type, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          onToast({ severity: 'success', text: t('admin.adjust.success', { project: project.name }) });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Section title={t('admin.adjust.title')}>
      <Stack spacing={2}>
        <ProjectPicker projects={projects} value={project} onChange={setProject} />
        <ToggleButtonGroup
          exclusive
          size="small"
          color={type === 'credit' ? 'success' : 'error'}
          value={type}
          onChange={(_event, next: InvoiceType | null) => next && setType(next)}
          aria-label={t('admin.adjust.type')}
        >
          <ToggleButton value="credit">{t('billing.types.credit')}</ToggleButton>
          <ToggleButton value="debit">{t('billing.types.debit')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          label={t('admin.columns.amount')}
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  {currencySymbol(project?.currency, i18n.language)}
                </InputAdornment>
              ),
            },
            htmlInput: { min: 0, step: '0.01' },
          }}
        />
        <TextField
          label={t('admin.adjust.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <div>
          <Button
            variant="contained"
            color={type === 'credit' ? 'success' : 'error'}
            onClick={submit}
            disabled={!project || adjust.isPending}
            startIcon={adjust.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {type === 'credit' ? t('admin.adjust.submitCredit') : t('admin.adjust.submitDebit')}
          </Button>
        </div>
      </Stack>
    </Section>
  );
}

// ---------- tariff plans ----------

function TariffPlans({ query, onToast }: { query: UseQueryResult<TariffPlan[]>; onToast: ShowToast }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
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
                          <span>{plan.name}</span>
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
                            aria-label={t('admin.plans.editNamed', { name: plan.name })}
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
            onToast({ severity: 'success', text: t('admin.plans.saved', { name }) });
          }}
        />
      ) : null}
    </Section>
  );
}

interface PlanForm {
  name: string;
  description: string;
  price: string;
  price_per_minute: string;
  included_minutes: string;
  validity_period: string;
  currency: string;
  public: boolean;
  is_default: boolean;
}

const formOf = (plan: TariffPlan | null): PlanForm => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  price: plan ? String(plan.price) : '0',
  price_per_minute: plan ? String(plan.price_per_minute) : String(BILLING.defaultRatePerUnit),
  included_minutes: plan ? String(plan.included_minutes) : '0',
  validity_period: plan?.validity_period ? String(plan.validity_period) : '',
  currency: plan?.currency ?? BILLING.defaultCurrency,
  public: plan?.public ?? true,
  is_default: plan?.is_default ?? false,
});

type PlanErrors = Partial<Record<keyof PlanForm, string>>;

function validatePlan(form: PlanForm, t: (key: string) => string): PlanErrors {
  const errors: PlanErrors = {};
  if (!form.name.trim()) errors.name = t('admin.plans.errors.name');
  if (!validAmount(form.price, true)) errors.price = t('admin.plans.errors.money');
  if (!validAmount(form.price_per_minute, true)) errors.price_per_minute = t('admin.plans.errors.money');
  if (!/^\d+(\.\d{1,3})?$/.test(form.included_minutes.trim()))
    errors.included_minutes = t('admin.plans.errors.units');
  const validity = form.validity_period.trim();
  if (validity && !(/^\d+$/.test(validity) && Number(validity) >= 1 && Number(validity) <= 36_500)) {
    errors.validity_period = t('admin.plans.errors.validity');
  }
  if (!/^[A-Z]{3}$/.test(form.currency.trim().toUpperCase()))
    errors.currency = t('admin.plans.errors.currency');
  return errors;
}

function PlanDialog({
  plan,
  onClose,
  onSaved,
}: {
  plan: TariffPlan | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const save = useSaveTariff();
  const [form, setForm] = useState<PlanForm>(() => formOf(plan));
  const [errors, setErrors] = useState<PlanErrors>({});
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((old) => ({ ...old, [key]: value }));

  const submit = () => {
    const found = validatePlan(form, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload: TariffPlanPayload = {
      name: form.name.trim(),
      description: form.description.trim(),
      price: form.price.trim(),
      price_per_minute: form.price_per_minute.trim(),
      included_minutes: Number(form.included_minutes.trim()),
      validity_period: form.validity_period.trim() ? Number(form.validity_period.trim()) : null,
      currency: form.currency.trim().toUpperCase(),
      public: form.public,
      is_default: form.is_default,
    };
    save.mutate({ id: plan?.id, plan: payload }, { onSuccess: (saved) => onSaved(saved.name) });
  };

  const field = (key: keyof PlanForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form[key] as string}
      onChange={(event) => set(key, event.target.value as never)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? (extra.helperText as string | undefined)}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {plan ? t('admin.plans.editTitle', { name: plan.name }) : t('admin.plans.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', t('admin.plans.fields.name'), { required: true })}
          {field('description', t('admin.plans.fields.description'), { multiline: true, minRows: 2 })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('price', t('admin.plans.fields.price'), { type: 'number' })}
            {field('price_per_minute', t('admin.plans.fields.pricePerUnit'), { type: 'number' })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('included_minutes', t('admin.plans.fields.includedUnits'), { type: 'number' })}
            {field('validity_period', t('admin.plans.fields.validityDays'), {
              type: 'number',
              helperText: t('admin.plans.validityHelp'),
            })}
            {field('currency', t('admin.plans.fields.currency'), { sx: { maxWidth: { sm: 120 } } })}
          </Stack>
          <FormControlLabel
            control={
              <Switch checked={form.public} onChange={(event) => set('public', event.target.checked)} />
            }
            label={t('admin.plans.fields.public')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.is_default}
                onChange={(event) => set('is_default', event.target.checked)}
              />
            }
            label={t('admin.plans.fields.isDefault')}
          />
          {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('admin.plans.save')}
        busy={save.isPending}
      />
    </Dialog>
  );
}
