import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { BILLING, type SeededPlanText, seededPlanKey, type TariffPlan } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { useSeededPlanText } from '../../shared/format/seededPlans';
import { type TariffPlanPayload, useSaveTariff } from './api';
import { validAmount, validUnits, validValidityDays } from './validAmount';

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
  if (!validUnits(form.included_minutes)) errors.included_minutes = t('admin.plans.errors.units');
  if (!validValidityDays(form.validity_period)) errors.validity_period = t('admin.plans.errors.validity');
  if (!/^[A-Z]{3}$/.test(form.currency.trim().toUpperCase()))
    errors.currency = t('admin.plans.errors.currency');
  return errors;
}

export function PlanDialog({
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
  const planText = useSeededPlanText();
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

  // The texts the app seeded are shown translated until they are changed: say so where they are edited.
  const seededHint = (part: SeededPlanText) =>
    seededPlanKey(part, form[part]) ? t('seeded.adminHint') : undefined;

  const field = (
    key: keyof PlanForm,
    label: string,
    { helperText, ...extra }: { helperText?: string } & Record<string, unknown> = {},
  ) => (
    <TextField
      label={label}
      value={form[key] as string}
      onChange={(event) => set(key, event.target.value as never)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? helperText}
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
        {plan ? t('admin.plans.editTitle', { name: planText.name(plan.name) }) : t('admin.plans.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', t('admin.plans.fields.name'), { required: true, helperText: seededHint('name') })}
          {field('description', t('admin.plans.fields.description'), {
            multiline: true,
            minRows: 2,
            helperText: seededHint('description'),
          })}
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
