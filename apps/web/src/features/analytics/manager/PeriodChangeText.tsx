import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Stack, Typography } from '@mui/material';
import type { PeriodChange } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../shared/components/visuallyHidden';
import { formatSigned } from '../../../shared/format/analytics';
import type { ChangeUnit } from './model';

const COLOR: Record<PeriodChange['verdict'], string> = {
  better: 'success.main',
  worse: 'error.main',
  same: 'text.secondary',
  neutral: 'text.secondary',
};

/** A change as written: '+5 pp' for pass rates, '+4' for counts, '−2.5' for scores. */
export function formatChange(change: PeriodChange, unit: ChangeUnit, language: string, t: TFunction) {
  if (unit === 'pp')
    return t('analytics.change.pp', { value: formatSigned(change.delta * 100, language, 'number') });
  return formatSigned(change.delta, language, 'number', unit === 'count' ? 0 : 1);
}

/**
 * The change of a figure from the period before: an arrow the way it went, green when better, red when
 * worse, grey when it is no better or worse (numbers without a direction) or the same. The verdict is also
 * in words, for screen readers and on hover, so colour is not the only cue.
 */
export function PeriodChangeText({ change, unit }: { change: PeriodChange; unit: ChangeUnit }) {
  const { t, i18n } = useTranslation();
  const Icon =
    change.verdict === 'same' ? ArrowForwardIcon : change.delta > 0 ? ArrowUpwardIcon : ArrowDownwardIcon;
  const text = formatChange(change, unit, i18n.language, t);
  const verdict = t(`manager.change.${change.verdict}`);
  return (
    <Stack
      direction="row"
      spacing={0.25}
      // Relative: the words for screen readers stay inside the table's scrolling box, not beyond the page.
      sx={{
        position: 'relative',
        alignItems: 'center',
        justifyContent: 'center',
        color: COLOR[change.verdict],
      }}
      title={verdict}
      data-testid="period-change"
      data-verdict={change.verdict}
    >
      <Icon sx={{ fontSize: 14 }} aria-hidden />
      <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
      <Box component="span" sx={visuallyHidden}>
        {` (${verdict})`}
      </Box>
    </Stack>
  );
}
