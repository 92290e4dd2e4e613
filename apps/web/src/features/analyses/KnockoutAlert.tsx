import { Alert, AlertTitle, Typography } from '@mui/material';
import { type FinalScore, fieldPathLabel } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { knockoutAnswerLabel } from '../../shared/analyses/knockouts';
import { formatScore } from '../../shared/format/numbers';

/** Why an analysis failed whatever its other answers: the fields whose answers knocked it out. */
export function KnockoutAlert({ score }: { score: FinalScore }) {
  const { t, i18n } = useTranslation();
  if (score.knockouts.length === 0) return null;
  const reasons = score.knockouts
    .map((knockout) =>
      t('knockouts.detail.reason', {
        field: fieldPathLabel(knockout.path),
        answer: knockoutAnswerLabel(knockout.answer, t),
      }),
    )
    .join(', ');
  return (
    <Alert severity="error" data-testid="knockout-alert">
      <AlertTitle>{t('knockouts.detail.title')}</AlertTitle>
      <Typography variant="body2">{t('knockouts.detail.by', { reasons })}</Typography>
      {score.mode !== 'no' ? (
        <Typography variant="body2">
          {t('knockouts.detail.explain', { score: formatScore(score.score, score.mode, i18n.language) })}
        </Typography>
      ) : null}
    </Alert>
  );
}
