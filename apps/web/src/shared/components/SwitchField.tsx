import { Box, FormControlLabel, Switch, Typography } from '@mui/material';

/** A switch with its name and, below the name, what turning it on or off does (a rule's or endpoint's "Enabled"). */
export function SwitchField({
  label,
  help,
  checked,
  onChange,
  disabled = false,
  inputProps,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Attributes of the input itself (a data-testid). */
  inputProps?: object;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          slotProps={inputProps ? { input: inputProps } : undefined}
        />
      }
      label={
        <Box>
          <Typography>{label}</Typography>
          <Typography variant="body2" color="textSecondary">
            {help}
          </Typography>
        </Box>
      }
    />
  );
}
