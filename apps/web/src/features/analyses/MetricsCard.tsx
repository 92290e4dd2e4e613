import {
  ButtonBase,
  Grid,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type AnalysisMetrics, type ConversationMetrics, isChatMetrics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { SpeakerNaming } from '../../shared/analyses/speakers';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { formatDuration, formatNumber, formatPercent } from '../../shared/format/numbers';
import { ChatMetricsView } from './ChatMetrics';
import { SpeakerShares, Stat } from './MetricParts';

interface MetricsProps<M> {
  metrics: M;
  /** Speakers in the transcript's order, so colours match the transcript. */
  speakerOrder: ReadonlyArray<string | null>;
  naming: SpeakerNaming;
  onSeek: ((seconds: number) => void) | null;
}

/** Conversation metrics: a recording's (talk time, monologue, silence, interruptions) or a chat's. */
export function MetricsCard({ metrics, speakerOrder, naming, onSeek }: MetricsProps<AnalysisMetrics>) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, breakInside: 'avoid' }}
      component="section"
      aria-labelledby="metrics-title"
    >
      <Typography id="metrics-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('analysis.metrics.title')}
      </Typography>
      {isChatMetrics(metrics) ? (
        <ChatMetricsView metrics={metrics} speakerOrder={speakerOrder} naming={naming} />
      ) : (
        <RecordingMetrics metrics={metrics} speakerOrder={speakerOrder} naming={naming} onSeek={onSeek} />
      )}
    </Paper>
  );
}

function RecordingMetrics({ metrics, speakerOrder, naming, onSeek }: MetricsProps<ConversationMetrics>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const questions = metrics.speakers.reduce((total, speaker) => total + speaker.questions, 0);
  const monologue = metrics.longestMonologue;
  const monologueStart = monologue ? formatDuration(monologue.start) : '';

  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <SpeakerShares
            title={t('analysis.metrics.talkRatio')}
            shares={metrics.speakers.map((speaker) => ({
              speaker: speaker.speaker,
              share: speaker.talkRatio,
            }))}
            order={speakerOrder}
            naming={naming}
            empty={t('analysis.metrics.noSpeech')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <Grid container spacing={1.5}>
            <Grid size={6}>
              <Stat label={t('analysis.metrics.duration')} value={formatDuration(metrics.durationSeconds)} />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.silence')}
                value={formatPercent(metrics.silenceShare, lang)}
                testId="metric-silence"
              />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.longestMonologue')}
                value={monologue ? formatDuration(monologue.seconds) : '—'}
                testId="metric-monologue"
                detail={
                  monologue ? (
                    onSeek ? (
                      <ButtonBase
                        onClick={() => onSeek(monologue.start)}
                        sx={{ typography: 'caption', color: 'primary.main', textAlign: 'left' }}
                      >
                        {t('analysis.metrics.monologueBy', {
                          speaker: naming.nameOf(monologue.speaker),
                          time: monologueStart,
                        })}
                      </ButtonBase>
                    ) : (
                      t('analysis.metrics.monologueBy', {
                        speaker: naming.nameOf(monologue.speaker),
                        time: monologueStart,
                      })
                    )
                  ) : null
                }
              />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.interruptions')}
                value={formatNumber(metrics.interruptions, lang)}
                detail={t('analysis.metrics.overlaps', { number: formatNumber(metrics.overlaps, lang) })}
                testId="metric-interruptions"
              />
            </Grid>
            <Grid size={6}>
              <Stat label={t('analysis.metrics.questions')} value={formatNumber(questions, lang)} />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.speakers')}
                value={formatNumber(metrics.speakers.length, lang)}
              />
            </Grid>
          </Grid>
        </Grid>
      </Grid>
      {metrics.speakers.length > 0 ? (
        <ScrollRegion label={t('analysis.metrics.perSpeaker')} sx={{ mt: 2 }}>
          <Table
            size="small"
            aria-label={t('analysis.metrics.perSpeaker')}
            sx={{ '& th, & td': { whiteSpace: 'nowrap', px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('analysis.metrics.columns.speaker')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.talkTime')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.share')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.words')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.wordsPerMinute')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.questions')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.interruptions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {metrics.speakers.map((speaker) => (
                <TableRow key={speaker.speaker} data-testid={`speaker-${speaker.speaker}`}>
                  <TableCell>{naming.nameOf(speaker.speaker)}</TableCell>
                  <TableCell align="right">{formatDuration(speaker.talkSeconds)}</TableCell>
                  <TableCell align="right">{formatPercent(speaker.talkRatio, lang)}</TableCell>
                  <TableCell align="right">{formatNumber(speaker.words, lang)}</TableCell>
                  <TableCell align="right">
                    {speaker.wordsPerMinute === null ? '—' : formatNumber(speaker.wordsPerMinute, lang, 0)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(speaker.questions, lang)}</TableCell>
                  <TableCell align="right">{formatNumber(speaker.interruptions, lang)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
    </>
  );
}
