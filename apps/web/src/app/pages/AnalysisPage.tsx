import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Button, Chip, Grid, Stack, Typography } from '@mui/material';
import {
  type AnalysisDetail,
  isProjectManager,
  type ResultValues,
  readStoredResult,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { DetailsCard } from '../../features/analyses/DetailsCard';
import { FinalScoreCard } from '../../features/analyses/FinalScoreCard';
import { KnockoutAlert } from '../../features/analyses/KnockoutAlert';
import { MediaPlayer } from '../../features/analyses/MediaPlayer';
import { MetricsCard } from '../../features/analyses/MetricsCard';
import {
  OriginalRecordingLink,
  OriginalSwitch,
  OriginalTranscript,
} from '../../features/analyses/OriginalTranscript';
import { usePlayer } from '../../features/analyses/player';
import { ReanalyzeDialog } from '../../features/analyses/ReanalyzeDialog';
import { ResultFields } from '../../features/analyses/ResultFields';
import { SpeakerRolesCard } from '../../features/analyses/SpeakerRolesCard';
import { StatusPanel } from '../../features/analyses/StatusPanel';
import { PlainTranscript, Transcript } from '../../features/analyses/Transcript';
import { TranscriptExport } from '../../features/analyses/TranscriptExport';
import { CorrectionsCard, useAnalysisDisputes } from '../../features/change-requests/AnalysisDisputes';
import { ReviewsCard } from '../../features/reviews/ReviewsCard';
import {
  TrackerChips,
  TrackerHitsCard,
  TrackerTimeline,
  useAnalysisTrackers,
} from '../../features/trackers/AnalysisTrackers';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { type Moment, readMoment } from '../../shared/analyses/momentLink';
import { fieldsFor, finalScoreOf, promptShape } from '../../shared/analyses/result';
import { namedSegments, originalNaming, speakerNaming } from '../../shared/analyses/speakers';
import {
  analysisKeys,
  type TaskEventHandlers,
  useAnalysis,
  usePrompt,
  useTaskEvents,
} from '../../shared/api/analyses';
import { useOriginalTranscript } from '../../shared/api/originalTranscript';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { TaskStatusChip } from '../../shared/components/TaskStatus';
import { formatDateTime } from '../../shared/utils/displayDates';
import { downloadJson } from '../../shared/utils/download';

/** /projects/{id}/analysis/{taskId}: one analysis with its recording, transcript, results and metrics. */
export default function AnalysisPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: the analysis can be read, exported and printed, not re-analysed.
  const readOnly = Boolean(project.read_only);
  const params = useParams();
  const [search] = useSearchParams();
  const pdf = search.get('pdf') === '1';
  const taskId = Number(params.taskId);
  const valid = Number.isInteger(taskId) && taskId > 0;
  const detail = useAnalysis(project.id, taskId);
  const queryClient = useQueryClient();

  const events = useMemo<TaskEventHandlers>(() => {
    const reload = () =>
      void queryClient.invalidateQueries({ queryKey: analysisKeys.detail(project.id, taskId) });
    return {
      // Stage and progress change in place; a new status reloads the rest (results, error, times).
      onChange: (change, applied) => {
        if (change.task_id === taskId && (applied.finished || applied.statusChanged)) reload();
      },
      onOpen: reload,
    };
  }, [queryClient, project.id, taskId]);
  useTaskEvents(project.id, events, valid && !pdf);

  if (!valid) {
    return (
      <EmptyState
        icon={<SearchOffIcon />}
        title={t('analysis.notFound')}
        action={
          <Button component={RouterLink} to={`/projects/${project.id}/analyses`} variant="outlined">
            {t('analysis.backToList')}
          </Button>
        }
      />
    );
  }

  return (
    <QueryContent query={detail} loadingLabel={t('analysis.loading')} errorTitle={t('analysis.loadError')}>
      {(data) => (
        <AnalysisView
          detail={data}
          pdf={pdf}
          linkedMoment={pdf ? null : readMoment(search)}
          timeZone={project.timezone}
          readOnly={readOnly}
          manager={isProjectManager(project.my_role)}
        />
      )}
    </QueryContent>
  );
}

const noWrap = { whiteSpace: 'nowrap', flexShrink: 0 } as const;
const NO_VALUES: ResultValues = {};

function AnalysisView({
  detail,
  pdf,
  linkedMoment,
  timeZone,
  readOnly,
  manager,
}: {
  detail: AnalysisDetail;
  pdf: boolean;
  /** The moment the link opened the analysis at (?segment=N&t=SECONDS, from a search result). */
  linkedMoment: Moment | null;
  timeZone?: string;
  readOnly: boolean;
  /** An admin or owner: re-analyses rather than asking for it. */
  manager: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const player = usePlayer();
  const [reanalyzeOpen, setReanalyzeOpen] = useState(false);

  // The typed result; the oldest ones (their values alone, sent as stored) read as a result without evidence.
  const result = useMemo(() => readStoredResult(detail.result), [detail.result]);
  const snapshot = useMemo(() => promptShape(detail.prompt?.data), [detail.prompt]);
  const classified = result?.classification ?? null;
  // A classification analysis answers with the prompt it chose: its fields are stored with the result;
  // results stored before that was done fall back to the prompt as it is now.
  const storedTarget = useMemo(() => promptShape(result?.prompt), [result]);
  const targetId =
    classified && !storedTarget && result?.prompt && result.prompt.id !== detail.prompt_id
      ? result.prompt.id
      : null;
  const target = usePrompt(detail.project_id, targetId);
  const targetShape = useMemo(() => (target.data ? promptShape(target.data) : null), [target.data]);
  const shape = classified ? (storedTarget ?? targetShape) : snapshot;
  const fields = useMemo(
    () => (result ? fieldsFor(shape?.fields ?? null, result.values) : []),
    [result, shape],
  );
  const score = finalScoreOf(result, shape);
  const disputes = useAnalysisDisputes({
    detail,
    fields: shape?.fields ?? [],
    values: result?.values ?? NO_VALUES,
    enabled: !pdf && !readOnly && detail.status === 'completed' && result !== null,
  });
  const metrics = detail.metrics;
  const segments = detail.transcript ?? [];
  const naming = useMemo(() => speakerNaming(detail, t), [detail, t]);
  const exported = useMemo(() => namedSegments(segments, naming), [segments, naming]);
  const hasPlayer = detail.media.kind !== 'text' && !pdf;
  // The transcript before redaction: admins and owners of the project (not a read-only support view), on screen.
  const canReadOriginal =
    manager && !readOnly && !pdf && detail.has_original_transcript === true && segments.length > 0;
  const canDownloadOriginalRecording =
    manager && !readOnly && !pdf && hasPlayer && detail.has_original_media === true;
  const [showOriginal, setShowOriginal] = useState(false);
  const originalShown = canReadOriginal && showOriginal;
  const original = useOriginalTranscript(detail.project_id, detail.id, originalShown);
  const transcriptPlayer = hasPlayer ? player : { ...player, seek: null };
  const seek = hasPlayer ? player.seek : null;
  const trackers = useAnalysisTrackers(detail);
  // A tracker moment clicked: the recording plays from it, and its piece is brought into view in the transcript.
  const [revealed, setRevealed] = useState<{ index: number } | null>(null);
  const goToMoment = (moment: { segment: number | null; seconds: number | null }) => {
    if (seek && moment.seconds !== null) seek(moment.seconds);
    setShowOriginal(false);
    // A smart tracker's quote found in no piece has no place in the transcript.
    if (moment.segment !== null) setRevealed({ index: moment.segment });
  };
  // A link to a moment goes there once, when the player is there to seek (a recording) or at once (a chat).
  const linkedKey = linkedMoment ? `${linkedMoment.segment}:${linkedMoment.seconds}` : null;
  const arrivedAt = useRef<string | null>(null);
  const readyToSeek = !hasPlayer || linkedMoment?.seconds === null || seek !== null;
  useEffect(() => {
    if (!linkedMoment || linkedKey === arrivedAt.current || !readyToSeek) return;
    arrivedAt.current = linkedKey;
    goToMoment(linkedMoment);
  });
  const duration = detail.media.duration_seconds ?? metrics?.durationSeconds ?? null;
  const title =
    detail.title ||
    (typeof result?.values.Title === 'string' && result.values.Title) ||
    detail.media.file_name ||
    t('analyses.list.untitled', { id: detail.id });

  const exportJson = () => downloadJson(`analysis-${detail.id}.json`, { data: detail });

  const actions = pdf ? (
    <Button
      variant="outlined"
      startIcon={<PrintIcon />}
      onClick={() => window.print()}
      sx={{ displayPrint: 'none' }}
    >
      {t('analysis.actions.print')}
    </Button>
  ) : (
    <>
      {manager ? null : disputes.button}
      <Button
        variant="outlined"
        startIcon={<ReplayIcon />}
        onClick={() => setReanalyzeOpen(true)}
        disabled={readOnly}
        sx={noWrap}
      >
        {t('analysis.actions.reanalyze')}
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportJson} sx={noWrap}>
        {t('analysis.actions.export')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<PrintIcon />}
        component="a"
        href={`${pathname}?pdf=1`}
        target="_blank"
        rel="noopener"
        sx={noWrap}
      >
        {t('analysis.actions.printView')}
      </Button>
    </>
  );

  const subtitle = (
    <Stack
      direction="row"
      spacing={1}
      component="span"
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
    >
      <TaskStatusChip status={detail.status} />
      <span>
        {[detail.prompt?.name, formatDateTime(detail.conversation_at, i18n.language, timeZone)]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </Stack>
  );

  const status = detail.status !== 'completed' ? <StatusPanel detail={detail} /> : null;
  const expired = detail.expired_at ? (
    <Alert severity="info" data-testid="analysis-expired">
      {t('analysis.expired', { date: formatDateTime(detail.expired_at, i18n.language, timeZone) })}
    </Alert>
  ) : null;

  const transcriptSection = (
    <AnalysisSection
      title={t('analysis.transcript.title')}
      testId="transcript-section"
      aside={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
          {segments.length > 0 && seek ? (
            <Typography variant="caption" color="textSecondary">
              {t('analysis.transcript.hint')}
            </Typography>
          ) : null}
          {pdf ? null : <TranscriptExport segments={exported} name={title} />}
        </Stack>
      }
    >
      {segments.length > 0 ? (
        <Stack spacing={2}>
          {canReadOriginal ? <OriginalSwitch checked={showOriginal} onChange={setShowOriginal} /> : null}
          {originalShown ? (
            <OriginalTranscript query={original}>
              {(originalSegments) => (
                <Transcript
                  segments={originalSegments}
                  player={transcriptPlayer}
                  full={pdf}
                  naming={originalNaming(naming, segments, originalSegments)}
                />
              )}
            </OriginalTranscript>
          ) : (
            <>
              {detail.media.kind !== 'text' && segments.every((segment) => !segment.speaker) ? (
                <Alert severity="info" data-testid="transcript-no-speakers">
                  {t('analysis.transcript.noSpeakers')}
                </Alert>
              ) : null}
              <Transcript
                segments={segments}
                player={transcriptPlayer}
                full={pdf}
                naming={naming}
                lineAside={(index) => <TrackerChips names={trackers.marks.get(index)} />}
                reveal={revealed}
              />
            </>
          )}
        </Stack>
      ) : detail.transcript_text ? (
        <PlainTranscript text={detail.transcript_text} />
      ) : (
        <Typography color="textSecondary">{t('analysis.transcript.notYet')}</Typography>
      )}
    </AnalysisSection>
  );

  const results = (
    <Stack spacing={3}>
      {score ? <KnockoutAlert score={score} /> : null}
      {score && score.mode !== 'no' ? <FinalScoreCard score={score} /> : null}
      {classified ? (
        <AnalysisSection
          title={t('analysis.classification.title')}
          testId="classification"
          aside={
            <Chip
              color="secondary"
              label={classified.chosen.promptName || classified.chosen.promptId}
              size="small"
            />
          }
        >
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('analysis.classification.description', {
              prompt: classified.prompt?.name || detail.prompt?.name || '',
              chosen: classified.chosen.promptName || classified.chosen.promptId,
            })}
          </Typography>
          <ResultFields
            fields={fieldsFor(snapshot?.fields ?? null, classified.values)}
            values={classified.values}
            evidence={classified.evidence}
            onSeek={seek}
            full={pdf}
          />
        </AnalysisSection>
      ) : null}
      <AnalysisSection
        title={t('analysis.results.title')}
        testId="results"
        aside={
          result?.prompt?.name ? (
            <Typography variant="body2" color="textSecondary">
              {result.prompt.name}
            </Typography>
          ) : null
        }
      >
        {result ? (
          <>
            {classified && targetId !== null && target.isError ? (
              <Alert severity="info" sx={{ mb: 1 }}>
                {t('analysis.classification.targetMissing')}
              </Alert>
            ) : null}
            <ResultFields
              fields={fields}
              values={result.values}
              evidence={result.evidence}
              scored={score?.fields}
              onSeek={seek}
              full={pdf}
              fieldAside={disputes.fieldAside}
            />
          </>
        ) : (
          <Typography color="textSecondary">
            {detail.status === 'failed' || detail.status === 'skipped'
              ? t('analysis.results.none')
              : t('analysis.results.pending')}
          </Typography>
        )}
      </AnalysisSection>
      {trackers.shown ? (
        <TrackerHitsCard hits={trackers.hits} onMoment={pdf ? undefined : goToMoment} />
      ) : null}
      <ReviewsCard
        detail={detail}
        aiScore={score?.score ?? detail.final_score}
        mode={score?.mode ?? null}
        timeZone={timeZone}
        interactive={!pdf && !readOnly}
        onSeek={seek}
        onDispute={disputes.open}
      />
      <CorrectionsCard detail={detail} timeZone={timeZone} />
      <SpeakerRolesCard detail={detail} naming={naming} readOnly={readOnly || pdf} />
      {metrics ? (
        <MetricsCard
          metrics={metrics}
          speakerOrder={segments.map((segment) => segment.speaker)}
          naming={naming}
          onSeek={seek}
        />
      ) : null}
      <DetailsCard detail={detail} timeZone={timeZone} />
    </Stack>
  );

  return (
    <Page title={title} subtitle={subtitle} actions={actions} maxWidth={pdf ? 960 : undefined}>
      {status}
      {expired}
      {pdf ? (
        <Stack spacing={3}>
          {results}
          {transcriptSection}
        </Stack>
      ) : (
        <Grid container spacing={3}>
          {/* On a phone the columns stack: the player and the transcript (a bounded, scrolling box) come
              first, so the evidence links below seek a player the reader has already seen. */}
          <Grid size={{ xs: 12, md: 5 }} data-testid="media-column">
            <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
              {hasPlayer ? <MediaPlayer detail={detail} player={player} /> : null}
              {hasPlayer && seek && duration && trackers.hits.data ? (
                <TrackerTimeline hits={trackers.hits.data} duration={duration} onSeek={goToMoment} />
              ) : null}
              {canDownloadOriginalRecording ? (
                <OriginalRecordingLink projectId={detail.project_id} taskId={detail.id} />
              ) : null}
              {transcriptSection}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>{results}</Grid>
        </Grid>
      )}
      {disputes.dialog}
      {!pdf ? (
        <ReanalyzeDialog
          open={reanalyzeOpen}
          onClose={() => setReanalyzeOpen(false)}
          projectId={detail.project_id}
          taskId={detail.id}
          currentPromptId={detail.prompt_id}
        />
      ) : null}
    </Page>
  );
}
