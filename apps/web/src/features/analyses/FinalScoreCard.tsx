import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { FinalScore } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { fieldLoss, scoreBreakdown } from '../../shared/analyses/result';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { formatNumber, formatScore } from '../../shared/format/numbers';

/**
 * The final score and how it came about (contracts' computeFinalScore): the mode's rule with this analysis's
 * numbers, and the points of every counted field.
 */
export function FinalScoreCard({ score }: { score: FinalScore }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | null) => (value === null ? '—' : formatNumber(value, i18n.language));
  const breakdown = scoreBreakdown(score);
  const values = {
    fields: formatNumber(score.fields.length, i18n.language),
    sum: n(score.sum),
    base: n(score.base),
    lost: n(breakdown.lost),
    // A knocked-out score explains how the fields scored; the knockout alert says what became of it.
    score: n(score.scoreBeforeKnockouts !== undefined ? score.scoreBeforeKnockouts : score.score),
    possible: n(breakdown.possible),
  };

  let explanation: string;
  switch (score.mode) {
    case 'sum':
      explanation = t('analysis.score.explain.sum', { ...values, count: score.fields.length });
      break;
    case 'percent':
      explanation =
        score.score === null
          ? t('analysis.score.explain.percentNone')
          : t(
              breakdown.baseSource === 'maxScore'
                ? 'analysis.score.explain.percentMaxScore'
                : 'analysis.score.explain.percentFields',
              values,
            );
      break;
    case 'descending':
      explanation = t(
        breakdown.baseSource === 'maxScore'
          ? 'analysis.score.explain.descendingMaxScore'
          : 'analysis.score.explain.descendingFields',
        values,
      );
      break;
    default:
      explanation = t('analysis.score.explain.no');
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, breakInside: 'avoid' }}
      component="section"
      aria-labelledby="final-score-title"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ textAlign: { sm: 'center' }, minWidth: 140 }}>
          <Typography id="final-score-title" variant="overline" color="textSecondary">
            {t('analysis.score.title')}
          </Typography>
          <Typography
            variant="h3"
            component="p"
            sx={{ fontWeight: 700, lineHeight: 1.1 }}
            data-testid="final-score"
          >
            {formatScore(score.score, score.mode, i18n.language)}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {t(`prompts.finalScoreModes.${score.mode}`, { defaultValue: score.mode })}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="body2" data-testid="score-explanation">
            {explanation}
          </Typography>
          {score.mode !== 'no' ? (
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
              {t('analysis.score.rules')}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      {score.mode !== 'no' && score.fields.length > 0 ? (
        <ScrollRegion label={t('analysis.score.fieldsLabel')} sx={{ mt: 2 }}>
          <Table size="small" aria-label={t('analysis.score.fieldsLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('analysis.score.columns.field')}</TableCell>
                <TableCell>{t('analysis.score.columns.type')}</TableCell>
                <TableCell align="right">{t('analysis.score.columns.points')}</TableCell>
                <TableCell align="right">{t('analysis.score.columns.max')}</TableCell>
                {score.mode === 'descending' ? (
                  <TableCell align="right">{t('analysis.score.columns.lost')}</TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {score.fields.map((field) => (
                <TableRow key={field.path}>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    {field.path.split('.').join(' › ')}
                  </TableCell>
                  <TableCell>{t(`prompts.fieldTypes.${field.type}`, { defaultValue: field.type })}</TableCell>
                  <TableCell align="right">{n(field.points)}</TableCell>
                  <TableCell align="right">
                    {field.max === null ? t('analysis.score.unbounded') : n(field.max)}
                  </TableCell>
                  {score.mode === 'descending' ? (
                    <TableCell align="right">
                      {fieldLoss(field) > 0 ? `−${n(fieldLoss(field))}` : '0'}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
    </Paper>
  );
}
