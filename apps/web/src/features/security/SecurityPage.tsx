import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import type { TwoFactorStatus } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { Page } from '../../shared/components/Page';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { Toast, useToast } from '../../shared/components/Toast';
import { formatDate } from '../../shared/utils/displayDates';
import { AuthenticatorAppSection } from './AuthenticatorAppSection';
import { FactorDialog } from './FactorDialog';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { SecuritySection } from './SecuritySection';
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorStatus } from './twoFactorApi';

/**
 * Profile → Security (/profile/security): two-factor sign-in (its state, recovery codes, turning it off), and
 * its factors: an authenticator app and passkeys. The first factor added turns it on.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const errorMessage = useErrorMessage();
  const { toast, show, close } = useToast();
  const [codes, setCodes] = useState<string[] | null>(null);
  // A factor added beside another keeps the account's codes: there are none to show then.
  const showCodes = (fresh: string[]) => setCodes(fresh.length > 0 ? fresh : null);

  let overview: ReactNode;
  if (status.isPending) overview = <LoadingState />;
  else if (status.isError)
    overview = <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />;
  else if (status.data.enabled)
    overview = (
      <EnabledTwoFactor
        status={status.data}
        onCodes={showCodes}
        onOff={() => show({ severity: 'success', text: t('security.turnedOff') })}
      />
    );
  else
    overview = (
      <Typography variant="body2" data-testid="two-factor-off-hint">
        {t('security.offHint')}
      </Typography>
    );

  return (
    <Page title={t('security.title')} subtitle={t('security.subtitle')} form>
      <Stack spacing={3}>
        <SecuritySection
          title={t('security.twoFactor')}
          state={
            status.data ? (
              <Chip
                size="small"
                color={status.data.enabled ? 'success' : 'default'}
                label={status.data.enabled ? t('security.on') : t('security.off')}
              />
            ) : null
          }
          description={t('security.twoFactorDescription')}
          testId="two-factor"
        >
          {overview}
        </SecuritySection>
        {status.data ? (
          <>
            <PasskeysSection status={status.data} onCodes={showCodes} notify={show} />
            <AuthenticatorAppSection status={status.data} onCodes={showCodes} notify={show} />
          </>
        ) : null}
      </Stack>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} notify={show} />
      <Toast toast={toast} onClose={close} />
    </Page>
  );
}

/** Two-factor sign-in is on: since when, the recovery codes left, new ones, and turning it all off. */
function EnabledTwoFactor({
  status,
  onCodes,
  onOff,
}: {
  status: TwoFactorStatus;
  onCodes: (codes: string[]) => void;
  onOff: () => void;
}) {
  const { t, i18n } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [dialog, setDialog] = useState<'codes' | 'off' | null>(null);
  // Without an authenticator app, a recovery code is the one code the account has to prove itself.
  const codeLabel = status.totp_enabled ? t('security.appOrRecoveryCode') : t('security.recoveryCode');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CheckCircleOutlineIcon color="success" />
        <Typography>
          {t('security.enabledSince', { date: formatDate(status.enabled_at, i18n.language) })}
        </Typography>
      </Stack>
      {status.recovery_codes_left <= 2 ? (
        <Alert severity="warning">{t('security.fewCodes', { left: status.recovery_codes_left })}</Alert>
      ) : null}
      <Typography variant="body2" color="textSecondary" data-testid="recovery-codes-left">
        {t('security.codesLeft', { left: status.recovery_codes_left })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => setDialog('codes')}>
          {t('security.newCodes')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDialog('off')}>
          {t('security.turnOff')}
        </Button>
      </Stack>
      <FactorDialog
        open={dialog === 'codes'}
        title={t('security.newCodesTitle')}
        description={
          status.totp_enabled ? t('security.newCodesDescription') : t('security.newCodesWithRecovery')
        }
        label={codeLabel}
        submitLabel={t('security.newCodesSubmit')}
        action={regenerate}
        onDone={(answer) => {
          setDialog(null);
          onCodes(answer.recovery_codes);
        }}
        onClose={() => setDialog(null)}
      />
      <FactorDialog
        open={dialog === 'off'}
        title={t('security.turnOffTitle')}
        description={
          status.totp_enabled ? t('security.turnOffDescription') : t('security.turnOffWithRecovery')
        }
        label={codeLabel}
        submitLabel={t('security.turnOffSubmit')}
        destructive
        action={disable}
        onDone={() => {
          setDialog(null);
          onOff();
        }}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
