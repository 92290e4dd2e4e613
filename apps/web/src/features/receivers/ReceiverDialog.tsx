import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Prompt, RECEIVER_KINDS, RECEIVERS, type Receiver, type ReceiverKind } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorField } from '../../shared/api/client';
import { useCreateReceiver, useUpdateReceiver } from '../../shared/api/receivers';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { SecretShownOnce } from '../../shared/components/SecretShownOnce';
import { SwitchField } from '../../shared/components/SwitchField';
import type { ToastMessage } from '../../shared/components/Toast';
import { KIND_ICONS } from './kinds';
import { MappingRows } from './MappingRows';
import { ReceiverAddress } from './ReceiverAddress';
import {
  checkCreate,
  checkUpdate,
  draftOf,
  type ErrorPath,
  invalidKey,
  type ReceiverDraft,
  takesSecret,
  withDefaults,
  withKind,
} from './receiverForm';

/** The form's inputs a refusal may name; a refusal naming another goes above the form. */
const FORM_PATHS = /^(kind|name|prompt_id|secret|date_source|mapping(\.\d+\.(source|metadata))?)$/;

type Notify = (message: ToastMessage) => void;

/**
 * Adding or changing a phone-system receiver: kind (when adding), name, prompt, the provider's secret, the
 * field mapping and the conversation-date field, enabled. The contracts schemas check the form before it is
 * sent; the server's refusal of an input shows under it. A new generic receiver's signing secret is shown once.
 */
export function ReceiverDialog({
  projectId,
  receiver,
  prompts,
  notify,
  onClose,
}: {
  projectId: number;
  /** The receiver to change, or null to add one. */
  receiver: Receiver | null;
  prompts: readonly Prompt[];
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorMessage('receivers');
  const create = useCreateReceiver(projectId);
  const update = useUpdateReceiver(projectId);
  const save = receiver ? update : create;
  const busy = save.isPending;
  const [draft, setDraft] = useState<ReceiverDraft>(() => draftOf(receiver));
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ path: ErrorPath | null; text: string } | null>(null);
  const [created, setCreated] = useState<{ receiver: Receiver; secret: string } | null>(null);

  const checked = receiver ? checkUpdate(draft) : checkCreate(draft);
  const problems = tried ? (checked.problems ?? []) : [];
  /** What is wrong at a path: the server's words for its refusal, else what the form expects there. */
  const problem = (path: ErrorPath): string | undefined => {
    if (refused?.path === path) return refused.text;
    return problems.includes(path) ? t(invalidKey(path)) : undefined;
  };

  const edit = (change: (old: ReceiverDraft) => ReceiverDraft) => {
    setDraft(change);
    setRefused(null);
  };
  const editMapping = (change: Partial<ReceiverDraft>) =>
    edit((old) => ({ ...old, ...change, mappingTouched: true }));

  const submit = () => {
    setTried(true);
    if (busy) return;
    const onError = (error: unknown) => {
      const path = errorField(error) ?? null;
      setRefused({
        path: path && FORM_PATHS.test(path) ? path : null,
        text: errorText(error, 'receivers.dialog.saveFailed'),
      });
    };
    if (receiver) {
      const { body } = checkUpdate(draft);
      if (!body) return;
      update.mutate(
        { receiverId: receiver.id, body },
        {
          onSuccess: () => {
            notify({ severity: 'success', text: t('receivers.dialog.saved') });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const { body } = checkCreate(draft);
    if (!body) return;
    create.mutate(body, {
      onSuccess: ({ secret, ...saved }) => {
        if (secret) {
          setCreated({ receiver: saved, secret });
          return;
        }
        notify({ severity: 'success', text: t('receivers.dialog.created') });
        onClose();
      },
      onError,
    });
  };

  if (created) {
    return (
      <ReceiverSecretDialog
        receiver={created.receiver}
        secret={created.secret}
        notify={notify}
        onClose={() => {
          setCreated(null);
          notify({ severity: 'info', text: t('receivers.secret.reminder') });
          onClose();
        }}
      />
    );
  }

  const kindLabel = t(`receivers.kinds.${draft.kind}.label`);
  const promptFields = prompts.find((prompt) => prompt.id === draft.promptId)?.metadataFields ?? [];

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {t(receiver ? 'receivers.dialog.editTitle' : 'receivers.dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {refused && refused.path === null ? (
            <Alert severity="error" data-testid="receiver-error">
              {refused.text}
            </Alert>
          ) : null}
          <TextField
            select
            label={t('receivers.dialog.kind')}
            value={draft.kind}
            onChange={(event) => edit((old) => withKind(old, event.target.value as ReceiverKind))}
            fullWidth
            disabled={busy || receiver !== null}
            helperText={
              problem('kind') ??
              (receiver ? t('receivers.dialog.kindFixed') : t(`receivers.kinds.${draft.kind}.description`))
            }
            error={problem('kind') !== undefined}
            slotProps={{
              select: { renderValue: (kind) => t(`receivers.kinds.${kind as ReceiverKind}.label`) },
            }}
          >
            {RECEIVER_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                <ListItemIcon>{KIND_ICONS[kind]}</ListItemIcon>
                <ListItemText
                  primary={t(`receivers.kinds.${kind}.label`)}
                  secondary={t(`receivers.kinds.${kind}.description`)}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('receivers.dialog.name')}
            value={draft.name}
            onChange={(event) => edit((old) => ({ ...old, name: event.target.value }))}
            placeholder={t('receivers.dialog.namePlaceholder', { kind: kindLabel })}
            required
            fullWidth
            disabled={busy}
            error={problem('name') !== undefined}
            helperText={problem('name')}
            slotProps={{ htmlInput: { maxLength: RECEIVERS.nameMax } }}
          />
          <TextField
            select
            label={t('receivers.dialog.prompt')}
            value={draft.promptId === null ? '' : String(draft.promptId)}
            onChange={(event) => edit((old) => ({ ...old, promptId: Number(event.target.value) || null }))}
            required
            fullWidth
            disabled={busy}
            error={problem('prompt_id') !== undefined}
            helperText={
              problem('prompt_id') ??
              (prompts.length === 0 ? t('receivers.dialog.noPrompts') : t('receivers.dialog.promptHelp'))
            }
          >
            {prompts.map((prompt) => (
              <MenuItem key={prompt.id} value={String(prompt.id)}>
                {prompt.scriptName}
              </MenuItem>
            ))}
          </TextField>
          {takesSecret(draft.kind) ? (
            <TextField
              label={t(`receivers.secret.label.${draft.kind}`)}
              value={draft.secret}
              onChange={(event) => edit((old) => ({ ...old, secret: event.target.value }))}
              type="password"
              autoComplete="off"
              required={receiver === null}
              fullWidth
              disabled={busy}
              error={problem('secret') !== undefined}
              helperText={
                problem('secret') ??
                (receiver ? t('receivers.secret.keep') : t(`receivers.secret.help.${draft.kind}`))
              }
              slotProps={{ htmlInput: { maxLength: RECEIVERS.secretMax, spellCheck: false } }}
            />
          ) : (
            <Alert severity="info" data-testid="receiver-generic-secret">
              {t(receiver ? 'receivers.secret.genericKept' : 'receivers.secret.genericMade')}
            </Alert>
          )}

          <Box>
            <Typography variant="subtitle2">{t('receivers.dialog.mappingTitle')}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
              {t('receivers.dialog.mappingHelp', { kind: kindLabel })}
            </Typography>
            <MappingRows
              rows={draft.mapping}
              onChange={(mapping) => editMapping({ mapping })}
              problem={problem}
              disabled={busy}
            />
            {promptFields.length > 0 ? (
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                {t('receivers.dialog.promptMetadata', { names: promptFields.join(', ') })}
              </Typography>
            ) : null}
          </Box>
          <TextField
            label={t('receivers.dialog.dateSource')}
            value={draft.dateSource}
            onChange={(event) => editMapping({ dateSource: event.target.value })}
            fullWidth
            disabled={busy}
            error={problem('date_source') !== undefined}
            helperText={problem('date_source') ?? t('receivers.dialog.dateSourceHelp')}
            slotProps={{ htmlInput: { maxLength: RECEIVERS.sourceMax, spellCheck: false } }}
            sx={{ '& input': { fontFamily: 'monospace' } }}
          />
          <Box>
            <Button
              size="small"
              startIcon={<RestartAltIcon />}
              onClick={() => edit((old) => withDefaults(old, old.kind))}
              disabled={busy}
            >
              {t('receivers.dialog.useDefaults', { kind: kindLabel })}
            </Button>
          </Box>
          <SwitchField
            label={t('receivers.dialog.enabled')}
            help={t('receivers.dialog.enabledHelp')}
            checked={draft.enabled}
            onChange={(enabled) => edit((old) => ({ ...old, enabled }))}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t(receiver ? 'receivers.dialog.save' : 'receivers.dialog.create')}
        busy={busy}
        disabled={tried && checked.problems !== null}
      />
    </Dialog>
  );
}

/** A new generic receiver's signing secret, this one time, with its address. */
function ReceiverSecretDialog({
  receiver,
  secret,
  notify,
  onClose,
}: {
  receiver: Receiver;
  secret: string;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('receivers.secret.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SecretShownOnce
            secret={secret}
            testId="receiver"
            notify={notify}
            texts={{
              warningTitle: t('receivers.secret.warningTitle'),
              warning: t('receivers.secret.warning'),
              copy: t('receivers.secret.copy'),
              copied: t('receivers.secret.copied'),
              copyFailed: t('receivers.secret.copyFailed'),
            }}
          />
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('receivers.secret.address')}
            </Typography>
            <ReceiverAddress url={receiver.url} notify={notify} />
          </Box>
          <Typography variant="body2" color="textSecondary">
            {t('receivers.secret.howToSign')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('receivers.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
