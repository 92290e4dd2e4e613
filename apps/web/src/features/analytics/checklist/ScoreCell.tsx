import { Link, TableCell, Typography } from '@mui/material';
import type { AnalyticsField, ChecklistCell } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatFieldValue, ratioColor } from '../../../shared/format/analytics';

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
    return (
      <TableCell align="center" sx={{ color: 'text.disabled' }}>
        —
      </TableCell>
    );
  }
  const value = (
    <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
      {formatFieldValue(item.type, cell.value, i18n.language)}
    </Typography>
  );
  const count = (
    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      {t('analytics.checklist.count', { count: cell.count })}
    </Typography>
  );
  return (
    <TableCell
      align="center"
      sx={{
        bgcolor: ratioColor(cell.ratio) ?? undefined,
        whiteSpace: 'nowrap',
        p: 0.75,
        printColorAdjust: 'exact',
      }}
      data-testid="checklist-cell"
    >
      {to ? (
        <Link component={RouterLink} to={to} underline="hover" color="inherit" sx={{ display: 'block' }}>
          {value}
          {count}
        </Link>
      ) : (
        <>
          {value}
          {count}
        </>
      )}
    </TableCell>
  );
}
