import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/numbers';

/**
 * The server-paged footer of the analyses and failed-tasks tables: 1-based `page`, translated labels and
 * numbers in the UI language. A page beyond the last (rows went away) shows the last one.
 */
export function ListPagination({
  total,
  totalCapped = false,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: {
  total: number;
  /** More rows match than `total` (a capped count): "of more than", and the next page stays open. */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const lastPage = totalCapped ? page : Math.max(1, Math.ceil(total / pageSize));
  return (
    <TablePagination
      component="div"
      count={totalCapped ? -1 : total}
      page={Math.min(page, lastPage) - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      labelRowsPerPage={t('analyses.list.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        count === -1
          ? t('analyses.list.displayedRowsMore', { from: n(from), to: n(to), total: n(total) })
          : t('analyses.list.displayedRows', { from: n(from), to: n(to), total: n(count) })
      }
      getItemAriaLabel={(type) => t(`analyses.list.pageNav.${type}`)}
    />
  );
}
