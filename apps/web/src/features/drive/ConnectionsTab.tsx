import AddIcon from '@mui/icons-material/Add';
import CableOutlinedIcon from '@mui/icons-material/CableOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  AlertTitle,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type { DriveConnection } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../shared/components/States';
import { formatDate } from '../../shared/utils/displayDates';
import { AddConnectionDialog } from './AddConnectionDialog';
import { useConnect, useConnections, useDeleteConnection, useDriveAvailability } from './api';
import type { DriveTabProps } from './DrivePanel';
import { StatusChip } from './StatusChip';
import { connectionStatus } from './status';

function ConnectionCard({
  connection,
  readOnly,
  reconnectDisabled,
  onReconnect,
  onDelete,
}: {
  connection: DriveConnection;
  readOnly: boolean;
  /** A consent is being started (for this or another connection), or Drive is not set up here. */
  reconnectDisabled: boolean;
  onReconnect: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const status = connectionStatus(connection);
  // Google never finished the consent, or refused the stored access since: the consent again fixes both.
  const canReconnect = status === 'error' || connection.google_email === null;
  return (
    <Card variant="outlined" data-testid={`drive-connection-${connection.id}`} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {connection.name}
          </Typography>
          <StatusChip status={status} />
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
          {connection.google_email ?? t('drive.connections.notConnected')}
        </Typography>
        {connection.connected_at ? (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {t('drive.connections.connectedAt', { date: formatDate(connection.connected_at, i18n.language) })}
          </Typography>
        ) : null}
        {status === 'error' && connection.last_error ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="connection-last-error">
            {connection.last_error}
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        {canReconnect ? (
          <Button
            size="small"
            startIcon={<RefreshIcon />}
            onClick={onReconnect}
            disabled={readOnly || reconnectDisabled}
            aria-label={t('drive.connections.reconnectNamed', { name: connection.name })}
          >
            {t('drive.connections.reconnect')}
          </Button>
        ) : null}
        <Button
          color="error"
          size="small"
          startIcon={<DeleteOutlineIcon />}
          onClick={onDelete}
          disabled={readOnly}
          aria-label={t('drive.connections.deleteNamed', { name: connection.name })}
        >
          {t('drive.actions.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The project's Google accounts as cards (spec 2 §2.7), adding one and deleting one. */
export function ConnectionsTab({ projectId, readOnly, report }: DriveTabProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const connections = useConnections(projectId);
  const remove = useDeleteConnection(projectId);
  const reconnect = useConnect(projectId);
  const availability = useDriveAvailability();
  const unavailable = availability.data?.available === false ? availability.data : null;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DriveConnection | null>(null);

  const addButton = (label: string) => (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setAdding(true)}
      disabled={readOnly || unavailable !== null}
    >
      {label}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => {
        setDeleting(null);
        report(error, 'delete_connection_failed');
      },
    });
  };

  const content = () => {
    if (connections.isPending) return <LoadingState label={t('drive.connections.loading')} />;
    if (connections.isError) {
      return (
        <ErrorState
          message={errorMessage(connections.error, 'drive.messages.error_loading')}
          onRetry={() => void connections.refetch()}
        />
      );
    }
    if (connections.data.length === 0) {
      return (
        <EmptyState
          icon={<CableOutlinedIcon />}
          title={t('drive.connections.emptyTitle')}
          description={t('drive.connections.emptyDescription')}
          action={addButton(t('drive.connections.addFirst'))}
        />
      );
    }
    return (
      <Grid container spacing={2}>
        {connections.data.map((connection) => (
          <Grid key={connection.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ConnectionCard
              connection={connection}
              readOnly={readOnly}
              reconnectDisabled={reconnect.isPending || reconnect.isSuccess || unavailable !== null}
              onReconnect={() =>
                reconnect.mutate(
                  { connectionId: connection.id },
                  { onError: (error) => report(error, 'connection_failed') },
                )
              }
              onDelete={() => setDeleting(connection)}
            />
          </Grid>
        ))}
      </Grid>
    );
  };

  return (
    <Stack spacing={2} data-testid="drive-connections">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="textSecondary">{t('drive.connections.intro')}</Typography>
        {connections.data?.length ? addButton(t('drive.connections.add')) : null}
      </Stack>
      {unavailable ? (
        <Alert severity="warning" data-testid="drive-unavailable">
          <AlertTitle>{t('drive.connections.unavailable')}</AlertTitle>
          {unavailable.message}
        </Alert>
      ) : null}
      {content()}
      {adding ? (
        <AddConnectionDialog projectId={projectId} report={report} onClose={() => setAdding(false)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('drive.connections.deleteTitle')}
        message={t('drive.connections.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('drive.actions.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
    </Stack>
  );
}
