import { Alert, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { UnexpectedAnswerError } from '../../shared/api/client';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatDay, formatMoney, formatUnits } from '../../shared/format/money';
import { formatTime } from '../../shared/utils/displayDates';
import { useDayDetails } from './api';
import { TypeChip } from './InvoiceDetailsTab';

/** The transactions of one day, loaded when the day is opened. */
export function DayTransactions({ project, day }: { project: Project; day: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const details = useDayDetails(project.id, day);
  if (details.isPending) return <LoadingState label={t('common.loading')} minHeight={60} />;
  if (details.isError) {
    return (
      <ErrorState
        message={
          details.error instanceof UnexpectedAnswerError
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
