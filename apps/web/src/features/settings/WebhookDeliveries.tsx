import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { WEBHOOKS, type WebhookDelivery, type WebhookEndpoint } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { formatNumber } from '../../shared/format/numbers';
import { usePagination } from '../../shared/hooks/usePagination';
import { formatDateTime } from '../../shared/utils/displayDates';
import type { Notify } from './tabProps';
import { useWebhookError } from './useWebhookError';
import { useResendDelivery, useResendFailed, useWebhookDeliveries } from './webhooksApi';

const PAGE_SIZES = [10, 25, 50, WEBHOOKS.pageSizeMax] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

type DeliveryState = 'succeeded' | 'failed' | 'retrying' | 'pending';

/** Where a delivery stands: a pending one that was tried and has a next attempt is waiting for its retry. */
export function deliveryState(delivery: WebhookDelivery): DeliveryState {
  if (delivery.status !== 'pending') return delivery.status;
  return delivery.attempts > 0 && delivery.next_attempt_at !== null ? 'retrying' : 'pending';
}

const STATE_COLORS = {
  succeeded: 'success',
  failed: 'error',
  retrying: 'warning',
  pending: 'default',
} as const;

export function DeliveryStatusChip({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const state = deliveryState(delivery);
  const chip = (
    <Chip
      size="small"
      color={STATE_COLORS[state]}
      variant={state === 'pending' ? 'outlined' : 'filled'}
      label={t(`webhooks.status.${state}`)}
    />
  );
  if (state !== 'retrying') return chip;
  return (
    <Tooltip
      title={t('webhooks.deliveries.nextAttempt', {
        time: formatDateTime(delivery.next_attempt_at, i18n.language),
      })}
    >
      {chip}
    </Tooltip>
  );
}

/** The value of a datetime-local input (the browser's time zone) for a moment. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The outcome of a test event once the receiver answered (or did not), for the note above the log. */
function TestResult({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const state = deliveryState(delivery);
  const shown = useRef<HTMLDivElement>(null);
  // Sent from a row further up: the outcome comes into view (jsdom has no scrolling).
  useEffect(() => {
    shown.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  if (state === 'pending') {
    return (
      <Alert
        ref={shown}
        severity="info"
        icon={<CircularProgress size={20} />}
        data-testid="webhook-test-result"
      >
        {t('webhooks.test.waiting')}
      </Alert>
    );
  }
  const duration = formatNumber(delivery.duration_ms ?? 0, i18n.language);
  if (state === 'succeeded') {
    return (
      <Alert ref={shown} severity="success" data-testid="webhook-test-result">
        {t('webhooks.test.succeeded', { status: delivery.response_status, duration })}
      </Alert>
    );
  }
  return (
    <Alert ref={shown} severity="error" data-testid="webhook-test-result">
      {delivery.response_status === null
        ? t('webhooks.test.noAnswer', { reason: delivery.response_body ?? '' })
        : t('webhooks.test.failed', { status: delivery.response_status, duration })}
      {state === 'retrying' ? ` ${t('webhooks.test.retrying')}` : ''}
    </Alert>
  );
}

/**
 * One endpoint's delivery log, newest first and paged: event, status, answer code, attempts, duration, time.
 * A row opens to show the webhook-id and the first 1 KB of the answer as plain text; each delivery can be sent
 * again, and so can every failed one since a chosen time.
 */
export function WebhookDeliveries({
  projectId,
  endpoint,
  testDeliveryId,
  notify,
  readOnly,
}: {
  projectId: number;
  endpoint: WebhookEndpoint;
  /** The delivery of the test event just sent from the list, whose outcome is shown above the log. */
  testDeliveryId: number | null;
  notify: Notify;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const webhookError = useWebhookError();
  const pagination = usePagination({ pageSizes: PAGE_SIZES, defaultPageSize: 25 });
  const query = useWebhookDeliveries(projectId, endpoint.id, pagination.page, pagination.pageSize);
  const tableState = useQueryTableState(query, { errorTitle: t('webhooks.deliveries.loadFailed') });
  const resend = useResendDelivery(projectId);
  const resendFailed = useResendFailed(projectId);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - DAY_MS)));
  const sinceDate = since ? new Date(since) : null;
  const sinceValid = sinceDate !== null && !Number.isNaN(sinceDate.getTime());
  const testDelivery = query.data?.items.find((item) => item.id === testDeliveryId) ?? null;

  const toggle = (id: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const resendOne = (delivery: WebhookDelivery) =>
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => notify({ severity: 'success', text: t('webhooks.deliveries.resent') }),
        onError: (error) =>
          notify({ severity: 'error', text: webhookError(error, 'webhooks.deliveries.resendFailed') }),
      },
    );

  const submitResendFailed = () => {
    if (!sinceValid) return;
    resendFailed.mutate(
      { endpointId: endpoint.id, since: sinceDate.toISOString() },
      {
        onSuccess: (count) =>
          notify({
            severity: count > 0 ? 'success' : 'info',
            text:
              count > 0
                ? t('webhooks.deliveries.resentFailed', { count })
                : t('webhooks.deliveries.noneFailed'),
          }),
        onError: (error) =>
          notify({ severity: 'error', text: webhookError(error, 'webhooks.deliveries.resendFailed') }),
      },
    );
  };

  const header = (key: string) => t(`webhooks.deliveries.columns.${key}`);
  const nowrap = () => ({ whiteSpace: 'nowrap' });
  const columns: Column<WebhookDelivery>[] = [
    {
      id: 'open',
      header: '',
      label: '',
      width: 48,
      cell: (delivery) => (
        <IconButton
          size="small"
          aria-expanded={open.has(delivery.id)}
          aria-label={t(
            open.has(delivery.id) ? 'webhooks.deliveries.hideAnswer' : 'webhooks.deliveries.showAnswer',
          )}
          onClick={() => toggle(delivery.id)}
        >
          {open.has(delivery.id) ? (
            <KeyboardArrowDownIcon fontSize="small" />
          ) : (
            <KeyboardArrowRightIcon fontSize="small" />
          )}
        </IconButton>
      ),
    },
    {
      id: 'event',
      header: header('event'),
      cellSx: () => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' }),
      cell: (delivery) => delivery.event_type,
    },
    {
      id: 'status',
      header: header('status'),
      cell: (delivery) => <DeliveryStatusChip delivery={delivery} />,
    },
    {
      id: 'response',
      header: header('response'),
      cellSx: nowrap,
      cell: (delivery) => (delivery.response_status === null ? '—' : `HTTP ${delivery.response_status}`),
    },
    {
      id: 'attempt',
      header: header('attempt'),
      align: 'right',
      cell: (delivery) => formatNumber(delivery.attempts, language),
    },
    {
      id: 'duration',
      header: header('duration'),
      align: 'right',
      cellSx: nowrap,
      cell: (delivery) =>
        delivery.duration_ms === null
          ? '—'
          : t('webhooks.deliveries.milliseconds', { value: formatNumber(delivery.duration_ms, language) }),
    },
    {
      id: 'time',
      header: header('time'),
      cellSx: nowrap,
      cell: (delivery) => formatDateTime(delivery.created_at, language),
    },
    {
      id: 'actions',
      header: header('actions'),
      align: 'right',
      cell: (delivery) => (
        <Button
          size="small"
          startIcon={<ReplayIcon fontSize="small" />}
          disabled={readOnly || resend.isPending}
          onClick={() => resendOne(delivery)}
        >
          {t('webhooks.deliveries.resend')}
        </Button>
      ),
    },
  ];

  return (
    <SettingsSection
      title={t('webhooks.deliveries.title')}
      description={
        <>
          {t('webhooks.deliveries.description')}{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {endpoint.url}
          </Box>
        </>
      }
      testId="webhook-deliveries"
    >
      <Stack spacing={2}>
        {testDelivery ? <TestResult key={testDelivery.id} delivery={testDelivery} /> : null}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submitResendFailed();
          }}
        >
          <TextField
            type="datetime-local"
            size="small"
            label={t('webhooks.deliveries.since')}
            value={since}
            onChange={(event) => setSince(event.target.value)}
            error={!sinceValid}
            helperText={
              sinceValid ? t('webhooks.deliveries.sinceHelp') : t('webhooks.deliveries.sinceInvalid')
            }
            disabled={readOnly}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 240 }}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={
              resendFailed.isPending ? <CircularProgress size={16} color="inherit" /> : <ReplayIcon />
            }
            disabled={readOnly || !sinceValid || resendFailed.isPending}
            sx={{ whiteSpace: 'nowrap', mt: { sm: 0.25 } }}
          >
            {t('webhooks.deliveries.resendFailedButton')}
          </Button>
        </Stack>
        <Box>
          <FetchingBar active={query.isFetching && !query.isPending} />
          <DataTable
            label={t('webhooks.deliveries.title')}
            columns={columns}
            rows={query.data?.items}
            rowKey={(delivery) => delivery.id}
            rowProps={(delivery) => ({
              'data-testid': `webhook-delivery-${delivery.id}`,
              'data-status': deliveryState(delivery),
            })}
            rowDetail={(delivery) =>
              open.has(delivery.id) ? (
                <Stack spacing={1} data-testid={`webhook-delivery-${delivery.id}-detail`}>
                  <Typography variant="body2" color="textSecondary">
                    {t('webhooks.deliveries.eventId')}{' '}
                    <Box component="code" sx={{ fontFamily: 'monospace' }}>
                      {delivery.event_id}
                    </Box>
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t('webhooks.deliveries.answer')}
                  </Typography>
                  {/* The receiver's words as text, never as markup: React escapes them. */}
                  <Box
                    component="pre"
                    sx={{
                      m: 0,
                      p: 1.5,
                      bgcolor: 'grey.50',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      fontSize: 13,
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                      maxHeight: 240,
                      overflow: 'auto',
                    }}
                  >
                    {delivery.response_body ? delivery.response_body : t('webhooks.deliveries.noAnswerBody')}
                  </Box>
                </Stack>
              ) : null
            }
            loading={tableState.loading}
            error={tableState.error}
            empty={{ text: t('webhooks.deliveries.empty'), testId: 'webhook-deliveries-empty' }}
            pagination={{ ...pagination, total: query.data?.total ?? 0 }}
            nowrapHeaders
          />
        </Box>
      </Stack>
    </SettingsSection>
  );
}
