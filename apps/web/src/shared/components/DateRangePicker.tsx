import { Stack, TextField } from '@mui/material';

// Temporary stand-in with the interface of the shared date-range picker (built separately); replaced on merge.

export interface DateRangePickerProps {
  start: string | null;
  end: string | null;
  onChange: (start: string | null, end: string | null) => void;
  label?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

export function DateRangePicker({
  start,
  end,
  onChange,
  label,
  size = 'small',
  fullWidth,
}: DateRangePickerProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ width: fullWidth ? '100%' : undefined }}>
      <TextField
        type="date"
        size={size}
        fullWidth
        label={label}
        value={start ?? ''}
        onChange={(event) => onChange(event.target.value || null, end)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size={size}
        fullWidth
        value={end ?? ''}
        onChange={(event) => onChange(start, event.target.value || null)}
      />
    </Stack>
  );
}
