import { Box, Chip } from '@mui/material';
import { fieldPathLabel } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { AnalysisFilters } from '../../shared/api/analysisListQuery';

/**
 * The field filter an analytics figure links to ('Discovery - Budget: missed'), with a delete button that
 * removes the field with its outcome and value.
 */
export function FieldFilterChip({
  filters,
  onChange,
}: {
  filters: AnalysisFilters;
  onChange: (changes: Partial<AnalysisFilters>) => void;
}) {
  const { t } = useTranslation();
  if (!filters.field) return null;
  const field = fieldPathLabel(filters.field);
  let label = field;
  if (filters.field_outcome) {
    label = t('analytics.fieldFilter.with', {
      field,
      value: t(`analytics.outcome.${filters.field_outcome}`),
    });
  } else if (filters.field_value !== undefined) {
    label = t('analytics.fieldFilter.with', { field, value: filters.field_value });
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Chip
        label={label}
        onDelete={() => onChange({ field: undefined, field_outcome: undefined, field_value: undefined })}
        color="primary"
        variant="outlined"
        data-testid="field-filter-chip"
        sx={{ maxWidth: '100%' }}
      />
    </Box>
  );
}
