import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import type { ToastMessage } from '../../shared/components/Toast';
import { FactorDialog } from './FactorDialog';
import { type FactorSectionProps, SecuritySection } from './SecuritySection';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from './twoFactorApi';

/**
 * Security → Authenticator app: setting one up (the first second factor turns two-factor sign-in on and shows
 * the recovery codes), or removing it with a fresh code (the last second factor turns it off, which the
 * confirmation says; next to passkeys it stays on).
 */
export function AuthenticatorAppSection({ status, onCodes, notify }: FactorSectionProps) {
  const { t } = useTranslation();
  return (
    <SecuritySection
      title={t('security.app.title')}
      description={t('security.app.description')}
      testId="authenticator-app"
    >
      {status.totp_enabled ? (
        <AppOn last={status.passkey_count === 0} notify={notify} />
      ) : (
        <Enrolment onEnabled={onCodes} />
      )}
    </SecuritySection>
  );
}

/** The app is set up: removing it asks for a fresh code; `last` when it is the account's last second factor. */
function AppOn({ last, notify }: { last: boolean; notify: (message: ToastMessage) => void }) {
  const { t } = useTranslation();
  const remove = useRemoveTotp();
  const [open, setOpen] = useState(false);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexGrow: 1 }}>
        <CheckCircleOutlineIcon color="success" />
        <Typography>{t('security.app.on')}</Typography>
      </Stack>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {t('security.app.remove')}
        </Button>
      </Box>
      <FactorDialog
        open={open}
        title={t('security.app.removeTitle')}
        description={last ? t('security.app.removeLastMessage') : t('security.app.removeMessage')}
        label={t('security.appOrRecoveryCode')}
        submitLabel={last ? t('security.app.removeLastSubmit') : t('security.app.remove')}
        destructive
        action={remove}
        onDone={(answer) => {
          setOpen(false);
          notify({
            severity: 'success',
            text: answer.enabled ? t('security.app.removed') : t('security.app.removedLast'),
          });
        }}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}

/** Setting up an authenticator app: scan the QR code (or type the key), then confirm with a code. */
function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const errorMessage = useErrorMessage('twoFactorSignIn');
  const [code, setCode] = useState('');

  if (!start.data)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {start.isError ? <Alert severity="error">{errorMessage(start.error)}</Alert> : null}
        <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? t('security.starting') : t('security.setUp')}
        </Button>
      </Stack>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    confirm.mutate(code.trim(), { onSuccess: (answer) => onEnabled(answer.recovery_codes) });
  };
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('security.scanTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="img"
          src={start.data.qr_data_url}
          alt={t('security.qrAlt')}
          sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="body2">{t('security.scanHelp')}</Typography>
          <Typography variant="body2" color="textSecondary">
            {t('security.manualKey')}
          </Typography>
          <Box
            component="code"
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', bgcolor: 'grey.50', p: 1 }}
          >
            {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Box>
        </Stack>
      </Stack>
      <Stack component="form" onSubmit={submit} spacing={2} sx={{ maxWidth: 360 }}>
        {confirm.isError ? <Alert severity="error">{errorMessage(confirm.error)}</Alert> : null}
        <TextField
          label={t('security.confirmCode')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
          helperText={t('security.confirmCodeHelp')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={confirm.isPending || !code.trim()}>
            {confirm.isPending ? t('security.confirming') : t('security.turnOn')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
