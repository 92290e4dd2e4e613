import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatSigned } from '../../../shared/format/analytics';

/**
 * How a figure compares with the period before: `relative` a change in percent (counts), `points` a
 * difference (scores), `pp` a difference of shares in percentage points (pass rates). `tone` says whether up
 * is good (green) or just different (grey).
 */
export function ChangeIndicator({
  current,
  previous,
  mode,
  tone,
  previousText,
  comparable = false,
}: {
  current: number | null;
  previous: number | null;
  mode: 'relative' | 'points' | 'pp';
  tone: 'upIsGood' | 'neutral';
  /** The previous period's figure as shown, for the tooltip. */
  previousText: string;
  /** There is a previous period: a figure it lacks (no analyses then) says so instead of showing nothing. */
  comparable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (current === null) return null;
  if (previous === null) {
    return comparable ? (
      <Typography variant="caption" color="textSecondary" data-testid="change">
        {t('analytics.change.noPrevious')}
      </Typography>
    ) : null;
  }
  if (mode === 'relative' && previous === 0) {
    return (
      <Typography variant="caption" color="textSecondary" data-testid="change">
        {current === 0 ? t('analytics.change.same') : t('analytics.change.noPrevious')}
      </Typography>
    );
  }
  const delta = mode === 'relative' ? (current - previous) / previous : current - previous;
  let text: string;
  if (mode === 'relative') text = formatSigned(delta, language, 'percent');
  else if (mode === 'pp')
    text = t('analytics.change.pp', { value: formatSigned(delta * 100, language, 'number') });
  else text = formatSigned(delta, language, 'number');
  const rounded = Number(delta.toFixed(mode === 'relative' ? 3 : 2));
  const direction = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const Icon = { up: TrendingUpIcon, down: TrendingDownIcon, flat: TrendingFlatIcon }[direction];
  let color = 'text.secondary';
  if (tone === 'upIsGood' && direction === 'up') color = 'success.main';
  if (tone === 'upIsGood' && direction === 'down') color = 'error.main';
  return (
    <Tooltip title={t('analytics.change.previous', { value: previousText })}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color }} data-testid="change">
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }} component="span">
          {direction === 'flat' ? t('analytics.change.same') : text}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="span">
          {t('analytics.change.vsPrevious')}
        </Typography>
      </Stack>
    </Tooltip>
  );
}
