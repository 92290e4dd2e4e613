import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  Grid,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  BILLING,
  DEFAULT_SUMMARY_MONTHS,
  type Project,
  SUMMARY_MONTHS,
  type SummaryMonths,
} from '@parley/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatTime } from '../../shared/utils/displayDates';
import { InvalidBillingData, useDailySummary, useDayDetails, useMonthlySummaries } from './api';
import { formatCount, formatDay, formatMoney, formatMonth, formatUnits } from './format';
import { TypeChip } from './InvoiceDetailsTab';

const SummaryChart = lazy(() => import('./SummaryChart'));

/** Charts measure their container with ResizeObserver; without it (old browsers, jsdom) skip the chart. */
const canChart = () => typeof window !== 'undefined' && typeof window.ResizeObserver === 'function';

function Stat({
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
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, color }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

function Totals({
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

/** Invoice summaries tab: totals, a chart, and months that open into days that open into transactions. */
export function InvoiceSummariesTab({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const currency = project.currency || BILLING.defaultCurrency;
  const [months, setMonths] = useState<SummaryMonths>(DEFAULT_SUMMARY_MONTHS);
  const [openMonth, setOpenMonth] = useState<string | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const summaries = useMonthlySummaries(project.id, months);

  const toggleMonth = (period: string, expanded: boolean) => {
    setOpenMonth(expanded ? period : null);
    setOpenDay(null); // opening or closing a month clears the day (spec 2 §2.1)
  };

  let content: ReactNode;
  if (summaries.isPending) content = <LoadingState label={t('billing.summaries.loading')} />;
  else if (summaries.isError) {
    content = (
      <ErrorState
        message={
          summaries.error instanceof InvalidBillingData
            ? t('billing.invoice.summary.invalid_data_error')
            : t('billing.loading_error')
        }
        onRetry={() => void summaries.refetch()}
      />
    );
  } else {
    const { total_summary: total, months: entries } = summaries.data;
    content = (
      <Stack spacing={3}>
        <Card data-testid="summary-totals">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('billing.summaries.totalsTitle', { months })}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Stat
                  label={t('billing.summaries.totalCredits')}
                  value={formatMoney(total.total_credit, currency, language)}
                  detail={t('billing.summaries.deposits', {
                    number: formatCount(total.credit_count, language),
                  })}
                  color="success.main"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Stat
                  label={t('billing.summaries.totalDebits')}
                  value={formatMoney(total.total_debit, currency, language)}
                  detail={t('billing.summaries.charges', {
                    number: formatCount(total.debit_count, language),
                  })}
                  color="error.main"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Stat
                  label={t('billing.summaries.unitsUsed')}
                  value={formatUnits(total.total_minutes, language)}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Stat
                  label={t('billing.summaries.freeUnits')}
                  value={formatUnits(total.free_minutes, language)}
                />
              </Grid>
            </Grid>
            {entries.length > 0 && canChart() ? (
              <Box sx={{ mt: 3 }} data-testid="summary-chart">
                <Typography variant="subtitle2" component="h3">
                  {t('billing.summaries.chartTitle')}
                </Typography>
                <Suspense fallback={<Box sx={{ height: 260 }} />}>
                  <SummaryChart
                    months={entries}
                    range={months}
                    currency={currency}
                    timeZone={project.timezone}
                  />
                </Suspense>
              </Box>
            ) : null}
          </CardContent>
        </Card>

        {entries.length === 0 ? (
          <Alert severity="info">{t('billing.summaries.noMonths')}</Alert>
        ) : (
          <Box data-testid="month-list">
            {entries.map((month) => {
              const expanded = openMonth === month.period;
              return (
                <Accordion
                  key={month.period}
                  expanded={expanded}
                  onChange={(_event, next) => toggleMonth(month.period, next)}
                  slotProps={{ transition: { unmountOnExit: true } }}
                  data-testid={`month-${month.period}`}
                >
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Totals
                      label={formatMonth(month.period, language)}
                      credit={month.total_credit}
                      creditCount={month.credit_count}
                      debit={month.total_debit}
                      debitCount={month.debit_count}
                      currency={currency}
                    />
                  </AccordionSummary>
                  <AccordionDetails>
                    {expanded ? (
                      <MonthDetails
                        project={project}
                        month={month.period}
                        openDay={openDay}
                        onDayToggle={(day, next) => setOpenDay(next ? day : null)}
                      />
                    ) : null}
                  </AccordionDetails>
                </Accordion>
              );
            })}
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{t('billing.summaries.range')}</Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={months}
          onChange={(_event, value: SummaryMonths | null) => {
            if (value === null) return;
            setMonths(value);
            setOpenMonth(null);
            setOpenDay(null);
          }}
          aria-label={t('billing.summaries.range')}
        >
          {SUMMARY_MONTHS.map((value) => (
            <ToggleButton
              key={value}
              value={value}
              aria-label={t('billing.summaries.monthsOption', { months: value })}
            >
              {t('billing.summaries.monthsOption', { months: value })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {content}
    </Stack>
  );
}

function MonthDetails({
  project,
  month,
  openDay,
  onDayToggle,
}: {
  project: Project;
  month: string;
  openDay: string | null;
  onDayToggle: (day: string, expanded: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const currency = project.currency || BILLING.defaultCurrency;
  const daily = useDailySummary(project.id, month);

  if (daily.isPending) return <LoadingState label={t('common.loading')} minHeight={80} />;
  if (daily.isError) {
    return (
      <ErrorState
        message={
          daily.error instanceof InvalidBillingData
            ? t('billing.invalid_daily_summary_error')
            : t('billing.failed_load_daily_summary', { month: formatMonth(month, language) })
        }
        onRetry={() => void daily.refetch()}
      />
    );
  }
  const { month_summary: summary, days } = daily.data;
  return (
    <Stack spacing={2} data-testid="month-details">
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Stat
            label={t('billing.summaries.totalUnits')}
            value={formatUnits(summary.total_minutes, language)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Stat
            label={t('billing.summaries.freeUnits')}
            value={formatUnits(summary.free_minutes, language)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Stat
            label={t('billing.summaries.creditCount')}
            value={formatCount(summary.credit_count, language)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Stat
            label={t('billing.summaries.debitCount')}
            value={formatCount(summary.debit_count, language)}
          />
        </Grid>
      </Grid>
      {days.length === 0 ? (
        <Alert severity="info">{t('billing.summaries.noDays')}</Alert>
      ) : (
        <Box>
          {days.map((day) => {
            const expanded = openDay === day.period;
            return (
              <Accordion
                key={day.period}
                expanded={expanded}
                onChange={(_event, next) => onDayToggle(day.period, next)}
                slotProps={{ transition: { unmountOnExit: true } }}
                variant="outlined"
                disableGutters
                data-testid={`day-${day.period}`}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Totals
                    label={formatDay(day.period, language)}
                    credit={day.total_credit}
                    creditCount={day.credit_count}
                    debit={day.total_debit}
                    debitCount={day.debit_count}
                    currency={currency}
                  />
                </AccordionSummary>
                <AccordionDetails>
                  {expanded ? <DayTransactions project={project} day={day.period} /> : null}
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

function DayTransactions({ project, day }: { project: Project; day: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const details = useDayDetails(project.id, day);
  if (details.isPending) return <LoadingState label={t('common.loading')} minHeight={60} />;
  if (details.isError) {
    return (
      <ErrorState
        message={
          details.error instanceof InvalidBillingData
            ? t('billing.invalid_transaction_details_error')
            : t('billing.failed_load_transaction_details', { day: formatDay(day, language) })
        }
        onRetry={() => void details.refetch()}
      />
    );
  }
  const transactions = details.data.transactions;
  if (transactions.length === 0)
    return <Alert severity="info">{t('billing.summaries.noTransactions')}</Alert>;
  return (
    <Table size="small" data-testid="day-transactions" aria-label={formatDay(day, language)}>
      <TableHead>
        <TableRow>
          <TableCell>{t('billing.summaries.columns.time')}</TableCell>
          <TableCell>{t('billing.summaries.columns.description')}</TableCell>
          <TableCell align="right">{t('billing.summaries.columns.units')}</TableCell>
          <TableCell align="right">{t('billing.summaries.columns.amount')}</TableCell>
          <TableCell>{t('billing.summaries.columns.type')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {transactions.map((transaction) => (
          <TableRow key={transaction.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatTime(transaction.process_date, language, project.timezone)}
            </TableCell>
            <TableCell>{transaction.description}</TableCell>
            <TableCell align="right">{formatUnits(transaction.unit_amount, language)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(transaction.amount, transaction.currency, language)}
            </TableCell>
            <TableCell>
              <TypeChip type={transaction.type} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
