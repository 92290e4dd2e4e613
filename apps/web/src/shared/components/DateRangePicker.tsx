import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ClearIcon from '@mui/icons-material/Clear';
import { IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftRange, rangeText } from '../dates/rangePicking';
import { localDayAtNoon, toLocalDay } from '../utils/dateTime';
import { dateFormat } from '../utils/displayDates';
import { DateRangePanel } from './DateRangePanel';

/** The popup's width (spec); on a narrower screen it fits the viewport. */
export const DATE_RANGE_POPUP_WIDTH = 600;

export interface DateRangePickerProps {
  /** The first day, YYYY-MM-DD (as the API takes days), or null. */
  start: string | null;
  /** The last day, YYYY-MM-DD, or null. */
  end: string | null;
  /** Apply passes the picked days; the clear button and Cancel pass nulls. */
  onChange: (start: string | null, end: string | null) => void;
  label?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** A read-only field showing 'start - end' that opens a popup to pick the range (spec 2.6). */
export function DateRangePicker({ start, end, onChange, label, size, fullWidth }: DateRangePickerProps) {
  const { t, i18n } = useTranslation();
  const fieldRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const formatter = useMemo(() => dateFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const format = (date: Date) => formatter.format(date);
  const range: DraftRange = { start: localDayAtNoon(start), end: localDayAtNoon(end) };
  const fieldLabel = label ?? t('dateRange.label');

  const close = (from: string | null, to: string | null) => {
    setOpen(false);
    onChange(from, to);
  };

  return (
    <>
      <TextField
        ref={fieldRef}
        label={fieldLabel}
        value={rangeText(range, format)}
        size={size}
        fullWidth={fullWidth}
        onClick={() => setOpen(true)}
        sx={{ '& .MuiInputBase-root, & .MuiInputBase-input': { cursor: 'pointer' } }}
        slotProps={{
          htmlInput: {
            readOnly: true,
            'aria-haspopup': 'dialog',
            onKeyDown: (event: KeyboardEvent) => {
              if (!OPENING_KEYS.has(event.key)) return;
              event.preventDefault();
              setOpen(true);
            },
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <CalendarIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment:
              range.start || range.end ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('dateRange.clear')}
                    onClick={(event) => {
                      event.stopPropagation();
                      onChange(null, null);
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      <Popover
        open={open}
        anchorEl={fieldRef.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': fieldLabel,
            sx: { width: DATE_RANGE_POPUP_WIDTH, maxWidth: 'calc(100vw - 32px)', mt: 0.5 },
          },
        }}
      >
        <DateRangePanel
          initial={range}
          format={format}
          onCancel={() => close(null, null)}
          onApply={(picked) =>
            close(picked.start && toLocalDay(picked.start), picked.end && toLocalDay(picked.end))
          }
        />
      </Popover>
    </>
  );
}
