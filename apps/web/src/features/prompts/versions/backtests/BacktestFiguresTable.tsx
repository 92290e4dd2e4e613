import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { BacktestFieldRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../../shared/components/ScrollRegion';
import { formatAgreementNumber, formatAgreementShare } from '../../../../shared/format/agreement';
import { formatCount } from '../../../../shared/format/analytics';
import { formatNumber } from '../../../../shared/format/numbers';

type Figures = BacktestFieldRow['published'];

/** How many percentage points more answers the draft keeps than the published answers (null: unknown). */
function agreementDelta(row: BacktestFieldRow): number | null {
  const { published, draft } = row;
  return published.agreement === null || draft.agreement === null
    ? null
    : (draft.agreement - published.agreement) * 100;
}

/**
 * Per reviewed field, agreement with the reviews now (the published answers) and with the draft, the change
 * in kept answers (better green, worse red) and how many answers the draft changed. Compact: without the
 * field type and the answer counts (the publish dialog's evidence).
 */
export function BacktestFiguresTable({
  rows,
  compact = false,
}: {
  rows: BacktestFieldRow[];
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const sideColumns = compact ? 2 : 3;
  const sideHeads = (side: 'now' | 'draft') => [
    <TableCell key={`${side}-agreement`} align="right">
      {t('backtests.table.agreement')}
    </TableCell>,
    <TableCell key={`${side}-kappa`} align="right">
      {t('backtests.table.kappa')}
    </TableCell>,
    compact ? null : (
      <TableCell key={`${side}-count`} align="right">
        {t('backtests.table.count')}
      </TableCell>
    ),
  ];
  const sideCells = (side: 'now' | 'draft', figures: Figures) => [
    <TableCell key={`${side}-agreement`} align="right" sx={{ whiteSpace: 'nowrap' }}>
      {formatAgreementShare(figures.agreement, figures.agreement_interval, language)}
    </TableCell>,
    <TableCell key={`${side}-kappa`} align="right" sx={{ whiteSpace: 'nowrap' }}>
      {figures.kappa !== null
        ? formatAgreementNumber(figures.kappa, figures.kappa_interval, language)
        : formatAgreementNumber(
            figures.mean_absolute_difference,
            figures.mean_absolute_difference_interval,
            language,
          )}
    </TableCell>,
    compact ? null : (
      <TableCell key={`${side}-count`} align="right">
        {formatCount(figures.count, language)}
      </TableCell>
    ),
  ];

  return (
    <ScrollRegion label={t('backtests.table.title')}>
      <Table size="small" aria-label={t('backtests.table.title')}>
        <TableHead>
          <TableRow>
            <TableCell colSpan={compact ? 1 : 2} />
            <TableCell align="center" colSpan={sideColumns}>
              {t('backtests.table.now')}
            </TableCell>
            <TableCell align="center" colSpan={sideColumns}>
              {t('backtests.table.draft')}
            </TableCell>
            <TableCell colSpan={2} />
          </TableRow>
          <TableRow>
            <TableCell>{t('backtests.table.field')}</TableCell>
            {compact ? null : <TableCell>{t('backtests.table.type')}</TableCell>}
            {sideHeads('now')}
            {sideHeads('draft')}
            <TableCell align="right">{t('backtests.table.delta')}</TableCell>
            <TableCell align="right">{t('backtests.table.changed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.path} data-testid={`backtest-row-${row.path}`}>
              {/* Paths are long words ('Discovery.Budget'): wide enough for a name, broken only when longer. */}
              <TableCell sx={{ minWidth: 140, overflowWrap: 'break-word' }}>{row.path}</TableCell>
              {compact ? null : (
                <TableCell sx={{ minWidth: 110 }}>{t(`prompts.fieldTypes.${row.type}`)}</TableCell>
              )}
              {sideCells('now', row.published)}
              {sideCells('draft', row.draft)}
              <TableCell align="right">
                <Delta points={agreementDelta(row)} language={language} />
              </TableCell>
              <TableCell align="right">{formatCount(row.changed, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** '+4.5 pts' in green, '−3 pts' in red, '0 pts' plain; '—' when unknown. */
function Delta({ points, language }: { points: number | null; language: string }) {
  const { t } = useTranslation();
  if (points === null) return '—';
  const rounded = Math.round(points * 10) / 10;
  const color = rounded > 0 ? 'success.main' : rounded < 0 ? 'error.main' : 'textSecondary';
  const value = `${rounded > 0 ? '+' : ''}${formatNumber(rounded, language, 1)}`;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color, fontWeight: rounded === 0 ? undefined : 600, whiteSpace: 'nowrap' }}
      data-trend={rounded > 0 ? 'better' : rounded < 0 ? 'worse' : 'same'}
    >
      {t('backtests.table.points', { value })}
    </Typography>
  );
}
