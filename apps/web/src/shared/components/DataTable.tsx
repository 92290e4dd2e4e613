import {
  Box,
  Skeleton,
  Stack,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../api/useErrorMessage';
import type { Pagination } from '../hooks/usePagination';
import { ListPagination } from './ListPagination';
import { rowsAsCardsOnPhone } from './rowsAsCards';
import { ScrollRegion } from './ScrollRegion';
import { EmptyState, ErrorState } from './States';
import { visuallyHidden } from './visuallyHidden';

const SKELETON_ROWS = 3;

export type Column<Row> = {
  /** Unique among the columns (React key). */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column's name on a phone card; defaults to `header` when that is a string. */
  label?: string;
  /** Makes the header a sort button for this key of `sort`. */
  sortKey?: string;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Extra styles of this column's body cells (e.g. `nowrap`). */
  cellSx?: (row: Row) => SxProps<Theme>;
};

export type Sort = {
  key: string;
  direction: 'asc' | 'desc';
  /** Called with the clicked column's sort key; the caller decides the next direction. */
  onSort: (key: string) => void;
};

type RowProps = { sx?: SxProps<Theme> } & { [attribute: `data-${string}`]: string | undefined };

/** What shows instead of an empty table: a line of text, or with an icon or description a framed card. */
export type DataTableEmpty = {
  text: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  testId?: string;
};

type TableError = { message: ReactNode; title?: ReactNode; onRetry?: () => void };

/** DataTable's `loading` and `error` of one query: the error in the reader's language, with Retry. */
export function useQueryTableState(
  query: UseQueryResult<unknown>,
  { errorTitle, fallbackKey }: { errorTitle?: ReactNode; fallbackKey?: string } = {},
): { loading: boolean; error: TableError | null } {
  const errorMessage = useErrorMessage();
  return {
    loading: query.isPending,
    error: query.isError
      ? {
          title: errorTitle,
          message: errorMessage(query.error, fallbackKey),
          onRetry: () => void query.refetch(),
        }
      : null,
  };
}

export type DataTablePagination = Pagination & {
  total: number;
  /** More rows match than `total` (a capped count). */
  totalCapped?: boolean;
};

/**
 * One table of rows with its states: skeleton lines while loading, an error with Retry, an empty text with an
 * optional action, sortable headers and the page footer. On a phone the table scrolls sideways, or with
 * `phoneCards` each row becomes a card of labelled lines.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  rowDetail,
  loading = false,
  loadingLabel,
  error,
  empty,
  sort,
  pagination,
  phoneCards = false,
  scrollRegion = false,
  size = 'small',
  nowrapHeaders = false,
  testId,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** A row's test id, `data-*` attributes and styles. */
  rowProps?: (row: Row) => RowProps;
  /** A full-width line under a row (e.g. its errors); null for none. */
  rowDetail?: (row: Row) => ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  error?: TableError | null;
  empty: DataTableEmpty;
  sort?: Sort;
  pagination?: DataTablePagination;
  phoneCards?: boolean;
  /** Wrap the table in a labelled scroll region (keyboard scrolling, edge shadows) instead of a plain box. */
  scrollRegion?: boolean;
  size?: 'small' | 'medium';
  /** Keep every header on one line. */
  nowrapHeaders?: boolean;
  /** On the loaded table only, so finding it means its rows are there. */
  testId?: string;
}) {
  const { t } = useTranslation();

  if (error) return <ErrorState title={error.title} message={error.message} onRetry={error.onRetry} />;
  if (loading || !rows) {
    // Skeleton lines, not a table: a test (or a screen reader) that finds the table finds its rows.
    return (
      <Stack role="status" spacing={1} sx={{ py: 1 }}>
        <Box sx={visuallyHidden}>{loadingLabel ?? t('common.loading')}</Box>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} variant="rounded" height={size === 'small' ? 28 : 44} />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    if (empty.icon || empty.description) {
      return (
        <Box data-testid={empty.testId}>
          <EmptyState
            icon={empty.icon}
            title={empty.text}
            description={empty.description}
            action={empty.action}
          />
        </Box>
      );
    }
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary" variant="body2" data-testid={empty.testId}>
          {empty.text}
        </Typography>
        {empty.action ?? null}
      </Stack>
    );
  }

  const cellLabel = (column: Column<Row>) =>
    column.label ?? (typeof column.header === 'string' ? column.header : undefined);

  const table = (
    <Table size={size} aria-label={label} sx={phoneCards ? rowsAsCardsOnPhone : undefined}>
      <TableHead>
        <TableRow sx={nowrapHeaders ? { '& th': { whiteSpace: 'nowrap' } } : undefined}>
          {columns.map((column) => {
            const sorted = sort && column.sortKey === sort.key ? sort.direction : false;
            return (
              <TableCell
                key={column.id}
                align={column.align}
                sx={column.width === undefined ? undefined : { width: column.width }}
                sortDirection={sorted}
              >
                {sort && column.sortKey ? (
                  <TableSortLabel
                    active={sorted !== false}
                    direction={sorted || 'asc'}
                    onClick={() => sort.onSort(column.sortKey!)}
                  >
                    {column.header}
                  </TableSortLabel>
                ) : (
                  column.header
                )}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const detail = rowDetail?.(row);
          return (
            <Fragment key={rowKey(row)}>
              <TableRow {...rowProps?.(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    data-label={phoneCards ? cellLabel(column) : undefined}
                    sx={column.cellSx?.(row)}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
              {detail ? (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ pt: 0 }}>
                    {detail}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );

  return (
    <Box data-testid={testId}>
      {scrollRegion ? (
        <ScrollRegion label={label}>{table}</ScrollRegion>
      ) : (
        <TableContainer>{table}</TableContainer>
      )}
      {pagination ? (
        <ListPagination
          total={pagination.total}
          totalCapped={pagination.totalCapped}
          page={pagination.page}
          pageSize={pagination.pageSize}
          pageSizes={pagination.pageSizes}
          onPage={pagination.setPage}
          onPageSize={pagination.setPageSize}
        />
      ) : null}
    </Box>
  );
}
