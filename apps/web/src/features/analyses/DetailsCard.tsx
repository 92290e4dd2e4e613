import { Box, Divider, Link, Paper, Typography } from '@mui/material';
import type { AnalysisDetail } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration, formatNumber } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr', gap: 1.5, py: 0.75 }}
      data-testid={testId}
    >
      <Typography variant="body2" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const PRIORITIES = ['high', 'normal', 'low'] as const;

function lvaStatus(lva: unknown): string | null {
  if (typeof lva !== 'object' || lva === null) return null;
  const status = (lva as { status?: unknown }).status;
  return typeof status === 'string' ? status : null;
}

/** The conversation's metadata, file, prompt, times and the units charged. */
export function DetailsCard({ detail, timeZone }: { detail: AnalysisDetail; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const date = (value: string | null) => formatDateTime(value, lang, timeZone);
  const metadata = Object.entries(detail.metadata ?? {});
  const lva = lvaStatus(detail.lva);
  const media = detail.media;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, breakInside: 'avoid' }}
      component="section"
      aria-labelledby="details-title"
    >
      <Typography id="details-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('analysis.details.title')}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('analysis.details.metadata')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {metadata.length === 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ py: 0.75 }}>
            {t('analysis.details.noMetadata')}
          </Typography>
        ) : (
          metadata.map(([key, value]) => (
            <Row key={key} label={key}>
              {value || '—'}
            </Row>
          ))
        )}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={t('analysis.details.units')} testId="units-charged">
          {detail.units_charged === null
            ? t('analysis.details.notCharged')
            : formatNumber(detail.units_charged, lang, 3)}
        </Row>
        <Row label={t('analysis.details.prompt')}>{detail.prompt?.name ?? '—'}</Row>
        {detail.prompt?.version ? (
          <Row label={t('promptVersions.analysis.label')} testId="prompt-version">
            {t('promptVersions.analysis.value', { number: detail.prompt.version })}
          </Row>
        ) : null}
        <Row label={t('analysis.details.file')}>
          {media.source_url ? (
            <Link href={media.source_url} target="_blank" rel="noreferrer noopener">
              {media.file_name}
            </Link>
          ) : (
            media.file_name
          )}
        </Row>
        <Row label={t('analysis.details.kind')}>
          {t(`analysis.details.kinds.${media.kind}`)} · {formatBytes(media.size_bytes, lang)}
          {media.channels ? ` · ${t('analysis.details.channels', { count: media.channels })}` : ''}
        </Row>
        <Row label={t('analysis.details.duration')}>{formatDuration(media.duration_seconds)}</Row>
        <Row label={t('analysis.details.priority')}>
          {t(`analysis.details.priorities.${PRIORITIES[detail.priority] ?? 'normal'}`)}
        </Row>
        <Row label={t('analysis.details.conversation')} testId="conversation-at">
          {date(detail.conversation_at)}
        </Row>
        <Row label={t('analysis.details.created')} testId="uploaded-at">
          {date(detail.created_at)}
        </Row>
        {detail.scheduled_at ? (
          <Row label={t('analysis.details.scheduled')}>{date(detail.scheduled_at)}</Row>
        ) : null}
        {detail.started_at ? (
          <Row label={t('analysis.details.started')}>{date(detail.started_at)}</Row>
        ) : null}
        {detail.completed_at ? (
          <Row label={t('analysis.details.completed')}>{date(detail.completed_at)}</Row>
        ) : null}
        <Row label={t('analysis.details.attempts')}>{formatNumber(detail.attempts, lang)}</Row>
        {lva ? (
          <Row label={t('analysis.details.lva')}>
            {t(`analysis.details.lvaStatus.${lva}`, { defaultValue: lva })}
          </Row>
        ) : null}
      </Box>
    </Paper>
  );
}
