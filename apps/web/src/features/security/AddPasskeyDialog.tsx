import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { PASSKEYS } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { describeBrowser } from './passkeyName';
import { TwoFactorAlert } from './TwoFactorAlert';
import { useAddPasskey } from './twoFactorApi';

/** "Chrome on macOS", or as much of it as the user agent tells. */
function useSuggestedName() {
  const { t } = useTranslation();
  return () => {
    const { browser, os } = describeBrowser(navigator.userAgent);
    if (browser && os) return t('security.passkeys.nameOn', { browser, os });
    return browser ?? os ?? t('security.passkeys.defaultName');
  };
}

/**
 * Adding a passkey: a name for it, then the browser's own prompt (fingerprint, face, screen lock, security
 * key). A cancelled prompt leaves the dialog open to try again. Answers the new recovery codes when the passkey
 * is the account's first second factor.
 */
export function AddPasskeyDialog({
  open,
  onAdded,
  onClose,
}: {
  open: boolean;
  onAdded: (name: string, recoveryCodes: string[] | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const add = useAddPasskey();
  const suggestedName = useSuggestedName();
  const [name, setName] = useState('');
  const close = () => {
    add.reset();
    onClose();
  };
  const submit = () => {
    const chosen = name.trim();
    if (!chosen) return;
    add.mutate(chosen, {
      onSuccess: (answer) => {
        add.reset();
        onAdded(answer.passkey.name, answer.recovery_codes);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onEnter: () => setName(suggestedName()) } }}
    >
      <DialogTitle id={titleId}>{t('security.passkeys.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogContentText>{t('security.passkeys.addDescription')}</DialogContentText>
          <TwoFactorAlert error={add.error} />
          <TextField
            label={t('security.passkeys.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            disabled={add.isPending}
            slotProps={{ htmlInput: { maxLength: PASSKEYS.nameMaxLength } }}
            helperText={t('security.passkeys.nameHelp')}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={close}
        onSubmit={submit}
        submitLabel={add.isPending ? t('security.passkeys.waiting') : t('security.passkeys.addSubmit')}
        busy={add.isPending}
        disabled={!name.trim()}
      />
    </Dialog>
  );
}
