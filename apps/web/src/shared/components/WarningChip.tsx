import { Chip, type SxProps, type Theme, Tooltip } from '@mui/material';

/** A small outlined warning chip whose tooltip says what it means (a model unsure, an account deactivated). */
export function WarningChip({
  label,
  hint,
  testId,
  sx,
}: {
  label: string;
  hint: string;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Tooltip title={hint}>
      <Chip size="small" color="warning" variant="outlined" label={label} data-testid={testId} sx={sx} />
    </Tooltip>
  );
}
