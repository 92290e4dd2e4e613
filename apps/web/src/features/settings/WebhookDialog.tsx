import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@parley/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorField } from '../../shared/api/client';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { SecretShownOnce } from '../../shared/components/SecretShownOnce';
import { SwitchField } from '../../shared/components/SwitchField';
import type { Notify } from './tabProps';
import { useWebhookError } from './useWebhookError';
import { useCreateWebhook, useUpdateWebhook } from './webhooksApi';

/** The inputs the server may name in a refusal; others go to the notice bar. */
const FORM_FIELDS = ['url', 'description', 'events'] as const;

/**
 * Adding or changing an endpoint: URL, description, events, enabled. After adding, the dialog shows the
 * signing secret once (as a new API key is shown); closing forgets it.
 */
export function WebhookDialog({
  projectId,
  endpoint,
  notify,
  onClose,
}: {
  projectId: number;
  /** The endpoint to change, or null to add one. */
  endpoint: WebhookEndpoint | null;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const webhookError = useWebhookError();
  const create = useCreateWebhook(projectId);
  const update = useUpdateWebhook(projectId);
  const save = endpoint ? update : create;
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? [...WEBHOOK_EVENT_TYPES]);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [secret, setSecret] = useState<string | null>(null);
  const busy = save.isPending;

  const refused = save.isError ? errorField(save.error) : undefined;
  const refusal = (field: (typeof FORM_FIELDS)[number]) =>
    refused === field ? webhookError(save.error) : undefined;
  const edit = (change: () => void) => {
    change();
    if (save.isError) save.reset();
  };

  const blankUrl = url.trim() === '';
  const noEvents = events.length === 0;

  const submit = () => {
    if (busy || blankUrl || noEvents) return;
    const input = { url: url.trim(), description: description.trim(), events, enabled };
    const onError = (error: unknown) => {
      if (!(FORM_FIELDS as readonly string[]).includes(errorField(error) ?? '')) {
        notify({ severity: 'error', text: webhookError(error, 'webhooks.errors.saveFailed') });
      }
    };
    if (endpoint) {
      update.mutate(
        { endpointId: endpoint.id, ...input },
        {
          onSuccess: () => {
            notify({ severity: 'success', text: t('webhooks.dialog.saved') });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, { onSuccess: (created) => setSecret(created.secret), onError });
    }
  };

  if (secret !== null) {
    return (
      <WebhookSecretDialog
        title={t('webhooks.secret.createdTitle')}
        secret={secret}
        notify={notify}
        onClose={() => {
          setSecret(null);
          notify({ severity: 'info', text: t('webhooks.secret.reminder') });
          onClose();
        }}
      />
    );
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    edit(() =>
      setEvents((old) =>
        on
          ? WEBHOOK_EVENT_TYPES.filter((other) => other === type || old.includes(other))
          : old.filter((other) => other !== type),
      ),
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {endpoint ? t('webhooks.dialog.editTitle') : t('webhooks.dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <TextField
            label={t('webhooks.dialog.url')}
            value={url}
            onChange={(event) => edit(() => setUrl(event.target.value))}
            placeholder="https://example.com/parley/webhooks"
            required
            autoFocus
            fullWidth
            disabled={busy}
            type="url"
            error={refusal('url') !== undefined}
            helperText={refusal('url') ?? t('webhooks.dialog.urlHelp')}
            slotProps={{ htmlInput: { maxLength: WEBHOOKS.urlMax, spellCheck: false } }}
          />
          <TextField
            label={t('webhooks.dialog.description')}
            value={description}
            onChange={(event) => edit(() => setDescription(event.target.value))}
            placeholder={t('webhooks.dialog.descriptionPlaceholder')}
            fullWidth
            multiline
            minRows={2}
            disabled={busy}
            error={refusal('description') !== undefined}
            helperText={refusal('description')}
            slotProps={{ htmlInput: { maxLength: WEBHOOKS.descriptionMax } }}
          />
          <FormControl
            component="fieldset"
            disabled={busy}
            error={noEvents || refusal('events') !== undefined}
          >
            <FormLabel component="legend">{t('webhooks.dialog.events')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={events.includes(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                    />
                  }
                  label={
                    <Box sx={{ py: 0.5 }}>
                      <Typography>{t(`webhooks.events.${type}.label`)}</Typography>
                      <Typography variant="body2" color="textSecondary">
                        <Box component="code" sx={{ fontFamily: 'monospace' }}>
                          {type}
                        </Box>
                        {' · '}
                        {t(`webhooks.events.${type}.help`)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </FormGroup>
            {noEvents || refusal('events') ? (
              <FormHelperText>{refusal('events') ?? t('webhooks.dialog.eventsRequired')}</FormHelperText>
            ) : null}
          </FormControl>
          <SwitchField
            label={t('webhooks.dialog.enabled')}
            help={t('webhooks.dialog.enabledHelp')}
            checked={enabled}
            onChange={(on) => edit(() => setEnabled(on))}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={endpoint ? t('webhooks.dialog.save') : t('webhooks.dialog.create')}
        busy={busy}
        disabled={blankUrl || noEvents}
      />
    </Dialog>
  );
}

/** A signing secret, this one time: a warning, the secret, a copy button. */
export function WebhookSecretDialog({
  title,
  secret,
  note,
  notify,
  onClose,
}: {
  title: string;
  secret: string;
  /** More to say under the warning (after a rotation: until when the old secret stays valid). */
  note?: ReactNode;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SecretShownOnce
            secret={secret}
            testId="webhook"
            notify={notify}
            texts={{
              warningTitle: t('webhooks.secret.warningTitle'),
              warning: t('webhooks.secret.warning'),
              copy: t('webhooks.secret.copy'),
              copied: t('webhooks.secret.copied'),
              copyFailed: t('webhooks.secret.copyFailed'),
            }}
          />
          {note ? <Alert severity="info">{note}</Alert> : null}
          <Typography variant="body2" color="textSecondary">
            {t('webhooks.secret.howToVerify')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
