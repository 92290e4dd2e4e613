import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Grid, Stack } from '@mui/material';
import { BILLING, type Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { UnexpectedAnswerError } from '../../shared/api/client';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatCount, formatDay, formatMonth, formatUnits } from '../../shared/format/money';
import { useDailySummary } from './api';
import { DayTransactions } from './DayTransactions';
import { Stat, Totals } from './SummaryStats';

/** An opened month: its totals and its days, each day opening into its transactions. */
export function MonthDetails({
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
          daily.error instanceof UnexpectedAnswerError
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
