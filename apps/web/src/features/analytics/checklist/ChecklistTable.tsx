import {
  GlobalStyles,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { ChecklistResponse, ChecklistRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type AnalyticsView, analysesLink, listFilters } from '../../../shared/analytics/view';
import { ProgressiveRows } from '../../../shared/components/ProgressiveRows';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { formatAverage, formatCount, isChecklistType } from '../../../shared/format/analytics';
import { useInAppLinks } from '../../../shared/hooks/useInAppLinks';
import { fieldLabel } from '../fieldLabel';
import type { SortColumn, SortDirection } from './model';
import { ScoreCell, scoreCellStyles } from './ScoreCell';

/** The print view's table fits the page's width: columns share it, long labels wrap. */
const fitted = {
  tableLayout: 'fixed',
  width: '100%',
  '& th, & td': { px: 0.5, fontSize: 11, overflowWrap: 'anywhere', hyphens: 'auto' },
  '& th:first-of-type': { width: '14%' },
} as const;

const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/** About 150 cells a slice (some 40 ms of drawing on a slow machine), however many items the prompt has. */
const rowsPerSlice = (items: number) => Math.max(5, Math.floor(150 / (items + 3)));

/** The representative column, set once on the table rather than on each row's cell. */
const representativeColumn = {
  '& tbody th': { ...sticky, fontWeight: 500, whiteSpace: 'nowrap' },
  '& tbody tr.checklist-total th, & tbody tr.checklist-total td': {
    fontWeight: 700,
    borderTop: 2,
    borderTopColor: 'divider',
  },
} as const;

/**
 * Representatives × checklist items, with the team's total below. Header and first column stay in view
 * while scrolling (not when printing: the whole table is printed).
 */
export function ChecklistTable({
  data,
  rows,
  projectId,
  view,
  sort,
  direction,
  onSort,
  print,
}: {
  data: ChecklistResponse['data'];
  rows: ChecklistRow[];
  projectId: number;
  /** The view with the prompt in effect. */
  view: AnalyticsView;
  sort: SortColumn;
  direction: SortDirection;
  onSort: (column: SortColumn) => void;
  print: boolean;
}) {
  const { t, i18n } = useTranslation();
  const inAppLinks = useInAppLinks();
  const language = i18n.language;
  const header = (column: SortColumn, label: string, caption?: string) => {
    const text = (
      <span>
        {label}
        {caption ? (
          <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {caption}
          </Typography>
        ) : null}
      </span>
    );
    if (print) return text;
    return (
      <TableSortLabel
        active={sort === column}
        direction={sort === column ? direction : 'asc'}
        onClick={() => onSort(column)}
      >
        {text}
      </TableSortLabel>
    );
  };
  // A cell's analyses: the representative's (or the team's) with the item; yes/no items those that missed it.
  const cellLink = (representative: string | null, total: boolean, path: string, checklist: boolean) => {
    if (print || (!total && representative === null)) return null;
    return analysesLink(
      projectId,
      listFilters(view, {
        representative: total ? undefined : (representative ?? undefined),
        field: path,
        field_outcome: checklist ? 'missed' : undefined,
      }),
    );
  };
  const line = (row: ChecklistRow, total = false) => (
    <TableRow
      key={total ? 'total' : `${row.representative}`}
      hover={!total}
      data-testid={total ? 'checklist-total' : 'checklist-row'}
      className={total ? 'checklist-total' : undefined}
    >
      <TableCell component="th" scope="row">
        {total ? t('analytics.checklist.team') : (row.representative ?? t('analytics.explorer.none'))}
      </TableCell>
      <TableCell align="right">{formatCount(row.analyses, language)}</TableCell>
      <TableCell align="right">{formatAverage(row.average_score, language)}</TableCell>
      {data.items.map((item) => (
        <ScoreCell
          key={item.path}
          item={item}
          cell={row.cells[item.path]}
          to={cellLink(row.representative, total, item.path, isChecklistType(item.type))}
        />
      ))}
    </TableRow>
  );
  const table = (
    <Table
      size="small"
      stickyHeader={!print}
      aria-label={t('nav.checklistReport')}
      sx={[scoreCellStyles, representativeColumn, print && fitted]}
      onClick={inAppLinks}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3 }}>
            {header('representative', t('analytics.checklist.representative'))}
          </TableCell>
          <TableCell align="right">{header('analyses', t('analytics.checklist.analyses'))}</TableCell>
          <TableCell align="right">{header('average', t('analytics.checklist.average'))}</TableCell>
          {data.items.map((item) => (
            <TableCell
              key={item.path}
              align="center"
              sx={
                print
                  ? { verticalAlign: 'bottom' }
                  : { minWidth: 110, maxWidth: 180, verticalAlign: 'bottom' }
              }
            >
              {header(item.path, fieldLabel(t, item), t(`analytics.types.${item.type}`))}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        <ProgressiveRows rows={rows} renderRow={line} all={print} step={rowsPerSlice(data.items.length)} />
        {line(data.total, true)}
      </TableBody>
    </Table>
  );
  if (print)
    return (
      <>
        <GlobalStyles styles={{ '@page': { size: 'landscape', margin: '10mm' } }} />
        {table}
      </>
    );
  return (
    <ScrollRegion
      label={t('nav.checklistReport')}
      sx={{ maxHeight: '70vh', overflowY: 'auto' }}
      testId="checklist-scroll"
    >
      {table}
    </ScrollRegion>
  );
}
