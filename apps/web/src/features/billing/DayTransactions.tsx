import type { Project } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { UnexpectedAnswerError } from '../../shared/api/client';
import { type Column, DataTable } from '../../shared/components/DataTable';
import { formatDay, formatMoney, formatUnits } from '../../shared/format/money';
import { formatTime } from '../../shared/utils/displayDates';
import { useDayDetails } from './api';
import { TypeChip } from './InvoiceDetailsTab';

type Transaction = NonNullable<ReturnType<typeof useDayDetails>['data']>['transactions'][number];

/** The transactions of one day, loaded when the day is opened. */
export function DayTransactions({ project, day }: { project: Project; day: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const details = useDayDetails(project.id, day);
  const columns: Column<Transaction>[] = [
    {
      id: 'time',
      header: t('billing.summaries.columns.time'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (transaction) => formatTime(transaction.process_date, language, project.timezone),
    },
    {
      id: 'description',
      header: t('billing.summaries.columns.description'),
      cell: (transaction) => transaction.description,
    },
    {
      id: 'units',
      header: t('billing.summaries.columns.units'),
      align: 'right',
      cell: (transaction) => formatUnits(transaction.unit_amount, language),
    },
    {
      id: 'amount',
      header: t('billing.summaries.columns.amount'),
      align: 'right',
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (transaction) => formatMoney(transaction.amount, transaction.currency, language),
    },
    {
      id: 'type',
      header: t('billing.summaries.columns.type'),
      cell: (transaction) => <TypeChip type={transaction.type} />,
    },
  ];
  return (
    <DataTable
      label={formatDay(day, language)}
      testId="day-transactions"
      columns={columns}
      rows={details.data?.transactions}
      rowKey={(transaction) => transaction.id}
      loading={details.isPending}
      error={
        details.isError
          ? {
              message:
                details.error instanceof UnexpectedAnswerError
                  ? t('billing.invalid_transaction_details_error')
                  : t('billing.failed_load_transaction_details', { day: formatDay(day, language) }),
              onRetry: () => void details.refetch(),
            }
          : null
      }
      empty={{ text: t('billing.summaries.noTransactions') }}
    />
  );
}
