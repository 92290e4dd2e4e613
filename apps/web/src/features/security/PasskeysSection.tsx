import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { PASSKEYS, type Passkey } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { QueryContent } from '../../shared/components/States';
import { formatRelativeTime } from '../../shared/format/relativeTime';
import { formatDate } from '../../shared/utils/displayDates';
import { FactorDialog } from './FactorDialog';
import { passkeysSupported } from './passkeyCeremony';
import { describeBrowser } from './passkeyName';
import { type FactorSectionProps, SecuritySection } from './SecuritySection';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './twoFactorApi';

/** A new passkey's suggested name: "Chrome on macOS", or as much of it as the user agent tells. */
function useSuggestedName() {
  const { t } = useTranslation();
  return () => {
    const { browser, os } = describeBrowser(navigator.userAgent);
    if (browser && os) return t('security.passkeys.nameOn', { browser, os });
    return browser ?? os ?? t('security.passkeys.defaultName');
  };
}

/**
 * Security → Passkeys: the account's passkeys (name, added, last used), adding one (the first second factor
 * turns two-factor sign-in on and shows the recovery codes) and removing one (the last second factor turns it
 * off, which the confirmation says).
 */
export function PasskeysSection({ status, onCodes, notify }: FactorSectionProps) {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const suggestedName = useSuggestedName();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Removal | null>(null);
  const supported = passkeysSupported();
  const full = status.passkey_count >= PASSKEYS.maxPerAccount;

  return (
    <SecuritySection
      title={t('security.passkeys.title')}
      description={t('security.passkeys.description')}
      testId="passkeys"
    >
      <QueryContent
        query={passkeys}
        loadingLabel={t('security.passkeys.loading')}
        errorTitle={t('security.passkeys.loadError')}
      >
        {(list) => (
          <Stack spacing={2}>
            {list.length === 0 ? (
              <Typography variant="body2">{t('security.passkeys.none')}</Typography>
            ) : (
              <List disablePadding aria-label={t('security.passkeys.title')}>
                {list.map((passkey) => (
                  <PasskeyRow
                    key={passkey.id}
                    passkey={passkey}
                    onRemove={() =>
                      setRemoving({ passkey, last: !status.totp_enabled && status.passkey_count <= 1 })
                    }
                  />
                ))}
              </List>
            )}
            {supported ? (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box>
                  <Button
                    variant={status.enabled ? 'outlined' : 'contained'}
                    startIcon={<KeyOutlinedIcon />}
                    onClick={() => setAdding(true)}
                    disabled={full}
                  >
                    {t('security.passkeys.add')}
                  </Button>
                </Box>
                {full ? (
                  <Typography variant="body2" color="textSecondary">
                    {t('security.passkeys.full', { max: PASSKEYS.maxPerAccount })}
                  </Typography>
                ) : null}
              </Stack>
            ) : (
              <Alert severity="info">{t('security.passkeys.unsupported')}</Alert>
            )}
          </Stack>
        )}
      </QueryContent>
      <FactorDialog
        open={adding}
        title={t('security.passkeys.addTitle')}
        description={t('security.passkeys.addDescription')}
        label={t('security.passkeys.name')}
        helperText={t('security.passkeys.nameHelp')}
        suggestion={suggestedName}
        maxLength={PASSKEYS.nameMaxLength}
        submitLabel={t('security.passkeys.addSubmit')}
        busyLabel={t('security.passkeys.waiting')}
        action={add}
        onDone={(answer) => {
          setAdding(false);
          notify({ severity: 'success', text: t('security.passkeys.added', { name: answer.passkey.name }) });
          if (answer.recovery_codes) onCodes(answer.recovery_codes);
        }}
        onClose={() => setAdding(false)}
      />
      <RemovePasskeyDialog
        removal={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(stillOn) => {
          setRemoving(null);
          notify({
            severity: 'success',
            text: stillOn ? t('security.passkeys.removed') : t('security.passkeys.removedLast'),
          });
        }}
      />
    </SecuritySection>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const details = [
    t('security.passkeys.addedOn', { date: formatDate(passkey.created_at, i18n.language) }),
    passkey.last_used_at
      ? t('security.passkeys.lastUsed', { when: formatRelativeTime(passkey.last_used_at, i18n.language) })
      : t('security.passkeys.neverUsed'),
  ];
  return (
    <ListItem
      divider
      disableGutters
      data-testid="passkey-row"
      secondaryAction={
        <Button
          size="small"
          color="error"
          onClick={onRemove}
          aria-label={t('security.passkeys.removeNamed', { name: passkey.name })}
        >
          {t('security.passkeys.remove')}
        </Button>
      }
      sx={{ pr: 12, alignItems: 'flex-start' }}
    >
      <ListItemIcon sx={{ mt: 1, minWidth: 44 }}>
        <KeyOutlinedIcon aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={passkey.name}
        secondary={details.join(' · ')}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/** A passkey to remove, and whether it is the account's last second factor. */
interface Removal {
  passkey: Passkey;
  last: boolean;
}

/** Asks before removing a passkey; removing the last second factor turns two-factor sign-in off. */
function RemovePasskeyDialog({
  removal,
  onClose,
  onRemoved,
}: {
  removal: Removal | null;
  onClose: () => void;
  onRemoved: (stillOn: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const errorMessage = useErrorMessage('twoFactorSignIn');
  // The question stays as it was asked while the dialog closes.
  const [shown, setShown] = useState(removal);
  if (removal && removal !== shown) setShown(removal);
  const passkey = shown?.passkey;
  const last = shown?.last ?? false;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={removal !== null}
      title={t('security.passkeys.removeTitle', { name: passkey?.name ?? '' })}
      message={last ? t('security.passkeys.removeLastMessage') : t('security.passkeys.removeMessage')}
      confirmLabel={last ? t('security.passkeys.removeLastSubmit') : t('security.passkeys.remove')}
      onConfirm={() => {
        if (!passkey) return;
        remove.mutate(passkey.id, {
          onSuccess: (status) => {
            remove.reset();
            onRemoved(status.enabled);
          },
        });
      }}
      onClose={close}
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : undefined}
      destructive
    />
  );
}
