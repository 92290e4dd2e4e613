import { alpha, type CSSObject, lighten, type Theme } from '@mui/material';
import type { AnalyticsField, ChecklistCell } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatFieldValue, ratioColor } from '../../../shared/format/analytics';

/**
 * The score cells' look, set once on the table: a report has thousands of cells, and as MUI table cells with
 * styles of their own each slice of 30 rows took about 100 ms to draw. They are plain cells drawn as MUI draws
 * a small body cell.
 */
export const scoreCellStyles = (theme: Theme): CSSObject => ({
  '& td.score-cell, & td.score-cell-empty': {
    ...theme.typography.body2,
    display: 'table-cell',
    verticalAlign: 'inherit',
    textAlign: 'center',
    borderBottom: `1px solid ${lighten(alpha(theme.palette.divider, 1), 0.88)}`,
  },
  '& td.score-cell': { whiteSpace: 'nowrap', padding: theme.spacing(0.75), printColorAdjust: 'exact' },
  '& td.score-cell-empty': { color: theme.palette.text.disabled, padding: theme.spacing(0.75, 2) },
  '& .score-value': { ...theme.typography.body1, fontWeight: 600, display: 'block' },
  '& .score-count': { ...theme.typography.caption, color: theme.palette.text.secondary, display: 'block' },
  '& a.score-link': { display: 'block', color: 'inherit', textDecoration: 'none' },
  '& a.score-link:hover .score-value, & a.score-link:focus-visible .score-value': {
    textDecoration: 'underline',
  },
});

/**
 * One item of one representative: the pass rate or mean score on a red-to-green background (by how close it
 * is to the best), the count behind it below; a link to those analyses when given.
 */
export function ScoreCell({
  item,
  cell,
  to,
}: {
  item: AnalyticsField;
  cell: ChecklistCell | undefined;
  to: string | null;
}) {
  const { t, i18n } = useTranslation();
  if (!cell) {
    return <td className="score-cell-empty">—</td>;
  }
  const content = (
    <>
      <span className="score-value">{formatFieldValue(item.type, cell.value, i18n.language)}</span>
      <span className="score-count">{t('analytics.checklist.count', { count: cell.count })}</span>
    </>
  );
  return (
    <td
      className="score-cell"
      style={{ backgroundColor: ratioColor(cell.ratio) ?? undefined }}
      data-testid="checklist-cell"
    >
      {to ? (
        // A plain link: the table navigates in the app for it (useInAppLinks), no router Link per cell.
        <a href={to} className="score-link">
          {content}
        </a>
      ) : (
        content
      )}
    </td>
  );
}
