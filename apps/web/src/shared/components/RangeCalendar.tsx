import { Box, CircularProgress, type SxProps } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { useCalendarLocale } from '../dates/calendarLocale';
import { type DraftRange, weekStartsOn } from '../dates/rangePicking';

const DAY_SIZE = 30;

/** react-day-picker's own style, in the theme's colours, type and sizes that fit two months in the popup. */
const calendarStyle: SxProps<Theme> = (theme) => ({
  '& .rdp-root': {
    '--rdp-accent-color': theme.palette.primary.main,
    '--rdp-accent-background-color': alpha(theme.palette.primary.main, 0.12),
    '--rdp-range_start-color': theme.palette.primary.contrastText,
    '--rdp-range_end-color': theme.palette.primary.contrastText,
    '--rdp-day-height': `${DAY_SIZE}px`,
    '--rdp-day-width': `${DAY_SIZE}px`,
    '--rdp-day_button-height': `${DAY_SIZE - 2}px`,
    '--rdp-day_button-width': `${DAY_SIZE - 2}px`,
    '--rdp-months-gap': theme.spacing(2),
    '--rdp-nav-height': '2rem',
    '--rdp-nav_button-height': '2rem',
    '--rdp-nav_button-width': '2rem',
    '--rdp-weekday-padding': theme.spacing(0.5, 0),
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.body2.fontSize,
    color: theme.palette.text.primary,
  },
  '& .rdp-months': { justifyContent: 'center' },
  '& .rdp-caption_label': { ...theme.typography.subtitle2 },
  '& .rdp-weekday': { ...theme.typography.caption, color: theme.palette.text.secondary },
  '& .rdp-chevron': { fill: theme.palette.action.active, width: 18, height: 18 },
  '& .rdp-button_previous, & .rdp-button_next': { borderRadius: '50%' },
  '& .rdp-button_previous:hover, & .rdp-button_next:hover': { backgroundColor: theme.palette.action.hover },
  '& .rdp-day_button:hover': { backgroundColor: theme.palette.action.hover },
  '& .rdp-selected': { fontSize: 'inherit', fontWeight: 'inherit' },
  '& .rdp-selected .rdp-day_button': { border: 'none' },
  '& .rdp-range_start .rdp-day_button, & .rdp-range_end .rdp-day_button': {
    backgroundColor: theme.palette.primary.main,
    fontWeight: theme.typography.fontWeightMedium,
  },
  '& .rdp-day_button:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
  '& .rdp-today:not(.rdp-range_start):not(.rdp-range_end)': {
    color: theme.palette.primary.main,
    fontWeight: theme.typography.fontWeightBold,
  },
});

/**
 * Two consecutive months with previous/next arrows, up to `lastMonth`; days after `today` cannot be picked.
 * A click on a day goes to `onPick`.
 */
export function RangeCalendar({
  range,
  month,
  today,
  lastMonth,
  onMonthChange,
  onPick,
}: {
  range: DraftRange;
  /** The first month shown. */
  month: Date;
  today: Date;
  /** The last month the arrows go to (shown on the right). */
  lastMonth: Date;
  onMonthChange: (month: Date) => void;
  onPick: (day: Date) => void;
}) {
  const { i18n } = useTranslation();
  const locale = useCalendarLocale(i18n.language);
  if (!locale) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 260 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  return (
    <Box sx={calendarStyle}>
      <DayPicker
        mode="range"
        numberOfMonths={2}
        locale={locale}
        weekStartsOn={weekStartsOn(i18n.language)}
        month={month}
        endMonth={lastMonth}
        today={today}
        disabled={{ after: today }}
        onMonthChange={onMonthChange}
        selected={{ from: range.start ?? undefined, to: range.end ?? undefined }}
        // The picking rules are the spec's, not the library's: only the clicked day is used.
        onSelect={(_range, day) => onPick(day)}
      />
    </Box>
  );
}
