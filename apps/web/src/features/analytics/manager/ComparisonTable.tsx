import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { DashboardPeriod, ManagerFigures, ManagerRow } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatAverage, formatCount, formatShare } from '../../../shared/format/analytics';
import { measureLabel } from './exportCsv';
import { periodLabel } from './labels';
import { type ComparisonScope, figureLink } from './links';
import {
  changeOf,
  changeUnitOf,
  columnId,
  figureOf,
  isRate,
  type Measure,
  type SortDirection,
} from './model';
import { PeriodChangeText } from './PeriodChangeText';

const paper = { bgcolor: 'background.paper', printColorAdjust: 'exact' } as const;
const stickyLeft = { ...paper, position: 'sticky', left: 0, zIndex: 1 } as const;
/** A line before each measure's first period, so the groups read apart. */
const groupStart = { borderLeft: 1, borderLeftColor: 'divider' } as const;

/**
 * Representatives × (measure × period), the team on top. The header and the team stay in view while the
 * rows scroll, the names while the columns do (not when printing: the whole table is printed).
 */
export function ComparisonTable({
  measures,
  periods,
  team,
  rows,
  scope,
  sort,
  direction,
  onSort,
  print,
}: {
  measures: Measure[];
  /** As generated, oldest first. */
  periods: DashboardPeriod[];
  team: ManagerFigures;
  rows: ManagerRow[];
  scope: ComparisonScope;
  sort: string;
  direction: SortDirection;
  onSort: (column: string) => void;
  print: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const labels = periods.map((period) => periodLabel(period, t, language));

  const sortable = (column: string, content: ReactNode, name: string) =>
    print ? (
      content
    ) : (
      <TableSortLabel
        active={sort === column}
        direction={sort === column ? direction : 'asc'}
        onClick={() => onSort(column)}
        aria-label={name}
      >
        {content}
      </TableSortLabel>
    );

  const cell = (measure: Measure, figures: ManagerFigures, index: number, link: string | null) => {
    const { value, count } = figureOf(measure, figures, index);
    const change = changeOf(measure, figures, index);
    const shown =
      measure.kind === 'analyses'
        ? formatCount(value ?? 0, language)
        : isRate(measure)
          ? formatShare(value, language)
          : formatAverage(value, language);
    const figure = (
      <>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
          {shown}
        </Typography>
        {count !== null && value !== null ? (
          <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {t('analytics.checklist.count', { count })}
          </Typography>
        ) : null}
      </>
    );
    const analysed = (figures.analyses[index] ?? 0) > 0 && value !== null;
    return (
      <TableCell
        key={columnId(index, measure)}
        component="td"
        align="center"
        sx={{
          whiteSpace: 'nowrap',
          minWidth: print ? undefined : 96,
          px: 1,
          py: 0.75,
          ...(index === 0 ? groupStart : {}),
        }}
        data-testid="comparison-cell"
        data-column={columnId(index, measure)}
      >
        {link && analysed ? (
          <Link component={RouterLink} to={link} underline="hover" color="inherit" sx={{ display: 'block' }}>
            {figure}
          </Link>
        ) : (
          figure
        )}
        {change ? <PeriodChangeText change={change} unit={changeUnitOf(measure)} /> : null}
      </TableCell>
    );
  };

  const line = (figures: ManagerFigures, who: 'team' | { representative: string | null }) =>
    measures.flatMap((measure) =>
      periods.map((period, index) =>
        cell(measure, figures, index, print ? null : figureLink(scope, period, who, measure)),
      ),
    );

  return (
    <TableContainer sx={print ? { mb: 2 } : { maxHeight: '75vh' }}>
      <Table size="small" aria-label={t('manager.table.label')}>
        <TableHead sx={print ? undefined : { position: 'sticky', top: 0, zIndex: 2 }}>
          <TableRow>
            <TableCell rowSpan={2} sx={{ ...stickyLeft, zIndex: 3, verticalAlign: 'bottom', minWidth: 160 }}>
              {sortable(
                'representative',
                t('analytics.checklist.representative'),
                t('manager.table.sortByName'),
              )}
            </TableCell>
            {measures.map((measure) => (
              <TableCell
                key={measure.key}
                colSpan={periods.length}
                align="center"
                sx={{ ...paper, ...groupStart, fontWeight: 600, maxWidth: 320 }}
              >
                {measureLabel(measure, t)}
                {measure.kind === 'item' ? (
                  <Typography
                    component="span"
                    variant="caption"
                    color="textSecondary"
                    sx={{ display: 'block' }}
                  >
                    {t(`analytics.types.${measure.item.type}`)}
                  </Typography>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            {measures.flatMap((measure) =>
              labels.map((label, index) => (
                <TableCell
                  key={columnId(index, measure)}
                  align="center"
                  sx={{ ...paper, whiteSpace: 'nowrap', ...(index === 0 ? groupStart : {}) }}
                >
                  {sortable(
                    columnId(index, measure),
                    <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
                      {label}
                    </Typography>,
                    t('manager.table.sortBy', { field: measureLabel(measure, t), period: label }),
                  )}
                </TableCell>
              )),
            )}
          </TableRow>
          <TableRow
            data-testid="comparison-team"
            sx={{ '& td, & th': { ...paper, borderBottom: 2, borderBottomColor: 'divider' } }}
          >
            <TableCell component="th" scope="row" sx={{ ...stickyLeft, fontWeight: 700 }}>
              {t('analytics.checklist.team')}
            </TableCell>
            {line(team, 'team')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.representative}`} hover data-testid="comparison-row">
              <TableCell
                component="th"
                scope="row"
                sx={{ ...stickyLeft, fontWeight: 500, whiteSpace: 'nowrap' }}
              >
                {row.representative ?? t('analytics.explorer.none')}
              </TableCell>
              {line(row, { representative: row.representative })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
