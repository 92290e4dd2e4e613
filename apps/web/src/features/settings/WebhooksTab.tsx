import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, Button, Chip, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { hasRoleAtLeast, type WebhookEndpoint } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPermission } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { ListSection } from '../../shared/components/ListSection';
import { RowAction } from '../../shared/components/RowAction';
import { formatDateTime } from '../../shared/utils/displayDates';
import type { TabProps } from './tabProps';
import { useWebhookError } from './useWebhookError';
import { DeliveryStatusChip, WebhookDeliveries } from './WebhookDeliveries';
import { WebhookDialog, WebhookSecretDialog } from './WebhookDialog';
import {
  useDeleteWebhook,
  useLastDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhooks,
} from './webhooksApi';

/** The newest delivery of an endpoint: its status, answer code and time. */
function LastDelivery({ projectId, endpointId }: { projectId: number; endpointId: number }) {
  const { t, i18n } = useTranslation();
  const { delivery, isPending, isError } = useLastDelivery(projectId, endpointId);
  if (isPending) return null;
  if (isError) return <Typography variant="body2">—</Typography>;
  if (!delivery) {
    return (
      <Typography variant="body2" color="textSecondary">
        {t('webhooks.list.noDeliveries')}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <DeliveryStatusChip delivery={delivery} />
        {delivery.response_status !== null ? (
          <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
            HTTP {delivery.response_status}
          </Typography>
        ) : null}
      </Stack>
      <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(delivery.updated_at, i18n.language)}
      </Typography>
    </Stack>
  );
}

/**
 * The Webhooks tab (issue 36): the project's endpoints (URL, events, enabled, last delivery), adding and
 * changing them (the signing secret shown once), rotating the secret, deleting, a test event, and the
 * delivery log of the chosen endpoint below.
 */
export function WebhooksTab(props: TabProps) {
  // The settings page is for admins and owners already; the server refuses everyone else too.
  if (!hasRoleAtLeast(props.project.my_role, 'admin')) return <NoPermission />;
  return <Webhooks {...props} />;
}

function Webhooks({ project, notify, readOnly }: TabProps) {
  const { t, i18n } = useTranslation();
  const projectId = project.id;
  const webhookError = useWebhookError();
  const query = useWebhooks(projectId);
  const update = useUpdateWebhook(projectId);
  const remove = useDeleteWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const test = useSendTestEvent(projectId);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [rotated, setRotated] = useState<{ secret: string; until: string | null } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [testSent, setTestSent] = useState<{ endpointId: number; deliveryId: number } | null>(null);

  const endpoints = query.data ?? [];
  const shown = endpoints.find((endpoint) => endpoint.id === chosen) ?? endpoints[0] ?? null;

  const setEnabled = (endpoint: WebhookEndpoint, enabled: boolean) =>
    update.mutate(
      { endpointId: endpoint.id, enabled },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            text: t(enabled ? 'webhooks.list.enabledNotice' : 'webhooks.list.disabledNotice'),
          }),
        onError: (error) =>
          notify({ severity: 'error', text: webhookError(error, 'webhooks.errors.saveFailed') }),
      },
    );

  const sendTest = (endpoint: WebhookEndpoint) =>
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        setChosen(endpoint.id);
        setTestSent({ endpointId: endpoint.id, deliveryId: delivery.id });
      },
      onError: (error) =>
        notify({ severity: 'error', text: webhookError(error, 'webhooks.test.sendFailed') }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', text: t('webhooks.delete.done') }),
      onError: (error) => notify({ severity: 'error', text: webhookError(error, 'webhooks.delete.failed') }),
      onSettled: () => setDeleting(null),
    });
  };

  const confirmRotate = () => {
    if (!rotating) return;
    rotate.mutate(rotating.id, {
      onSuccess: (endpoint) =>
        setRotated({ secret: endpoint.secret, until: endpoint.previous_secret_expires_at }),
      onError: (error) => notify({ severity: 'error', text: webhookError(error, 'webhooks.rotate.failed') }),
      onSettled: () => setRotating(null),
    });
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={readOnly}>
      {t('webhooks.list.add')}
    </Button>
  );

  const header = (key: string) => t(`webhooks.list.columns.${key}`);
  const columns: Column<WebhookEndpoint>[] = [
    {
      id: 'endpoint',
      header: header('endpoint'),
      cell: (endpoint) => (
        <Stack spacing={0.5} sx={{ minWidth: 220, maxWidth: 420 }}>
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}>
            {endpoint.url}
          </Box>
          {endpoint.description ? (
            <Typography variant="body2" color="textSecondary">
              {endpoint.description}
            </Typography>
          ) : null}
          {endpoint.disabled_reason ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('webhooks.list.autoDisabled')}
              sx={{ alignSelf: 'flex-start' }}
            />
          ) : null}
          {endpoint.previous_secret_expires_at ? (
            <Typography variant="caption" color="textSecondary">
              {t('webhooks.list.previousSecret', {
                time: formatDateTime(endpoint.previous_secret_expires_at, i18n.language),
              })}
            </Typography>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'events',
      header: header('events'),
      cell: (endpoint) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {endpoint.events.map((type) => (
            <Tooltip key={type} title={t(`webhooks.events.${type}.label`)}>
              <Chip size="small" variant="outlined" label={type} sx={{ fontFamily: 'monospace' }} />
            </Tooltip>
          ))}
        </Stack>
      ),
    },
    {
      id: 'enabled',
      header: header('enabled'),
      cell: (endpoint) => (
        <Switch
          checked={endpoint.enabled}
          onChange={(event) => setEnabled(endpoint, event.target.checked)}
          disabled={readOnly || update.isPending}
          slotProps={{ input: { 'aria-label': t('webhooks.list.enabledNamed', { url: endpoint.url }) } }}
        />
      ),
    },
    {
      id: 'last',
      header: header('lastDelivery'),
      cell: (endpoint) => <LastDelivery projectId={projectId} endpointId={endpoint.id} />,
    },
    {
      id: 'actions',
      header: header('actions'),
      align: 'right',
      cell: (endpoint) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <RowAction
            label={t('webhooks.list.showDeliveries')}
            icon={<ListAltIcon fontSize="small" />}
            onClick={() => setChosen(endpoint.id)}
          />
          <RowAction
            label={t('webhooks.test.button')}
            icon={<SendOutlinedIcon fontSize="small" />}
            onClick={() => sendTest(endpoint)}
            disabled={readOnly || test.isPending}
          />
          <RowAction
            label={t('webhooks.list.edit')}
            icon={<EditOutlinedIcon fontSize="small" />}
            onClick={() => setEditing(endpoint)}
            disabled={readOnly}
          />
          <RowAction
            label={t('webhooks.rotate.button')}
            icon={<AutorenewIcon fontSize="small" />}
            onClick={() => setRotating(endpoint)}
            disabled={readOnly}
          />
          <RowAction
            label={t('webhooks.delete.button')}
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => setDeleting(endpoint)}
            disabled={readOnly}
            color="error"
          />
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <ListSection
        title={t('webhooks.list.title')}
        description={t('webhooks.list.description')}
        testId="webhooks"
        query={query}
        loadingLabel={t('webhooks.list.loading')}
        loadFailed={t('webhooks.list.loadFailed')}
        addButton={addButton}
        empty={{
          icon: <WebhookIcon />,
          text: t('webhooks.list.emptyTitle'),
          description: t('webhooks.list.emptyHint'),
          testId: 'webhooks-empty',
        }}
        columns={columns}
        rowKey={(endpoint) => endpoint.id}
        rowProps={(endpoint) => ({
          'data-testid': `webhook-${endpoint.id}`,
          'data-enabled': String(endpoint.enabled),
          sx: endpoint.id === shown?.id && endpoints.length > 1 ? { bgcolor: 'action.selected' } : undefined,
        })}
      />
      {shown ? (
        <WebhookDeliveries
          key={shown.id}
          projectId={projectId}
          endpoint={shown}
          testDeliveryId={testSent?.endpointId === shown.id ? testSent.deliveryId : null}
          notify={notify}
          readOnly={readOnly}
        />
      ) : null}
      {editing !== null ? (
        <WebhookDialog
          projectId={projectId}
          endpoint={editing === 'new' ? null : editing}
          notify={notify}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {rotated ? (
        <WebhookSecretDialog
          title={t('webhooks.rotate.doneTitle')}
          secret={rotated.secret}
          note={t('webhooks.rotate.previousValid', {
            time: rotated.until ? formatDateTime(rotated.until, i18n.language) : '—',
          })}
          notify={notify}
          onClose={() => {
            setRotated(null);
            notify({ severity: 'info', text: t('webhooks.secret.reminder') });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={rotating !== null}
        title={t('webhooks.rotate.title')}
        message={t('webhooks.rotate.message', { url: rotating?.url ?? '' })}
        confirmLabel={t('webhooks.rotate.confirm')}
        onConfirm={confirmRotate}
        onClose={() => setRotating(null)}
        busy={rotate.isPending}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.delete.title')}
        message={t('webhooks.delete.message', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
    </Stack>
  );
}
