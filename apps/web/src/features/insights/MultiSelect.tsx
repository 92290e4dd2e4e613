import { Autocomplete, Chip, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface Choice {
  value: string;
  label: string;
}

/** Several of a list of choices, shown as chips (departments, representatives, analysis fields). */
export function MultiSelect({
  label,
  choices,
  value,
  onChange,
  disabled,
  loading,
  helperText,
  labelOf = (chosen) => chosen,
  testId,
}: {
  label: string;
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  loading?: boolean;
  helperText?: string;
  /** The label of a chosen value that is not among the choices (a form asked again). */
  labelOf?: (value: string) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  const labelFor = (chosen: string) => labels.get(chosen) ?? labelOf(chosen);
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      disableCloseOnSelect
      options={choices.map((choice) => choice.value)}
      getOptionLabel={labelFor}
      value={[...value]}
      onChange={(_event, next) => onChange(next)}
      disabled={disabled}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={t('insights.form.noOptions')}
      data-testid={testId}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelFor(option)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          helperText={helperText}
          placeholder={value.length === 0 ? t('insights.form.any') : undefined}
        />
      )}
    />
  );
}
