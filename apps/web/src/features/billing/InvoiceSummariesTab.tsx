import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Stack,
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
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnexpectedAnswerError } from '../../shared/api/client';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatMonth } from '../../shared/format/money';
import { useMonthlySummaries } from './api';
import { MonthDetails } from './MonthDetails';
import { Totals } from './SummaryStats';
import { SummaryTotalsCard } from './SummaryTotalsCard';

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
          summaries.error instanceof UnexpectedAnswerError
            ? t('billing.invoice.summary.invalid_data_error')
            : t('billing.loading_error')
        }
        onRetry={() => void summaries.refetch()}
      />
    );
  } else {
    const entries = summaries.data.months;
    content = (
      <Stack spacing={3}>
        <SummaryTotalsCard
          summary={summaries.data}
          months={months}
          currency={currency}
          timeZone={project.timezone}
        />

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
        <Typography color="textSecondary">{t('billing.summaries.range')}</Typography>
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
