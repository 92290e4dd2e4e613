import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import {
  type AnalyticsField,
  type ExplorerGroup,
  type ExplorerGroupRow,
  parseEraPath,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type AnalyticsView, analysesLink, listFilters } from '../../../shared/analytics/view';
import type { AnalysisFilters } from '../../../shared/api/analysisListQuery';
import { ProgressiveRows } from '../../../shared/components/ProgressiveRows';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { type ExplorerColumn, groupFilters, groupLabel } from './columns';

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
  const cell = (column: ExplorerColumn, row: ExplorerGroupRow, rowFilters: AnalysisFilters | null) => {
    const text = column.text(row);
    const filters = rowFilters && column.link?.(row);
    if (!filters) return text;
    // An era of a changed field (contracts analytics/eras.ts) links to the field's analyses by its path.
    const path = parseEraPath(field.path).path;
    const to = analysesLink(projectId, listFilters(view, { ...rowFilters, field: path, ...filters }));
    return (
      <Link component={RouterLink} to={to}>
        {text}
      </Link>
    );
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
      sx={
        isTotal ? { '& td, & th': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } } : undefined
      }
    >
      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
        {label}
      </TableCell>
      {columns.map((column) => (
        <TableCell
          key={column.id}
          align="right"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {cell(column, data, rowFilters)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <ScrollRegion label={t('analytics.explorer.table')}>
      <Table size="small" aria-label={t('analytics.explorer.table')}>
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
