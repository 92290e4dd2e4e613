import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { CopyableAddress } from '../../shared/components/CopyableAddress';
import { SecretShownOnce } from '../../shared/components/SecretShownOnce';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { LoadingState } from '../../shared/components/States';
import { Toast, useToast } from '../../shared/components/Toast';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useCreateScimToken, useRevokeScimToken, useScimProvisioning } from './scimApi';

/**
 * The SCIM provisioning of an SSO connection: the base URL and bearer token to enter in the identity provider
 * (Okta, Entra ID). The token is shown once when generated; generating another one or revoking it stops the
 * one before.
 */
export function ScimProvisioningCard({ connectionId }: { connectionId: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { toast, show, close } = useToast();
  const query = useScimProvisioning(connectionId);
  const create = useCreateScimToken(connectionId);
  const revoke = useRevokeScimToken(connectionId);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);

  const generate = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setSecret(created.secret);
        setConfirming(null);
      },
      onError: (error) => show({ severity: 'error', text: errorMessage(error) }),
    });
  const revokeToken = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setSecret(null);
        setConfirming(null);
        show({ severity: 'success', text: t('scim.revoked') });
      },
      onError: (error) => show({ severity: 'error', text: errorMessage(error) }),
    });

  let content: React.ReactNode;
  if (query.isPending) content = <LoadingState label={t('scim.loading')} />;
  else if (query.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('scim.loadFailed')}
      </Alert>
    );
  } else {
    const { base_url: baseUrl, token } = query.data;
    content = (
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            {t('scim.baseUrl')}
          </Typography>
          <CopyableAddress
            url={baseUrl}
            testId="scim-base-url"
            notify={show}
            texts={{
              copy: t('scim.copyBaseUrl'),
              copied: t('scim.baseUrlCopied'),
              copyFailed: t('scim.copyFailed'),
            }}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            {t('scim.token')}
          </Typography>
          {token ? (
            <Typography variant="body2" data-testid="scim-token-info">
              <Box component="code" sx={{ fontFamily: 'monospace' }}>
                {token.prefix}…
              </Box>{' '}
              {t('scim.tokenCreated', { date: formatDateTime(token.created_at, i18n.language) })}
              {' · '}
              {token.last_used_at
                ? t('scim.tokenLastUsed', { date: formatDateTime(token.last_used_at, i18n.language) })
                : t('scim.tokenNeverUsed')}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="scim-no-token">
              {t('scim.noToken')}
            </Typography>
          )}
        </Box>
        {secret ? (
          <SecretShownOnce
            secret={secret}
            testId="scim-token"
            notify={show}
            texts={{
              warningTitle: t('scim.secretTitle'),
              warning: t('scim.secretWarning'),
              copy: t('scim.copy'),
              copied: t('scim.tokenCopied'),
              copyFailed: t('scim.copyFailed'),
            }}
          />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            disabled={create.isPending}
            onClick={() => (token ? setConfirming('rotate') : generate())}
          >
            {token ? t('scim.rotate') : t('scim.generate')}
          </Button>
          {token ? (
            <Button color="error" disabled={revoke.isPending} onClick={() => setConfirming('revoke')}>
              {t('scim.revoke')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    );
  }

  return (
    <SettingsSection title={t('scim.title')} description={t('scim.description')} testId="scim-card">
      {content}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'revoke' ? t('scim.revokeTitle') : t('scim.rotateTitle')}
        message={confirming === 'revoke' ? t('scim.revokeMessage') : t('scim.rotateMessage')}
        confirmLabel={confirming === 'revoke' ? t('scim.revoke') : t('scim.rotate')}
        destructive
        busy={create.isPending || revoke.isPending}
        onConfirm={confirming === 'revoke' ? revokeToken : generate}
        onClose={() => setConfirming(null)}
      />
      <Toast toast={toast} onClose={close} />
    </SettingsSection>
  );
}
