import { Grid, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ChatMetrics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { RedactedText } from '../../shared/analyses/RedactedText';
import type { SpeakerNaming } from '../../shared/analyses/speakers';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { formatDuration, formatNumber, formatPercent } from '../../shared/format/numbers';
import { SpeakerShares, Stat } from './MetricParts';

/**
 * A chat's metrics: messages and share of words per author, questions, the longest message and, when the
 * messages have times, the chat's length and response times (no talk speed or interruptions: a chat has
 * no audio timing).
 */
export function ChatMetricsView({
  metrics,
  speakerOrder,
  naming,
}: {
  metrics: ChatMetrics;
  speakerOrder: ReadonlyArray<string | null>;
  naming: SpeakerNaming;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const questions = metrics.speakers.reduce((total, speaker) => total + speaker.questions, 0);
  const longest = metrics.longestMessage;
  const timed = metrics.durationSeconds !== null;
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));

  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <SpeakerShares
            title={t('analysis.metrics.chat.wordShare')}
            shares={metrics.speakers.map((speaker) => ({
              speaker: speaker.speaker,
              share: speaker.wordShare,
            }))}
            order={speakerOrder}
            naming={naming}
            empty={t('analysis.metrics.chat.noMessages')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <Grid container spacing={1.5}>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.chat.messages')}
                value={formatNumber(metrics.messages, lang)}
                testId="metric-messages"
              />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.speakers')}
                value={formatNumber(metrics.speakers.length, lang)}
              />
            </Grid>
            <Grid size={6}>
              <Stat
                label={t('analysis.metrics.chat.longestMessage')}
                value={longest ? formatNumber(longest.words, lang) : '—'}
                testId="metric-longest-message"
                detail={
                  longest
                    ? longest.start === null
                      ? naming.nameOf(longest.speaker)
                      : t('analysis.metrics.chat.longestAt', {
                          speaker: naming.nameOf(longest.speaker),
                          time: formatDuration(longest.start),
                        })
                    : null
                }
              />
            </Grid>
            <Grid size={6}>
              <Stat label={t('analysis.metrics.questions')} value={formatNumber(questions, lang)} />
            </Grid>
            {timed ? (
              <>
                <Grid size={6}>
                  <Stat
                    label={t('analysis.metrics.chat.responseTime')}
                    value={duration(metrics.responseSeconds)}
                    testId="metric-response-time"
                  />
                </Grid>
                <Grid size={6}>
                  <Stat label={t('analysis.metrics.chat.length')} value={duration(metrics.durationSeconds)} />
                </Grid>
              </>
            ) : null}
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
                <TableCell align="right">{t('analysis.metrics.chat.messages')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.chat.wordShare')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.words')}</TableCell>
                <TableCell align="right">{t('analysis.metrics.columns.questions')}</TableCell>
                {timed ? (
                  <TableCell align="right" title={t('analysis.metrics.chat.responseTime')}>
                    {t('analysis.metrics.chat.responseColumn')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {metrics.speakers.map((speaker) => (
                <TableRow key={speaker.speaker} data-testid={`speaker-${speaker.speaker}`}>
                  <TableCell>
                    <RedactedText text={naming.nameOf(speaker.speaker)} />
                  </TableCell>
                  <TableCell align="right">{formatNumber(speaker.messages, lang)}</TableCell>
                  <TableCell align="right">{formatPercent(speaker.wordShare, lang)}</TableCell>
                  <TableCell align="right">{formatNumber(speaker.words, lang)}</TableCell>
                  <TableCell align="right">{formatNumber(speaker.questions, lang)}</TableCell>
                  {timed ? <TableCell align="right">{duration(speaker.responseSeconds)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
    </>
  );
}
