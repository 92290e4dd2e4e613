import AddIcon from '@mui/icons-material/Add';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { DRIVE, type FolderIntegration } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePrompts } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../shared/components/States';
import { useConnections, useDeleteIntegration, useIntegrations, useReloadDrive, useSync } from './api';
import { type DriveTabProps, drivePath } from './DrivePanel';
import { IntegrationCard } from './IntegrationCard';
import { IntegrationDialog } from './IntegrationDialog';

/** The dialog: closed, creating, or editing an integration. */
type Editing = { integration: FolderIntegration | null } | null;

/**
 * Manual syncs (spec 2 §4): a folder's button stays disabled from the click until the lists reload 2 s later
 * (then the integration's own `syncing` says whether it still runs).
 */
function useManualSync(projectId: number, report: DriveTabProps['report']) {
  const sync = useSync(projectId);
  const reload = useReloadDrive(projectId);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const running = timers.current;
    return () => running.forEach(clearTimeout);
  }, []);

  const start = (id: number) => {
    setPending((current) => new Set(current).add(id));
    // Each click reports its own failure (mutate's callbacks would only follow the latest click).
    sync.mutateAsync(id).catch((error: unknown) => report(error, 'sync_failed'));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void reload().finally(() =>
        setPending((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
      );
    }, DRIVE.reloadAfterSyncMs);
    timers.current.add(timer);
  };
  return { pending, start };
}

/** The folders the project syncs from Drive, as cards (spec 2 §2.7). */
export function FolderIntegrationsTab({ projectId, readOnly, report }: DriveTabProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const connections = useConnections(projectId);
  const integrations = useIntegrations(projectId);
  const prompts = usePrompts(projectId);
  const remove = useDeleteIntegration(projectId);
  const { pending, start } = useManualSync(projectId, report);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FolderIntegration | null>(null);

  useEffect(() => {
    // A failed prompt load is only logged (spec 2 §8).
    if (prompts.isError) console.error(prompts.error);
  }, [prompts.isError, prompts.error]);

  const hasConnections = (connections.data?.length ?? 0) > 0;
  const add = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ integration: null })}
      disabled={readOnly || !hasConnections}
    >
      {t('drive.folders.add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => {
        setDeleting(null);
        report(error, 'delete_failed');
      },
    });
  };

  const content = () => {
    if (connections.isPending || integrations.isPending) {
      return <LoadingState label={t('drive.folders.loading')} />;
    }
    const failed = connections.error ?? integrations.error;
    if (failed) {
      return (
        <ErrorState
          message={errorMessage(failed, 'drive.messages.error_loading')}
          onRetry={() => {
            void connections.refetch();
            void integrations.refetch();
          }}
        />
      );
    }
    if (!hasConnections) {
      return (
        <Alert
          severity="info"
          data-testid="drive-no-connections"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={drivePath(projectId, 'connections')}
            >
              {t('drive.folders.toConnections')}
            </Button>
          }
        >
          {t('drive.folders.noConnections')}
        </Alert>
      );
    }
    if (integrations.data?.length === 0) {
      return (
        <EmptyState
          icon={<FolderSharedOutlinedIcon />}
          title={t('drive.folders.emptyTitle')}
          description={t('drive.folders.emptyDescription')}
          action={
            <Button variant="contained" onClick={() => setEditing({ integration: null })} disabled={readOnly}>
              {t('drive.folders.setUp')}
            </Button>
          }
        />
      );
    }
    return (
      <Stack spacing={2}>
        {integrations.data?.map((integration) => (
          <IntegrationCard
            key={integration.id}
            projectId={projectId}
            integration={integration}
            promptName={
              prompts.data?.find((prompt) => prompt.id === integration.prompt_id)?.scriptName ?? null
            }
            readOnly={readOnly}
            syncing={integration.syncing || pending.has(integration.id)}
            onSync={() => start(integration.id)}
            onEdit={() => setEditing({ integration })}
            onDelete={() => setDeleting(integration)}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Stack spacing={2} data-testid="drive-folders">
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="textSecondary">{t('drive.folders.intro')}</Typography>
        {add}
      </Stack>
      {content()}
      {editing ? (
        <IntegrationDialog
          projectId={projectId}
          integration={editing.integration}
          connections={connections.data ?? []}
          prompts={prompts.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('drive.folders.deleteTitle')}
        message={t('drive.folders.deleteMessage', {
          name: deleting?.folder_name || deleting?.folder_id || '',
        })}
        confirmLabel={t('drive.actions.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
    </Stack>
  );
}
