import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A filter that picks one of `options` by id, or all of them (undefined). */
export function IdSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | undefined;
  options: readonly { id: number; name: string }[];
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={value ? String(value) : ''}
      onChange={(event) => onChange(Number(event.target.value) || undefined)}
    >
      <MenuItem value="">{t('analyses.filters.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
