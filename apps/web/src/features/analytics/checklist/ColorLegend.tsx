import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ratioColor } from '../../../shared/format/analytics';

/** What the cell colours mean: from the lowest (red) to the best possible result (green). */
export function ColorLegend() {
  const { t } = useTranslation();
  const stops = [0, 0.25, 0.5, 0.75, 1].map((ratio) => ratioColor(ratio)).join(', ');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="textSecondary">
        {t('analytics.checklist.legendLow')}
      </Typography>
      <Box
        sx={{ width: 120, height: 10, borderRadius: 1, background: `linear-gradient(to right, ${stops})` }}
        aria-hidden
      />
      <Typography variant="caption" color="textSecondary">
        {t('analytics.checklist.legendHigh')}
      </Typography>
    </Stack>
  );
}
