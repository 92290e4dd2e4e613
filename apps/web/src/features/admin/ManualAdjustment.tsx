import {
  Alert,
  Button,
  CircularProgress,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import type { AdminProject, InvoiceType } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { currencySymbol } from '../../shared/format/money';
import { useAdjustBalance } from './api';
import { ProjectPicker } from './ProjectPicker';
import { Section, type ShowToast } from './Section';
import { validAmount } from './validAmount';

/** Manual credit or debit of a project's balance, with a required reason. */
export function ManualAdjustment({ projects, onToast }: { projects: AdminProject[]; onToast: ShowToast }) {
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
