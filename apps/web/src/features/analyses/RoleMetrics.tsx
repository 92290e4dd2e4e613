import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import type { RoleMetricKey, RoleMetrics } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { roleColor } from '../../shared/analyses/speakers';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { formatDuration, formatNumber, formatPercent } from '../../shared/format/numbers';

type Format = 'percent' | 'duration' | 'count' | 'speed';

interface Row {
  label: string;
  representative: RoleMetricKey;
  customer: RoleMetricKey;
  format: Format;
}

const CALL_ROWS: Row[] = [
  {
    label: 'talkShare',
    representative: 'representative_share',
    customer: 'customer_share',
    format: 'percent',
  },
  {
    label: 'longest',
    representative: 'representative_longest_monologue',
    customer: 'customer_longest_story',
    format: 'duration',
  },
  {
    label: 'questions',
    representative: 'representative_questions',
    customer: 'customer_questions',
    format: 'count',
  },
  {
    label: 'interruptions',
    representative: 'representative_interruptions',
    customer: 'customer_interruptions',
    format: 'count',
  },
  {
    label: 'wordsPerMinute',
    representative: 'representative_words_per_minute',
    customer: 'customer_words_per_minute',
    format: 'speed',
  },
];

const CHAT_ROWS: Row[] = [
  {
    label: 'wordShare',
    representative: 'representative_share',
    customer: 'customer_share',
    format: 'percent',
  },
  {
    label: 'questions',
    representative: 'representative_questions',
    customer: 'customer_questions',
    format: 'count',
  },
  {
    label: 'responseTime',
    representative: 'representative_response_seconds',
    customer: 'customer_response_seconds',
    format: 'duration',
  },
];

/** Shares are kept as percentages (45.7), durations in seconds. */
function formatValue(value: number | null | undefined, format: Format, language: string): string {
  if (value === null || value === undefined) return '—';
  if (format === 'percent') return formatPercent(value / 100, language);
  if (format === 'duration') return formatDuration(value);
  return formatNumber(value, language, 0);
}

/** The metrics per role: the representative's and the customer's side by side, with their shares as a bar. */
export function RoleMetricsTable({ metrics, kind }: { metrics: RoleMetrics; kind: 'call' | 'chat' }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = kind === 'chat' ? CHAT_ROWS : CALL_ROWS;
  return (
    <Box data-testid="role-metrics">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('analysis.roles.byRole')}
      </Typography>
      <ShareBar
        representative={metrics.representative_share ?? null}
        customer={metrics.customer_share ?? null}
      />
      <ScrollRegion label={t('analysis.roles.byRole')}>
        <Table size="small" aria-label={t('analysis.roles.byRole')} sx={{ '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analysis.roles.metrics.metric')}</TableCell>
              <TableCell align="right">{t('analysis.roles.representative')}</TableCell>
              <TableCell align="right">{t('analysis.roles.customer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.label} data-testid={`role-metric-${row.label}`}>
                <TableCell>{t(`analysis.roles.metrics.${row.label}`)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatValue(metrics[row.representative], row.format, lang)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatValue(metrics[row.customer], row.format, lang)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}

/** The representative's and the customer's shares (percent) as one bar; what is left belongs to the others. */
function ShareBar({ representative, customer }: { representative: number | null; customer: number | null }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  if (representative === null && customer === null) return null;
  const text = (share: number | null) => (share === null ? '—' : formatPercent(share / 100, i18n.language));
  const part = (share: number | null, role: 'representative' | 'customer') =>
    share ? <Box sx={{ width: `${Math.min(100, share)}%`, bgcolor: roleColor(theme, role) }} /> : null;
  return (
    <Box
      role="img"
      aria-label={t('analysis.roles.shareBar', {
        representative: text(representative),
        customer: text(customer),
      })}
      sx={{
        display: 'flex',
        height: 10,
        borderRadius: 5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        mb: 1,
      }}
    >
      {part(representative, 'representative')}
      {part(customer, 'customer')}
    </Box>
  );
}
