import { Box, ButtonBase, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { AnalysisDetail, AnalysisTrackerHit, TrackerMoment } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { useAnalysisTrackerHits, useTrackers } from '../../shared/api/trackers';
import { QueryContent } from '../../shared/components/States';
import { formatDuration } from '../../shared/format/numbers';

/** The tracker names found in each transcript piece, by the piece's index. */
export type TrackerMarks = ReadonlyMap<number, readonly string[]>;

const NO_MARKS: TrackerMarks = new Map();

/**
 * The trackers an analysis hit, read once it is completed and its project has trackers (none are asked for
 * otherwise), and the transcript pieces they were found in.
 */
export function useAnalysisTrackers(detail: AnalysisDetail) {
  const projectHas = (useTrackers(detail.project_id).data?.length ?? 0) > 0;
  const shown = projectHas && detail.status === 'completed';
  const hits = useAnalysisTrackerHits(detail.project_id, detail.id, detail.updated_at, shown);
  const marks = useMemo(() => {
    if (!hits.data) return NO_MARKS;
    const found = new Map<number, string[]>();
    for (const hit of hits.data) {
      for (const moment of hit.moments) {
        if (moment.segment === null) continue;
        const names = found.get(moment.segment) ?? [];
        if (!names.includes(hit.name)) names.push(hit.name);
        found.set(moment.segment, names);
      }
    }
    return found;
  }, [hits.data]);
  return { shown, hits, marks };
}

/** A transcript piece's trackers, as small chips beside it. */
export function TrackerChips({ names }: { names: readonly string[] | undefined }) {
  const { t } = useTranslation();
  if (!names?.length) return null;
  return (
    <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {names.map((name) => (
        <Chip
          key={name}
          component="span"
          size="small"
          color="secondary"
          variant="outlined"
          label={name}
          aria-label={t('trackers.transcript.hit', { name })}
          data-testid="transcript-tracker"
          sx={{ height: 20, fontSize: 11 }}
        />
      ))}
    </Stack>
  );
}

function Moment({ moment, onMoment }: { moment: TrackerMoment; onMoment?: (moment: TrackerMoment) => void }) {
  const { t } = useTranslation();
  const time = moment.seconds === null ? '—' : formatDuration(moment.seconds);
  const content = (
    <>
      <Typography
        component="span"
        variant="caption"
        color="textSecondary"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 44, pt: '2px', flexShrink: 0 }}
      >
        {time}
      </Typography>
      <Box component="span" sx={{ minWidth: 0, flex: 1 }}>
        {moment.role ? (
          <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
            {t(`analysis.roles.${moment.role}`)}
          </Typography>
        ) : null}
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          <RedactedText text={moment.text} />
        </Typography>
        {moment.segment === null ? (
          <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {t('trackers.card.quoteNotFound')}
          </Typography>
        ) : null}
      </Box>
    </>
  );
  const sx = { display: 'flex', gap: 1.5, width: '100%', textAlign: 'left', px: 1, py: 0.5, borderRadius: 1 };
  // A smart tracker's quote found in no piece of the transcript has no moment to go to.
  if (!onMoment || moment.segment === null) return <Box sx={sx}>{content}</Box>;
  return (
    <ButtonBase
      onClick={() => onMoment(moment)}
      title={moment.seconds === null ? t('trackers.card.show') : t('trackers.card.seek', { time })}
      sx={{ ...sx, alignItems: 'flex-start', '&:hover': { bgcolor: 'action.hover' } }}
    >
      {content}
    </ButtonBase>
  );
}

function Hit({ hit, onMoment }: { hit: AnalysisTrackerHit; onMoment?: (moment: TrackerMoment) => void }) {
  const { t } = useTranslation();
  const unlisted = hit.hits - hit.moments.length;
  return (
    <Box component="li" data-testid={`tracker-hit-${hit.tracker_id}`} sx={{ listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {hit.name}
        </Typography>
        <Chip size="small" color="secondary" label={t('trackers.card.hits', { count: hit.hits })} />
      </Stack>
      <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0 }}>
        {hit.moments.map((moment, index) => (
          <Box component="li" key={moment.segment ?? `quote-${index}`} sx={{ listStyle: 'none' }}>
            <Moment moment={moment} onMoment={onMoment} />
          </Box>
        ))}
      </Stack>
      {unlisted > 0 ? (
        <Typography variant="caption" color="textSecondary" sx={{ pl: 1 }}>
          {t('trackers.card.more', { count: unlisted })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The analysis page's Trackers card: each tracker the conversation hit, with its count and moments (time, who,
 * what was said); a moment is a button when `onMoment` is given (it plays the recording from there and shows
 * the piece in the transcript).
 */
export function TrackerHitsCard({
  hits,
  onMoment,
}: {
  hits: UseQueryResult<AnalysisTrackerHit[]>;
  onMoment?: (moment: TrackerMoment) => void;
}) {
  const { t } = useTranslation();
  return (
    <AnalysisSection
      title={t('trackers.card.title')}
      testId="trackers-card"
      aside={
        onMoment && hits.data?.length ? (
          <Typography variant="caption" color="textSecondary">
            {t('trackers.card.hint')}
          </Typography>
        ) : null
      }
    >
      <QueryContent
        query={hits}
        loadingLabel={t('trackers.card.loading')}
        errorTitle={t('trackers.card.loadFailed')}
        isEmpty={(data) => data.length === 0}
        empty={<Typography color="textSecondary">{t('trackers.card.none')}</Typography>}
      >
        {(data) => (
          <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
            {data.map((hit) => (
              <Hit key={hit.tracker_id} hit={hit} onMoment={onMoment} />
            ))}
          </Stack>
        )}
      </QueryContent>
    </AnalysisSection>
  );
}

/**
 * A strip under the player with a mark at each timed moment, placed by its share of the recording's length;
 * a mark plays the recording from there. (The browser's own player has no timeline of ours to draw on.)
 */
export function TrackerTimeline({
  hits,
  duration,
  onSeek,
}: {
  hits: readonly AnalysisTrackerHit[];
  duration: number;
  onSeek: (moment: TrackerMoment) => void;
}) {
  const { t } = useTranslation();
  const marks = hits.flatMap((hit) =>
    hit.moments.flatMap((moment) =>
      moment.seconds === null ? [] : [{ name: hit.name, moment, seconds: moment.seconds }],
    ),
  );
  if (marks.length === 0 || duration <= 0) return null;
  return (
    <Box
      role="group"
      aria-label={t('trackers.timeline.label')}
      data-testid="tracker-timeline"
      sx={{ position: 'relative', height: 14, mx: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      {marks.map(({ name, moment, seconds }) => {
        const label = t('trackers.timeline.moment', { name, time: formatDuration(seconds) });
        return (
          <Tooltip key={`${name}-${moment.segment}`} title={label}>
            <ButtonBase
              aria-label={label}
              onClick={() => onSeek(moment)}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${Math.min(100, (seconds / duration) * 100)}%`,
                width: 4,
                ml: '-2px',
                borderRadius: 0.5,
                bgcolor: 'secondary.main',
                '&:hover, &:focus-visible': { bgcolor: 'secondary.dark', transform: 'scaleX(1.6)' },
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
