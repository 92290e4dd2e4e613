import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { type FinalScoreMode, fieldPathLabel, type KnockoutResult } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { knockoutAnswerLabel } from '../../shared/analyses/knockouts';
import { formatScore } from '../../shared/format/numbers';

/** The AI's score beside the human one (as Zendesk's AQS and IQS), and what knocked the human score out. */
export function ScoresSideBySide({
  ai,
  human,
  mode,
  knockouts,
  humanLabel,
}: {
  ai: number | null;
  human: number | null;
  mode: FinalScoreMode | null;
  knockouts: z.output<typeof KnockoutResult>[];
  humanLabel?: string;
}) {
  const { t, i18n } = useTranslation();
  const tile = (label: string, score: number | null, testId: string) => (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {formatScore(score, mode, i18n.language)}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" data-testid="review-scores">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('reviews.scores.title')}
      </Typography>
      <Stack direction="row" spacing={2}>
        {tile(t('reviews.scores.ai'), ai, 'ai-score')}
        {tile(humanLabel ?? t('reviews.scores.human'), human, 'human-score')}
      </Stack>
      {knockouts.length > 0 ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('reviews.scores.knockedOut', {
            reasons: knockouts
              .map((knockout) =>
                t('knockouts.detail.reason', {
                  field: fieldPathLabel(knockout.path),
                  answer: knockoutAnswerLabel(knockout.answer, t),
                }),
              )
              .join(', '),
          })}
        </Alert>
      ) : null}
    </Paper>
  );
}
