import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import type { DashboardPeriod, DayRange } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../shared/components/DateRangePicker';
import { periodLabel } from './labels';

/** One period of the comparison: its name and days, picked in the date-range picker; removable or not. */
export function PeriodCard({
  period,
  number,
  removable,
  onRange,
  onRemove,
}: {
  period: DashboardPeriod;
  /** 1 for the oldest. */
  number: number;
  removable: boolean;
  onRange: (range: DayRange) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = periodLabel(period, t, i18n.language);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      data-testid="period-card"
      sx={{ p: 1.5, height: '100%' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="textSecondary" sx={{ lineHeight: 1.5 }}>
            {t('manager.periods.number', { number })}
          </Typography>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }} data-testid="period-label">
            {label}
          </Typography>
        </Box>
        {removable ? (
          <IconButton
            size="small"
            aria-label={t('manager.periods.remove', { period: label })}
            onClick={onRemove}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {/* A period always has days: the picker's clear button has nothing to do here (Cancel keeps them). */}
      <Box sx={{ mt: 1.5, '& .MuiInputAdornment-positionEnd': { display: 'none' } }}>
        <DateRangePicker
          start={period.start}
          end={period.end}
          onChange={(start, end) => {
            // Only a first day picked: that day alone.
            if (start) onRange({ start, end: end ?? start });
          }}
          label={t('manager.periods.dates')}
          size="small"
          fullWidth
        />
      </Box>
    </Paper>
  );
}
