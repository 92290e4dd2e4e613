import { alpha, Table, TableBody, TableCell, TableHead, TableRow, type Theme } from '@mui/material';
import {
  type AnalyticsField,
  type ExplorerGroup,
  type ExplorerGroupRow,
  parseEraPath,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type AnalyticsView, analysesLink, listFilters } from '../../../shared/analytics/view';
import type { AnalysisFilters } from '../../../shared/api/analysisListQuery';
import { ProgressiveRows } from '../../../shared/components/ProgressiveRows';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { useInAppLinks } from '../../../shared/hooks/useInAppLinks';
import { type ExplorerColumn, groupFilters, groupLabel } from './columns';

/** The body's cells, styled once on the table rather than on each cell (a style each made every render slow). */
const bodyCells = (theme: Theme) => ({
  '& tbody th': { fontWeight: 500 },
  // As MUI's Link draws a link.
  '& tbody a': {
    color: theme.palette.primary.main,
    textDecoration: 'underline',
    textDecorationColor: alpha(theme.palette.primary.main, 0.4),
    '&:hover': { textDecorationColor: 'inherit' },
  },
  '& tbody td': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& tbody tr.explorer-total th, & tbody tr.explorer-total td': {
    fontWeight: 700,
    borderTop: 2,
    borderTopColor: 'divider',
  },
});

/** The explorer's figures per group and in total; counts link to the analyses behind them. */
export function ExplorerTable({
  projectId,
  view,
  field,
  group,
  columns,
  groups,
  total,
}: {
  projectId: number;
  /** The view with the prompt in effect. */
  view: AnalyticsView;
  field: AnalyticsField;
  group: ExplorerGroup;
  columns: ExplorerColumn[];
  groups: ExplorerGroupRow[];
  total: ExplorerGroupRow;
}) {
  const { t, i18n } = useTranslation();
  const inAppLinks = useInAppLinks();
  const cell = (column: ExplorerColumn, row: ExplorerGroupRow, rowFilters: AnalysisFilters | null) => {
    const text = column.text(row);
    const filters = rowFilters && column.link?.(row);
    if (!filters) return text;
    // An era of a changed field (contracts analytics/eras.ts) links to the field's analyses by its path.
    const path = parseEraPath(field.path).path;
    const to = analysesLink(projectId, listFilters(view, { ...rowFilters, field: path, ...filters }));
    // A plain link: the table navigates in the app for it (useInAppLinks), no router Link per cell.
    return <a href={to}>{text}</a>;
  };
  const row = (
    data: ExplorerGroupRow,
    label: string,
    rowFilters: AnalysisFilters | null,
    isTotal = false,
  ) => (
    <TableRow
      key={isTotal ? 'total' : `${data.key}`}
      data-testid={isTotal ? 'explorer-total' : 'explorer-row'}
      className={isTotal ? 'explorer-total' : undefined}
    >
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} align="right">
          {cell(column, data, rowFilters)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <ScrollRegion label={t('analytics.explorer.table')}>
      <Table size="small" aria-label={t('analytics.explorer.table')} sx={bodyCells} onClick={inAppLinks}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`analytics.explorer.groupBy.${group}`)}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} align="right">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <ProgressiveRows
            rows={groups}
            renderRow={(data) =>
              row(data, groupLabel(group, data, t, i18n.language), groupFilters(group, data, view))
            }
          />
          {row(total, t('analytics.explorer.total'), {}, true)}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
