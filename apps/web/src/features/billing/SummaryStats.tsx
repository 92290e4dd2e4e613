import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../shared/format/money';

/** One figure of a summary: label, value and an optional detail line. */
export function Stat({
  label,
  value,
  detail,
  color,
}: {
  label: string;
  value: string;
  detail?: string;
  color?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, color }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="textSecondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

export function Totals({
  label,
  credit,
  creditCount,
  debit,
  debitCount,
  currency,
}: {
  label?: string;
  credit: number;
  creditCount: number;
  debit: number;
  debitCount: number;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5 }}>
      {label ? <Typography sx={{ fontWeight: 500, minWidth: 160 }}>{label}</Typography> : null}
      <Typography variant="body2" sx={{ color: 'success.main' }}>
        {t('billing.summaries.creditLine', {
          amount: formatMoney(credit, currency, language),
          number: formatCount(creditCount, language),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'error.main' }}>
        {t('billing.summaries.debitLine', {
          amount: formatMoney(debit, currency, language),
          number: formatCount(debitCount, language),
        })}
      </Typography>
    </Stack>
  );
}
