import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { API_KEY, API_KEY_TYPES, type ApiKeyType } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnexpectedAnswerError } from '../../shared/api/client';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { SecretShownOnce } from '../../shared/components/SecretShownOnce';
import { withDetail } from './apiKeyErrors';
import { useCreateApiKey } from './apiKeysApi';
import type { Notify } from './tabProps';

/**
 * The create dialog: the form (name required, type full or media, default full), then after success the
 * secret once, with a warning and a copy button. Closing after success shows the 'save key' reminder and
 * forgets the secret.
 */
export function CreateApiKeyDialog({
  projectId,
  notify,
  onClose,
}: {
  projectId: number;
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateApiKey(projectId);
  const [name, setName] = useState('');
  const [type, setType] = useState<ApiKeyType>(API_KEY.defaultType);
  const [secret, setSecret] = useState<string | null>(null);
  const blank = name.trim() === '';

  const submit = () => {
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!projectId || !trimmed) {
      notify({ severity: 'error', text: t('settings.apiKeys.no_project_or_empty_name') });
      return;
    }
    create.mutate(
      { name: trimmed, type },
      {
        onSuccess: (created) => setSecret(created.api_key),
        onError: (error) =>
          notify({
            severity: 'error',
            // An answer without the key's secret does not match the route's contract.
            text:
              error instanceof UnexpectedAnswerError
                ? t('settings.apiKeys.no_api_key_returned')
                : withDetail(t('settings.apiKeys.failed_to_create_api_key'), error),
          }),
      },
    );
  };

  const close = () => {
    if (create.isPending) return;
    if (secret !== null) {
      setSecret(null);
      notify({ severity: 'info', text: t('settings.apiKeys.save_key_reminder') });
    }
    onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {secret === null ? t('settings.apiKeys.createTitle') : t('settings.apiKeys.createdTitle')}
      </DialogTitle>
      {secret === null ? (
        <>
          <DialogContent>
            <Stack spacing={3} sx={{ pt: 1 }}>
              <TextField
                label={t('settings.apiKeys.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    submit();
                  }
                }}
                placeholder={t('settings.apiKeys.namePlaceholder')}
                required
                autoFocus
                fullWidth
                disabled={create.isPending}
                slotProps={{ htmlInput: { maxLength: API_KEY.nameMax } }}
              />
              <FormControl disabled={create.isPending}>
                <FormLabel id={`${titleId}-type`}>{t('settings.apiKeys.columns.type')}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-type`}
                  value={type}
                  onChange={(event) => setType(event.target.value as ApiKeyType)}
                >
                  {API_KEY_TYPES.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography>{t(`settings.apiKeys.types.${value}`)}</Typography>
                          <Typography variant="body2" color="textSecondary">
                            {t(`settings.apiKeys.typeHelp.${value}`)}
                          </Typography>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            </Stack>
          </DialogContent>
          <DialogButtons
            onCancel={close}
            onSubmit={submit}
            submitLabel={t('settings.apiKeys.createSubmit')}
            busy={create.isPending}
            disabled={blank}
          />
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <SecretShownOnce
                secret={secret}
                testId="api-key"
                notify={notify}
                texts={{
                  warningTitle: t('settings.apiKeys.secretWarningTitle'),
                  warning: t('settings.apiKeys.secretWarning'),
                  copy: t('settings.apiKeys.copy'),
                  copied: t('settings.apiKeys.api_key_copied'),
                  copyFailed: t('settings.apiKeys.copy_failed'),
                }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t('settings.apiKeys.done')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
