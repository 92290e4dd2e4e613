import {
  Alert,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import {
  BILLING,
  DEFAULT_INVOICE_PERIOD,
  INVOICE_PERIODS,
  type InvoicePeriod,
  type InvoiceStatus,
  type Project,
} from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatMoney, formatUnits } from '../../shared/format/money';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useInvoices } from './api';

const STATUS_COLORS: Record<InvoiceStatus, 'warning' | 'default' | 'error'> = {
  pending: 'warning',
  settled: 'default',
  rejected: 'error',
};

export function TypeChip({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={type === 'credit' ? 'success' : 'error'}
      label={t(`billing.types.${type === 'credit' ? 'credit' : 'debit'}`)}
    />
  );
}

/** Invoice details tab: the project's invoices of a period, paged on the client. */
export function InvoiceDetailsTab({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const labelId = useId();
  const [period, setPeriod] = useState<InvoicePeriod>(DEFAULT_INVOICE_PERIOD);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(BILLING.defaultInvoicePageSize);
  const invoices = useInvoices(project.id, period);

  let content: ReactNode;
  if (invoices.isPending) content = <LoadingState label={t('billing.invoices.loading')} />;
  else if (invoices.isError) {
    content = (
      <ErrorState
        message={t('billing.messages.invoice_load_error')}
        onRetry={() => void invoices.refetch()}
      />
    );
  } else if (invoices.data.length === 0) {
    content = <Alert severity="info">{t('billing.invoices.empty')}</Alert>;
  } else {
    const rows = invoices.data;
    const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
    const current = Math.min(page, lastPage);
    const visible = rows.slice(current * pageSize, current * pageSize + pageSize);
    content = (
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label={t('billing.tabs.invoices')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.invoices.columns.date')}</TableCell>
                <TableCell>{t('billing.invoices.columns.description')}</TableCell>
                <TableCell align="right">{t('billing.invoices.columns.minutes')}</TableCell>
                <TableCell align="right">{t('billing.invoices.columns.units')}</TableCell>
                <TableCell align="right">{t('billing.invoices.columns.amount')}</TableCell>
                <TableCell>{t('billing.invoices.columns.type')}</TableCell>
                <TableCell>{t('billing.invoices.columns.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((invoice) => (
                <TableRow key={`${invoice.id}-${invoice.process_date}`} hover data-testid="invoice-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(invoice.process_date, language, project.timezone)}
                  </TableCell>
                  <TableCell>{invoice.description}</TableCell>
                  <TableCell align="right">{formatUnits(invoice.minutes_used, language)}</TableCell>
                  <TableCell align="right">{formatUnits(invoice.unit_amount, language)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      whiteSpace: 'nowrap',
                      fontWeight: 500,
                      color: invoice.type === 'credit' ? 'success.main' : 'error.main',
                    }}
                  >
                    {formatMoney(invoice.amount, invoice.currency, language)}
                  </TableCell>
                  <TableCell>
                    <TypeChip type={invoice.type} />
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={STATUS_COLORS[invoice.status] ?? 'default'}
                      label={t(`billing.statuses.${invoice.status}`, { defaultValue: invoice.status })}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...BILLING.invoicePageSizes]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('billing.invoices.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('billing.invoices.displayedRows', { from, to, total: count })
          }
          getItemAriaLabel={(type) => t(`billing.invoices.pageButtons.${type}`)}
        />
      </Paper>
    );
  }

  return (
    <Stack spacing={2}>
      <FormControl size="small" sx={{ width: 240 }}>
        <InputLabel id={labelId}>{t('billing.invoices.period')}</InputLabel>
        <Select
          labelId={labelId}
          label={t('billing.invoices.period')}
          value={period}
          onChange={(event) => {
            setPeriod(event.target.value as InvoicePeriod);
            setPage(0);
          }}
          data-testid="period-select"
        >
          {INVOICE_PERIODS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`billing.periods.${value}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {content}
    </Stack>
  );
}
