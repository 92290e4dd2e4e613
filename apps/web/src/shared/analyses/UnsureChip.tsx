import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** "Model unsure": beside an answer the model said the conversation did not let it give with confidence. */
export function UnsureChip({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('analysis.unsure.help')}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={t('analysis.unsure.label')}
        data-testid={`unsure-${path}`}
        sx={{ height: 20, fontSize: 11 }}
      />
    </Tooltip>
  );
}
