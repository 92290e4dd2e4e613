import { Alert, Dialog, DialogContent, DialogTitle, InputAdornment, Stack, TextField } from '@mui/material';
import { BILLING, type Project } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { currencySymbol, formatMoney } from '../../shared/format/money';
import { useRequestTopUp } from './api';
import { parseTopUpAmount } from './balance';

/** Asks the super admin for a top-up: the request stays pending until approved. */
export function AddBalanceDialog({
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
  const errorMessage = useErrorMessage();
  // What will be requested: the amount as typed, rounded to cents (shown before it is sent).
  const rounded = parseTopUpAmount(amount);

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
        // The server's reason when it gives one (an amount over its limit cannot be sent again as it is).
        onError: (failure) => setError(errorMessage(failure, 'billing.messages.add_balance_error')),
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
            onChange={(event) => {
              setAmount(event.target.value);
              if (parseTopUpAmount(event.target.value) !== null) setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
            autoFocus
            fullWidth
            helperText={
              rounded === null
                ? ' '
                : t('billing.addBalance.willRequest', {
                    amount: formatMoney(rounded, project.currency, i18n.language),
                  })
            }
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
