import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format';

/**
 * The server-paged footer of the analyses and failed-tasks tables: 1-based `page`, translated labels and
 * numbers in the UI language. A page beyond the last (rows went away) shows the last one.
 */
export function ListPagination({
  total,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage) - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      labelRowsPerPage={t('analyses.list.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('analyses.list.displayedRows', { from: n(from), to: n(to), total: n(count) })
      }
      getItemAriaLabel={(type) => t(`analyses.list.pageNav.${type}`)}
    />
  );
}
