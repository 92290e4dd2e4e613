import { ListItemText, MenuItem, TextField } from '@mui/material';
import type { AnalyticsField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../fieldLabel';

/** A prompt's fields with their labels ('Discovery - Budget') and types. */
export function FieldSelect({
  fields,
  value,
  onChange,
  disabled,
}: {
  fields: AnalyticsField[];
  value: string;
  onChange: (path: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const known = fields.some((field) => field.path === value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      disabled={disabled}
      label={t('analytics.explorer.field')}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: {
          renderValue: (path) => {
            const shown = fields.find((field) => field.path === path);
            return shown ? fieldLabel(t, shown) : String(path);
          },
        },
      }}
    >
      {fields.map((field) => (
        <MenuItem key={field.path} value={field.path}>
          <ListItemText
            primary={fieldLabel(t, field)}
            secondary={t('analytics.explorer.fieldOption', {
              type: t(`analytics.types.${field.type}`),
              count: field.count,
            })}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}
