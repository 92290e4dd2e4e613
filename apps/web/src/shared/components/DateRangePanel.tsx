import {
  Box,
  Button,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_PRESETS,
  type DraftRange,
  isPresetRange,
  pickDay,
  presetRange,
  rangeText,
} from '../dates/rangePicking';
import { RangeCalendar } from './RangeCalendar';

const firstOfMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth(), 1, 12);

/**
 * The left of the two months shown, so that the right one holds the range's end (or today), never a month
 * after today's: a new pick opens on the previous and the current month.
 */
function leftMonth(range: DraftRange, today: Date): Date {
  const shown = range.end ?? range.start ?? today;
  const right = shown > today ? today : shown;
  return new Date(right.getFullYear(), right.getMonth() - 1, 1, 12);
}

/**
 * The picker's popup: presets, two months to pick from and Cancel/Apply. What is picked stays here until
 * Apply hands it over.
 */
export function DateRangePanel({
  initial,
  format,
  onApply,
  onCancel,
}: {
  initial: DraftRange;
  format: (date: Date) => string;
  onApply: (range: DraftRange) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState(initial);
  const now = new Date();
  const [month, setMonth] = useState(() => leftMonth(initial, now));

  return (
    <>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' } }}>
        <List
          dense
          aria-label={t('dateRange.presetsLabel')}
          sx={{
            flexShrink: 0,
            width: { sm: 132 },
            display: { xs: 'flex', sm: 'block' },
            flexWrap: 'wrap',
            borderStyle: 'solid',
            borderColor: 'divider',
            borderWidth: { xs: '0 0 1px 0', sm: '0 1px 0 0' },
          }}
        >
          {DATE_PRESETS.map((preset) => {
            const chosen = isPresetRange(range, preset, now);
            return (
              <ListItem key={preset} disablePadding sx={{ width: { xs: 'auto', sm: '100%' } }}>
                <ListItemButton
                  selected={chosen}
                  aria-pressed={chosen}
                  sx={{ flexGrow: { xs: 0, sm: 1 } }}
                  onClick={() => {
                    const picked = presetRange(preset, new Date());
                    setRange(picked);
                    setMonth(leftMonth(picked, new Date()));
                  }}
                >
                  <ListItemText primary={t(`dateRange.presets.${preset}`)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        <Box sx={{ flexGrow: 1, minWidth: 0, p: 1.5, overflowX: 'auto' }}>
          <RangeCalendar
            range={range}
            month={month}
            today={now}
            lastMonth={firstOfMonth(now)}
            onMonthChange={setMonth}
            onPick={(day) => setRange((current) => pickDay(current, day))}
          />
        </Box>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }} data-testid="date-range-draft">
          {rangeText(range, format)}
        </Typography>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(range)}>
          {t('dateRange.apply')}
        </Button>
      </Box>
    </>
  );
}
