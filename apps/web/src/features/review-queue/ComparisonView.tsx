import { alpha, Chip, Stack, Typography } from '@mui/material';
import {
  type CalibrationComparison,
  type CalibrationDetail,
  type CalibrationFieldAnswers,
  fieldPathLabel,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { valueText } from '../../shared/analyses/valueText';
import { type Column, DataTable } from '../../shared/components/DataTable';
import { formatNumber, formatPercent, formatScore } from '../../shared/format/numbers';

/** The agreement share and everyone's score, then one row per field: the AI's answer and each reviewer's. */
export function ComparisonView({
  session,
  comparison,
}: {
  session: CalibrationDetail;
  comparison: CalibrationComparison;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = (id: number) =>
    session.participants.find((participant) => participant.id === id)?.name ?? `#${id}`;
  const reviewers = comparison.scores.map((score) => ({ ...score, name: nameOf(score.reviewer_id) }));
  const value = (answer: unknown) =>
    answer === null || answer === undefined ? '—' : valueText(answer, t, i18n.language);

  const columns: Column<CalibrationFieldAnswers>[] = [
    {
      id: 'field',
      header: t('calibration.compare.field'),
      cell: (row) => fieldPathLabel(row.path),
      cellSx: () => ({ fontWeight: 600 }),
    },
    { id: 'ai', header: t('calibration.compare.ai'), cell: (row) => value(row.ai_value) },
    ...reviewers.map(
      (reviewer): Column<CalibrationFieldAnswers> => ({
        id: `reviewer-${reviewer.reviewer_id}`,
        header: reviewer.name,
        cell: (row) => {
          const answer = row.answers.find((entry) => entry.reviewer_id === reviewer.reviewer_id);
          if (!answer) return '—';
          return (
            <>
              {value(answer.value)}
              {answer.comment ? (
                <Typography variant="caption" color="textSecondary" component="div">
                  “{answer.comment}”
                </Typography>
              ) : null}
            </>
          );
        },
      }),
    ),
    {
      id: 'agreed',
      header: t('calibration.compare.agreed'),
      cell: (row) =>
        row.agreed === null ? (
          '—'
        ) : (
          <Chip
            size="small"
            color={row.agreed ? 'success' : 'warning'}
            variant={row.agreed ? 'outlined' : 'filled'}
            label={t(row.agreed ? 'calibration.compare.same' : 'calibration.compare.different')}
          />
        ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body1" sx={{ fontWeight: 600, mr: 1 }} data-testid="calibration-agreement">
          {comparison.agreement === null
            ? t('calibration.compare.noAgreement')
            : t('calibration.compare.agreement', {
                count: comparison.fields.length,
                formatted: formatNumber(comparison.fields.length, i18n.language),
                share: formatPercent(comparison.agreement, i18n.language),
              })}
        </Typography>
        <Chip
          size="small"
          label={t('calibration.compare.aiScore', {
            score: formatScore(comparison.ai_score, comparison.score_mode, i18n.language),
          })}
          data-testid="calibration-ai-score"
        />
        {reviewers.map((reviewer) => (
          <Chip
            key={reviewer.reviewer_id}
            size="small"
            variant="outlined"
            label={t('calibration.compare.score', {
              name: reviewer.name,
              score: formatScore(reviewer.score, comparison.score_mode, i18n.language),
            })}
            data-testid={`calibration-score-${reviewer.reviewer_id}`}
          />
        ))}
      </Stack>
      <DataTable
        label={t('calibration.compare.label')}
        columns={columns}
        rows={comparison.fields}
        rowKey={(row) => row.path}
        rowProps={(row) => ({
          'data-testid': `calibration-field-${row.path}`,
          'data-agreed': String(row.agreed),
          sx:
            row.agreed === false
              ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) }
              : undefined,
        })}
        empty={{ text: t('calibration.compare.empty') }}
        scrollRegion
        testId="calibration-comparison"
      />
    </Stack>
  );
}
