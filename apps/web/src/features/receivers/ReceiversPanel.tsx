import AddIcon from '@mui/icons-material/Add';
import PhoneCallbackOutlinedIcon from '@mui/icons-material/PhoneCallbackOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { RECEIVERS, type Receiver } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrompts } from '../../shared/api/prompts';
import { useDeleteReceiver, useReceivers, useUpdateReceiver } from '../../shared/api/receivers';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../shared/components/States';
import { Toast, useToast } from '../../shared/components/Toast';
import { ReceiverCard } from './ReceiverCard';
import { ReceiverDialog } from './ReceiverDialog';

/**
 * The Phone systems tab of the integrations page (issue 36 part 4): receivers that take a call's recording
 * from Twilio, Zoom, Aircall or any system posting a signed JSON, as cards with their recent calls; adding,
 * changing, pausing and deleting them.
 */
export function ReceiversPanel({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage('receivers');
  const receivers = useReceivers(projectId);
  const prompts = usePrompts(projectId);
  const update = useUpdateReceiver(projectId);
  const remove = useDeleteReceiver(projectId);
  const { toast, show: notify, close } = useToast();
  const [editing, setEditing] = useState<Receiver | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Receiver | null>(null);

  useEffect(() => {
    // The cards show "no prompt" without the list; the failure is only logged, as the Drive tab does.
    if (prompts.isError) console.error(prompts.error);
  }, [prompts.isError, prompts.error]);

  const list = receivers.data ?? [];
  const full = list.length >= RECEIVERS.receiversMax;

  const setEnabled = (receiver: Receiver, enabled: boolean) =>
    update.mutate(
      { receiverId: receiver.id, body: { enabled } },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            text: t(enabled ? 'receivers.card.enabledNotice' : 'receivers.card.disabledNotice', {
              name: receiver.name,
            }),
          }),
        onError: (error) =>
          notify({ severity: 'error', text: errorText(error, 'receivers.dialog.saveFailed') }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', text: t('receivers.delete.done') }),
      onError: (error) => notify({ severity: 'error', text: errorText(error, 'receivers.delete.failed') }),
      onSettled: () => setDeleting(null),
    });
  };

  const content = () => {
    if (receivers.isPending) return <LoadingState label={t('receivers.list.loading')} />;
    if (receivers.isError) {
      return (
        <ErrorState
          title={t('receivers.list.loadFailed')}
          message={errorText(receivers.error)}
          onRetry={() => void receivers.refetch()}
        />
      );
    }
    if (list.length === 0) {
      return (
        <EmptyState
          icon={<PhoneCallbackOutlinedIcon />}
          title={t('receivers.list.emptyTitle')}
          description={t('receivers.list.emptyHint')}
          action={
            <Button variant="contained" onClick={() => setEditing('new')} disabled={readOnly}>
              {t('receivers.list.setUp')}
            </Button>
          }
        />
      );
    }
    return (
      <Stack spacing={2}>
        {list.map((receiver) => (
          <ReceiverCard
            key={receiver.id}
            projectId={projectId}
            receiver={receiver}
            promptName={prompts.data?.find((prompt) => prompt.id === receiver.prompt_id)?.scriptName ?? null}
            readOnly={readOnly}
            switching={update.isPending && update.variables?.receiverId === receiver.id}
            notify={notify}
            onEdit={() => setEditing(receiver)}
            onDelete={() => setDeleting(receiver)}
            onSetEnabled={(enabled) => setEnabled(receiver, enabled)}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Stack spacing={2} data-testid="receivers-panel">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="textSecondary">{t('receivers.list.intro')}</Typography>
        {list.length > 0 ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            disabled={readOnly || full}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('receivers.list.add')}
          </Button>
        ) : null}
      </Stack>
      {full ? (
        <Typography variant="body2" color="textSecondary">
          {t('receivers.list.full', { count: RECEIVERS.receiversMax })}
        </Typography>
      ) : null}
      {content()}
      {editing !== null ? (
        <ReceiverDialog
          projectId={projectId}
          receiver={editing === 'new' ? null : editing}
          prompts={prompts.data ?? []}
          notify={notify}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('receivers.delete.title')}
        message={t('receivers.delete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('receivers.delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
      <Toast toast={toast} onClose={close} />
    </Stack>
  );
}
