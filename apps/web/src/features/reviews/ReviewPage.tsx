import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AnalysisDetail,
  type AnalysisReviews,
  computeFinalScore,
  correctableFields,
  fieldPathLabel,
  formatTimestamp,
  isAiValue,
  REVIEW_COMMENT_MAX,
  REVIEW_MOMENTS_MAX,
  type ResultValue,
  type ReviewMoment,
  readStoredResult,
  valueAtPath,
  withValueAtPath,
} from '@parley/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { promptShape } from '../../shared/analyses/result';
import { namedSegments, speakerNaming } from '../../shared/analyses/speakers';
import { UnsureChip } from '../../shared/analyses/UnsureChip';
import { ValueInput } from '../../shared/analyses/ValueInput';
import { type Draft, draftOf, readDraft } from '../../shared/analyses/valueDraft';
import { valueText } from '../../shared/analyses/valueText';
import { analysisPath, useAnalysis } from '../../shared/api/analyses';
import { calibrationPath } from '../../shared/api/calibrations';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { Page } from '../../shared/components/Page';
import { QueryContent } from '../../shared/components/States';
import { useAnalysisReviews, useDiscardReview, useSaveReview } from './api';
import { ScoresSideBySide } from './ScoresSideBySide';

/** /projects/{id}/analysis/{taskId}/review: a person's review of an analysis, the AI's answers as suggestions. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const taskId = Number(useParams().taskId);
  const detail = useAnalysis(project.id, taskId);
  const reviews = useAnalysisReviews(project.id, taskId);

  return (
    <QueryContent
      query={detail}
      loadingLabel={t('reviews.form.loading')}
      errorTitle={t('reviews.form.loadError')}
    >
      {(data) => (
        <QueryContent
          query={reviews}
          loadingLabel={t('reviews.form.loading')}
          errorTitle={t('reviews.form.loadError')}
        >
          {(found) => <ReviewView detail={data} reviews={found} readOnly={Boolean(project.read_only)} />}
        </QueryContent>
      )}
    </QueryContent>
  );
}

/** The caller's calibration session on this analysis: review on your own while blind, else see the results. */
function CalibrationNotice({
  projectId,
  calibration,
}: {
  projectId: number;
  calibration: NonNullable<AnalysisReviews['calibration']>;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      data-testid="review-calibration"
      action={
        <Button
          size="small"
          color="inherit"
          component={RouterLink}
          to={calibrationPath(projectId, calibration.id)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t(calibration.blind ? 'reviews.calibration.open' : 'reviews.calibration.results')}
        </Button>
      }
    >
      {calibration.name
        ? t(calibration.blind ? 'reviews.calibration.blind' : 'reviews.calibration.done', {
            name: calibration.name,
          })
        : t(calibration.blind ? 'reviews.calibration.blindUnnamed' : 'reviews.calibration.doneUnnamed')}
    </Alert>
  );
}

interface FieldState {
  draft: Draft;
  comment: string;
}

function ReviewView({
  detail,
  reviews,
  readOnly,
}: {
  detail: AnalysisDetail;
  reviews: AnalysisReviews;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const back = analysisPath(detail.project_id, detail.id);
  const result = useMemo(() => readStoredResult(detail.result), [detail.result]);
  // The prompt that answered (a classification's chosen one), else the analysis's own version.
  const shape = useMemo(
    () => promptShape(result?.prompt) ?? promptShape(detail.prompt?.data),
    [result, detail.prompt],
  );
  const aiValues = result?.values ?? {};
  const fields = useMemo(() => (shape ? correctableFields(shape.fields) : []), [shape]);
  const draft = reviews.draft;
  const [state, setState] = useState<Record<string, FieldState>>(() =>
    Object.fromEntries(
      fields.map(({ path, field }) => {
        const saved = draft?.answers.find((answer) => answer.path === path);
        const value = saved ? saved.value : valueAtPath(aiValues, path);
        return [path, { draft: draftOf(field, value), comment: saved?.comment ?? '' }];
      }),
    ),
  );
  const [moments, setMoments] = useState<ReviewMoment[]>(() => draft?.moments ?? []);
  const [comment, setComment] = useState(draft?.comment ?? '');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveReview(detail.project_id, detail.id);
  const discard = useDiscardReview(detail.project_id, detail.id);
  // Lines without a time (chat messages without one) cannot be pointed at.
  const segments = useMemo(
    () =>
      namedSegments(detail.transcript ?? [], speakerNaming(detail, t)).flatMap((segment) =>
        segment.start === null ? [] : [{ ...segment, start: segment.start }],
      ),
    [detail, t],
  );

  // Each field's answer: the reviewer's when it reads as a value; an unanswered field the AI left empty keeps
  // its empty answer; anything else is a problem to fix before saving.
  const answers = fields.map(({ path, field }) => {
    const aiValue = valueAtPath(aiValues, path) ?? null;
    const entry = state[path] ?? { draft: undefined, comment: '' };
    const read = readDraft(field, entry.draft);
    const empty = read.problem === 'required' && aiValue === null;
    const value: ResultValue = read.problem === null ? read.value : aiValue;
    return {
      path,
      field,
      aiValue,
      entry,
      value,
      problem: read.problem !== null && !empty,
      changed: read.problem === null && !isAiValue(read.value, aiValue),
    };
  });
  const humanScore = useMemo(() => {
    if (!shape?.finalScore) return null;
    let values = aiValues;
    for (const answer of answers)
      if (answer.changed) values = withValueAtPath(values, answer.path, answer.value);
    return computeFinalScore(shape.finalScore, shape.fields, values, shape.maxScore, shape.knockoutCap);
  }, [answers, aiValues, shape]);
  const invalid = answers.some((answer) => answer.problem) || moments.some((m) => m.comment.trim() === '');

  const body = (submit: boolean) => ({
    answers: answers
      .filter((answer) => answer.changed || answer.entry.comment.trim() !== '')
      .map((answer) => ({
        path: answer.path,
        ...(answer.changed ? { value: answer.value as string | number | boolean } : {}),
        ...(answer.entry.comment.trim() ? { comment: answer.entry.comment.trim() } : {}),
      })),
    moments: moments.map((moment) => ({ seconds: moment.seconds, comment: moment.comment.trim() })),
    ...(comment.trim() ? { comment: comment.trim() } : {}),
    submit,
  });
  const send = (submit: boolean) => {
    setTried(true);
    if (invalid) {
      setConfirming(false);
      return;
    }
    save.mutate(body(submit), {
      onSuccess: () => {
        setConfirming(false);
        if (submit) void navigate(back);
      },
    });
  };
  const setField = (path: string, change: Partial<FieldState>) =>
    setState((current) => ({
      ...current,
      [path]: { ...(current[path] ?? { draft: undefined, comment: '' }), ...change },
    }));
  const addMoment = (seconds: number) =>
    setMoments((current) =>
      current.length >= REVIEW_MOMENTS_MAX ? current : [...current, { seconds, comment: '' }],
    );

  const title = t('reviews.form.title', {
    name: detail.title || detail.media.file_name || t('analyses.list.untitled', { id: detail.id }),
  });
  const actions = (
    <Button component={RouterLink} to={back} variant="outlined" startIcon={<ArrowBackIcon />}>
      {t('reviews.form.back')}
    </Button>
  );

  if (!reviews.can_review || readOnly || !shape || fields.length === 0) {
    return (
      <Page title={title} actions={actions}>
        {reviews.calibration ? (
          <CalibrationNotice projectId={detail.project_id} calibration={reviews.calibration} />
        ) : null}
        <Alert severity="info" data-testid="review-unavailable">
          {!reviews.can_review || readOnly ? t('reviews.form.notAllowed') : t('reviews.form.noFields')}
        </Alert>
      </Page>
    );
  }

  const busy = save.isPending || discard.isPending;
  return (
    <Page
      title={title}
      subtitle={[
        detail.prompt?.name,
        detail.prompt?.version ? t('reviews.form.version', { number: detail.prompt.version }) : null,
        detail.representative,
      ]
        .filter(Boolean)
        .join(' · ')}
      actions={actions}
    >
      {reviews.calibration ? (
        <CalibrationNotice projectId={detail.project_id} calibration={reviews.calibration} />
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <AnalysisSection title={t('reviews.form.scorecard')} testId="review-fields">
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {t('reviews.form.intro')}
            </Typography>
            <Stack spacing={2} divider={<Divider flexItem />}>
              {answers.map(({ path, field, aiValue, entry, changed, problem }) => {
                const evidence = result?.evidence[path];
                const label = fieldPathLabel(path);
                return (
                  <Box key={path} data-testid={`review-field-${path}`}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                      <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                        {label}
                      </Typography>
                      {evidence?.unsure ? <UnsureChip path={path} /> : null}
                      <Chip
                        size="small"
                        color={changed ? 'warning' : 'default'}
                        label={changed ? t('reviews.form.changed') : t('reviews.form.accepted')}
                        sx={{ height: 20, fontSize: 11 }}
                      />
                    </Stack>
                    <Typography variant="body2" color="textSecondary">
                      {t('reviews.form.aiAnswer', { value: valueText(aiValue, t, i18n.language) })}
                    </Typography>
                    {evidence?.justification ? (
                      <Typography variant="body2" color="textSecondary" sx={{ fontStyle: 'italic' }}>
                        {evidence.justification}
                      </Typography>
                    ) : null}
                    {evidence?.quote ? (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" color="textSecondary">
                          “{evidence.quote}”
                        </Typography>
                        {evidence.timestamp !== null ? (
                          <Button
                            size="small"
                            onClick={() => addMoment(evidence.timestamp!)}
                            sx={{ minWidth: 0, py: 0, fontSize: 12, flexShrink: 0 }}
                          >
                            {t('reviews.form.commentAt', { time: formatTimestamp(evidence.timestamp) })}
                          </Button>
                        ) : null}
                      </Stack>
                    ) : null}
                    <Stack spacing={1} sx={{ mt: 1 }}>
                      <ValueInput
                        field={field}
                        label={t('reviews.form.yourAnswer')}
                        draft={entry.draft}
                        onChange={(next) => setField(path, { draft: next })}
                        showProblem={tried && problem}
                        disabled={busy}
                      />
                      <TextField
                        size="small"
                        fullWidth
                        multiline
                        label={t('reviews.form.fieldComment')}
                        value={entry.comment}
                        onChange={(event) => setField(path, { comment: event.target.value })}
                        slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
                        disabled={busy}
                      />
                    </Stack>
                  </Box>
                );
              })}
            </Stack>
          </AnalysisSection>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <ScoresSideBySide
              ai={result?.score?.score ?? detail.final_score}
              human={humanScore?.score ?? null}
              mode={shape.finalScore}
              knockouts={humanScore?.knockouts ?? []}
              humanLabel={t('reviews.scores.yours')}
            />
            {segments.length > 0 || moments.length > 0 ? (
              <AnalysisSection title={t('reviews.form.moments')} testId="review-moments">
                <Stack spacing={1.5}>
                  {moments.length === 0 ? (
                    <Typography variant="body2" color="textSecondary">
                      {t('reviews.form.noMoments')}
                    </Typography>
                  ) : null}
                  {moments.map((moment, index) => (
                    <Stack
                      // biome-ignore lint/suspicious/noArrayIndexKey: moments have no id until saved
                      key={index}
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'flex-start' }}
                    >
                      <Chip label={formatTimestamp(moment.seconds)} size="small" sx={{ mt: 1 }} />
                      <TextField
                        size="small"
                        fullWidth
                        multiline
                        label={t('reviews.form.momentComment')}
                        value={moment.comment}
                        onChange={(event) =>
                          setMoments((current) =>
                            current.map((item, i) =>
                              i === index ? { ...item, comment: event.target.value } : item,
                            ),
                          )
                        }
                        error={tried && moment.comment.trim() === ''}
                        helperText={
                          tried && moment.comment.trim() === '' ? t('reviews.form.momentRequired') : undefined
                        }
                        slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
                        disabled={busy}
                      />
                      <IconButton
                        aria-label={t('reviews.form.removeMoment', { time: formatTimestamp(moment.seconds) })}
                        onClick={() => setMoments((current) => current.filter((_, i) => i !== index))}
                        disabled={busy}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                  ))}
                  {segments.length > 0 && moments.length < REVIEW_MOMENTS_MAX ? (
                    <TextField
                      select
                      size="small"
                      fullWidth
                      label={t('reviews.form.addMoment')}
                      value=""
                      onChange={(event) => {
                        const line = segments[Number(event.target.value)];
                        if (line) addMoment(line.start);
                      }}
                      disabled={busy}
                    >
                      {segments.map((segment, index) => (
                        <MenuItem
                          // biome-ignore lint/suspicious/noArrayIndexKey: transcript lines are positional
                          key={index}
                          value={String(index)}
                          sx={{ whiteSpace: 'normal' }}
                        >
                          {formatTimestamp(segment.start)} {segment.speaker ? `${segment.speaker}: ` : ''}
                          {segment.text.slice(0, 120)}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : null}
                </Stack>
              </AnalysisSection>
            ) : null}
            <AnalysisSection title={t('reviews.form.summary')}>
              <TextField
                fullWidth
                multiline
                minRows={3}
                label={t('reviews.form.summaryLabel')}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
                disabled={busy}
              />
            </AnalysisSection>
            {tried && invalid ? <Alert severity="error">{t('reviews.form.fix')}</Alert> : null}
            {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
            {save.isSuccess && !save.variables?.submit ? (
              <Alert severity="success" data-testid="review-draft-saved">
                {t('reviews.form.draftSaved')}
              </Alert>
            ) : null}
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}
            >
              {draft ? (
                <Button
                  color="error"
                  onClick={() => discard.mutate(undefined, { onSuccess: () => void navigate(back) })}
                  disabled={busy}
                >
                  {t('reviews.form.discard')}
                </Button>
              ) : null}
              <Button variant="outlined" onClick={() => send(false)} disabled={busy}>
                {t('reviews.form.saveDraft')}
              </Button>
              <Button
                variant="contained"
                onClick={() => {
                  setTried(true);
                  if (!invalid) setConfirming(true);
                }}
                disabled={busy}
              >
                {t('reviews.form.submit')}
              </Button>
            </Stack>
          </Stack>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirming}
        title={t('reviews.form.confirmTitle')}
        message={t('reviews.form.confirmMessage', {
          count: answers.filter((answer) => answer.changed).length,
        })}
        confirmLabel={t('reviews.form.submit')}
        onConfirm={() => send(true)}
        onClose={() => setConfirming(false)}
        busy={save.isPending}
        error={save.isError ? errorMessage(save.error) : undefined}
      />
    </Page>
  );
}
