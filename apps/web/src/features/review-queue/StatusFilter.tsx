import { MenuItem, TextField } from '@mui/material';
import { ASSIGNMENT_STATUSES, type AssignmentStatus } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

/** Open / in progress / done, or every status. */
export function StatusFilter({
  value,
  onChange,
  fullWidth = false,
}: {
  value: AssignmentStatus | undefined;
  onChange: (status: AssignmentStatus | undefined) => void;
  /** Fill its grid cell like the other filters beside it. */
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('reviewQueue.filters.status')}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as AssignmentStatus | undefined)}
      fullWidth={fullWidth}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
    >
      <MenuItem value="">{t('reviewQueue.filters.allStatuses')}</MenuItem>
      {ASSIGNMENT_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`reviewQueue.status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
