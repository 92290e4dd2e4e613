import { useTranslation } from 'react-i18next';
import { WarningChip } from '../components/WarningChip';

/** "Model unsure": beside an answer the model said the conversation did not let it give with confidence. */
export function UnsureChip({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <WarningChip
      label={t('analysis.unsure.label')}
      hint={t('analysis.unsure.help')}
      testId={`unsure-${path}`}
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}
