import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, AlertTitle, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { fromMilliUnits, type Insight, insightFieldLabel } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { SectionCard } from '../../shared/components/SectionCard';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { formatUnitsMilli } from '../../shared/format/analytics';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useInsight } from './api';
import { InsightAnswerView } from './InsightAnswerView';
import type { AskAgainState } from './InsightsPage';
import { formOfInsight, isRunning, STAGE_PROGRESS, STATUS_COLORS } from './model';
import { useFilterTexts } from './useFilterTexts';

function InsightProgress({ insight }: { insight: Insight }) {
  const { t } = useTranslation();
  const stage = insight.status === 'queued' ? 'queued' : insight.stage;
  return (
    <SectionCard title={t('insights.progress.title')} testId="insight-progress">
      <Typography sx={{ mb: 1 }}>{t(`insights.stage.${stage}`)}</Typography>
      <LinearProgress
        variant="determinate"
        value={STAGE_PROGRESS[stage]}
        aria-label={t(`insights.stage.${stage}`)}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {t('insights.progress.hint')}
      </Typography>
    </SectionCard>
  );
}

/** The question asked, its filters and fields, and who answered it at what cost. */
function QuestionCard({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation();
  const filterTexts = useFilterTexts();
  const filters = filterTexts(insight.filters);
  const units = {
    count: fromMilliUnits(insight.units_milli),
    units: formatUnitsMilli(insight.units_milli, i18n.language),
  };
  const cost = insight.charged
    ? t('insights.detail.charged', units)
    : t(isRunning(insight.status) ? 'insights.detail.held' : 'insights.detail.notCharged', units);
  const meta = [
    t('insights.detail.model', { model: insight.model_name }),
    cost,
    insight.analyses !== null ? t('insights.detail.analyses', { count: insight.analyses }) : null,
    t('insights.detail.asked', {
      when: formatDateTime(insight.created_at, i18n.language),
      who: insight.created_by?.name || insight.created_by?.email || t('insights.detail.someone'),
    }),
  ].filter(Boolean);
  return (
    <SectionCard title={t('insights.detail.question')} testId="insight-question">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="p" sx={{ whiteSpace: 'pre-line', fontWeight: 400 }}>
          {insight.question}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLORS[insight.status]}
          label={t(`insights.status.${insight.status}`)}
          data-testid="insight-status"
        />
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1.5 }} data-testid="insight-filters">
        {filters.length === 0 ? (
          <Chip size="small" variant="outlined" label={t('insights.history.noFilters')} />
        ) : null}
        {filters.map((text) => (
          <Chip key={text} size="small" variant="outlined" label={text} />
        ))}
        {insight.filters.analysis_fields.map((path) => (
          <Chip key={path} size="small" label={insightFieldLabel(path)} />
        ))}
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }} data-testid="insight-meta">
        {meta.join(' · ')}
      </Typography>
    </SectionCard>
  );
}

/** /projects/:id/analytics/insights/:insightId: an insight's progress, then its answer (or why it failed). */
export default function InsightPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const insightId = Number(useParams().insightId);
  const insight = useInsight(project.id, insightId);
  const listPath = `/projects/${project.id}/analytics/insights`;
  const askAgain = (data: Insight) =>
    navigate(listPath, { state: { askAgain: formOfInsight(data) } satisfies AskAgainState });

  const completed = insight.data?.status === 'completed' ? insight.data : null;
  let content: ReactNode;
  if (!Number.isInteger(insightId) || insightId <= 0 || isApiError(insight.error, 404)) {
    content = <Alert severity="warning">{t('insights.detail.notFound')}</Alert>;
  } else if (insight.isPending) {
    content = <LoadingState label={t('insights.detail.loading')} />;
  } else if (insight.isError) {
    content = (
      <ErrorState
        title={t('insights.detail.loadError')}
        message={errorMessage(insight.error)}
        onRetry={() => void insight.refetch()}
      />
    );
  } else {
    const data = insight.data;
    content = (
      <Stack spacing={2}>
        <QuestionCard insight={data} />
        {isRunning(data.status) ? <InsightProgress insight={data} /> : null}
        {data.status === 'failed' ? (
          <Alert
            severity="error"
            data-testid="insight-failed"
            action={
              <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={() => askAgain(data)}>
                {t('insights.detail.askAgain')}
              </Button>
            }
          >
            <AlertTitle>{t('insights.detail.failed')}</AlertTitle>
            {data.error || t('errors.generic')}
          </Alert>
        ) : null}
        {data.status === 'completed' && data.answer ? (
          <InsightAnswerView insight={data} answer={data.answer} />
        ) : null}
      </Stack>
    );
  }

  return (
    <Page
      title={t('insights.detail.title')}
      actions={
        <>
          <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />}>
            {t('insights.detail.back')}
          </Button>
          {completed ? (
            <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => askAgain(completed)}>
              {t('insights.detail.editAndAsk')}
            </Button>
          ) : null}
        </>
      }
    >
      {content}
    </Page>
  );
}
