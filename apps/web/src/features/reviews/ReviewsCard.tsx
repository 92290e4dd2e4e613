import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Alert, alpha, Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import {
  type AnalysisDetail,
  type FinalScoreMode,
  fieldPathLabel,
  formatTimestamp,
  isProjectManager,
  type Review,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { valueText } from '../../shared/analyses/valueText';
import { calibrationPath } from '../../shared/api/calibrations';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { formatScore } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { reviewPath, useAcknowledgeReview, useAnalysisReviews } from './api';
import { ScoresSideBySide } from './ScoresSideBySide';
import { StartCalibrationDialog } from './StartCalibrationDialog';

/**
 * Reviews by people on the analysis page: the AI's and the human score side by side, each submitted review
 * with the answers it changed and its comments, the Review button for those who may review, and for the
 * representative Acknowledge, or Dispute through the change requests.
 */
export function ReviewsCard({
  detail,
  aiScore,
  mode,
  timeZone,
  interactive,
  onSeek,
  onDispute,
}: {
  detail: AnalysisDetail;
  aiScore: number | null;
  mode: FinalScoreMode | null;
  timeZone?: string;
  /** False in the print view and under support access: nothing to click. */
  interactive: boolean;
  onSeek: ((seconds: number) => void) | null;
  /** Opens the change-request dialog (on this field, or the general one). */
  onDispute?: (path: string | null) => void;
}) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const [starting, setStarting] = useState(false);
  const query = useAnalysisReviews(detail.project_id, detail.id, detail.status === 'completed');
  if (detail.status !== 'completed' || !query.data) return null;
  const { reviews, draft, can_review: canReview, human_score: human, calibration } = query.data;
  const mayStart = interactive && isProjectManager(project.my_role);
  if (reviews.length === 0 && !(interactive && canReview) && !mayStart) return null;
  const reviewButton =
    interactive && canReview ? (
      <Button
        size="small"
        variant="contained"
        startIcon={<RateReviewIcon />}
        component={RouterLink}
        to={reviewPath(detail.project_id, detail.id)}
        data-testid="review-button"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {draft ? t('reviews.card.continue') : t('reviews.card.review')}
      </Button>
    ) : null;
  // The caller's open session on this analysis, else (admins and owners) a new one.
  const calibrationButton = calibration ? (
    <Button
      size="small"
      variant="outlined"
      startIcon={<GroupsIcon />}
      component={RouterLink}
      to={calibrationPath(detail.project_id, calibration.id)}
      data-testid="calibration-open"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('calibration.card.open')}
    </Button>
  ) : mayStart ? (
    <Button
      size="small"
      variant="outlined"
      startIcon={<GroupsIcon />}
      onClick={() => setStarting(true)}
      data-testid="calibration-start"
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('calibration.start.button')}
    </Button>
  ) : null;
  const buttons =
    reviewButton || calibrationButton ? (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {calibrationButton}
        {reviewButton}
      </Stack>
    ) : null;
  return (
    <AnalysisSection title={t('reviews.card.title')} testId="reviews-card" aside={buttons}>
      {starting ? (
        <StartCalibrationDialog
          projectId={detail.project_id}
          taskId={detail.id}
          onClose={() => setStarting(false)}
        />
      ) : null}
      {reviews.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('reviews.card.none')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <ScoresSideBySide
            ai={aiScore}
            human={human}
            mode={mode}
            knockouts={reviews.length === 1 ? (reviews[0]!.score.knockouts ?? []) : []}
            humanLabel={
              reviews.length > 1 ? t('reviews.scores.humanMean', { count: reviews.length }) : undefined
            }
          />
          {reviews.map((review) => (
            <ReviewEntry
              key={review.id}
              projectId={detail.project_id}
              review={review}
              mode={mode}
              timeZone={timeZone}
              representative={interactive && query.data.is_representative}
              onSeek={onSeek}
              onDispute={onDispute}
            />
          ))}
        </Stack>
      )}
    </AnalysisSection>
  );
}

function ReviewEntry({
  projectId,
  review,
  mode,
  timeZone,
  representative,
  onSeek,
  onDispute,
}: {
  projectId: number;
  review: Review;
  mode: FinalScoreMode | null;
  timeZone?: string;
  representative: boolean;
  onSeek: ((seconds: number) => void) | null;
  onDispute?: (path: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const acknowledge = useAcknowledgeReview(projectId, review.task_id);
  const shown = review.answers.filter((answer) => answer.changed || answer.comment);
  const changed = review.answers.filter((answer) => answer.changed);
  return (
    <Box data-testid={`review-${review.id}`}>
      <Divider sx={{ mb: 1.5 }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
        <Typography variant="subtitle2">{review.reviewer.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {review.submitted_at ? formatDateTime(review.submitted_at, i18n.language, timeZone) : ''}
        </Typography>
        <Chip
          size="small"
          label={t('reviews.card.score', { score: formatScore(review.score.score, mode, i18n.language) })}
        />
        <Chip
          size="small"
          color={changed.length > 0 ? 'warning' : 'success'}
          label={t('reviews.card.changedCount', { count: changed.length })}
        />
        {review.acknowledged_at ? (
          <Chip
            size="small"
            color="success"
            icon={<CheckIcon />}
            data-testid="review-acknowledged"
            label={t('reviews.card.acknowledged', {
              name: review.acknowledged_by?.name ?? '',
              date: formatDateTime(review.acknowledged_at, i18n.language, timeZone),
            })}
          />
        ) : null}
      </Stack>
      {shown.length > 0 ? (
        <Stack spacing={0.75} sx={{ mb: 1 }}>
          {shown.map((answer) => (
            <Box
              key={answer.path}
              data-testid={`review-answer-${answer.path}`}
              data-changed={answer.changed}
              sx={{
                px: 1,
                py: 0.5,
                borderRadius: 1,
                borderLeft: 3,
                borderColor: answer.changed ? 'warning.main' : 'divider',
                bgcolor: (theme) =>
                  answer.changed ? alpha(theme.palette.warning.main, 0.12) : 'transparent',
              }}
            >
              <Typography variant="body2">
                <strong>{fieldPathLabel(answer.path)}</strong>
                {': '}
                {answer.changed
                  ? t('reviews.card.changedAnswer', {
                      ai: valueText(answer.ai_value, t, i18n.language),
                      value: valueText(answer.value, t, i18n.language),
                    })
                  : valueText(answer.value, t, i18n.language)}
              </Typography>
              {answer.comment ? <Typography variant="body2">“{answer.comment}”</Typography> : null}
            </Box>
          ))}
        </Stack>
      ) : null}
      {review.moments.length > 0 ? (
        <Stack spacing={0.5} sx={{ mb: 1 }}>
          {review.moments.map((moment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a review's moments are a fixed list
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Chip
                size="small"
                label={formatTimestamp(moment.seconds)}
                onClick={onSeek ? () => onSeek(moment.seconds) : undefined}
                aria-label={t('reviews.card.playAt', { time: formatTimestamp(moment.seconds) })}
              />
              <Typography variant="body2">{moment.comment}</Typography>
            </Stack>
          ))}
        </Stack>
      ) : null}
      {review.comment ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
          {review.comment}
        </Typography>
      ) : null}
      {representative && !review.acknowledged_at ? (
        <Stack spacing={1}>
          <Typography variant="body2" color="textSecondary">
            {t('reviews.card.representativeHint')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              startIcon={<CheckIcon />}
              onClick={() => acknowledge.mutate(review.id)}
              disabled={acknowledge.isPending}
            >
              {t('reviews.card.acknowledge')}
            </Button>
            {onDispute ? (
              <Button size="small" variant="outlined" onClick={() => onDispute(changed[0]?.path ?? null)}>
                {t('reviews.card.dispute')}
              </Button>
            ) : null}
          </Stack>
          {acknowledge.isError ? <Alert severity="error">{errorMessage(acknowledge.error)}</Alert> : null}
        </Stack>
      ) : null}
    </Box>
  );
}
