import AddIcon from '@mui/icons-material/Add';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { Alert, Button, Stack } from '@mui/material';
import type { ApiKey } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { LoadingState } from '../../shared/components/States';
import { ApiKeysHowTo } from './ApiKeysHowTo';
import { ApiKeysTable } from './ApiKeysTable';
import { withDetail } from './apiKeyErrors';
import { useApiKeys, useRevokeApiKey } from './apiKeysApi';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import type { TabProps } from './tabProps';

/** The API keys tab (spec 2 §2.2, §3-§5, §8): list, create (secret shown once), revoke, how to use. */
export function ApiKeysTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const projectId = project.id;
  const query = useApiKeys(projectId);
  const revoke = useRevokeApiKey(projectId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify({ severity: 'success', text: t('settings.apiKeys.api_key_revoked') }),
      onError: (error) =>
        notify({
          severity: 'error',
          text: withDetail(t('settings.apiKeys.failed_to_revoke_api_key'), error),
        }),
      onSettled: () => setRevoking(null),
    });
  };

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={readOnly}>
      {t('settings.apiKeys.create')}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) content = <LoadingState label={t('settings.apiKeys.loading')} />;
  else if (query.isError) {
    content = (
      <Alert
        severity="error"
        data-testid="api-keys-load-error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('settings.apiKeys.failed_to_load_api_keys')}
      </Alert>
    );
  } else {
    content = (
      <ApiKeysTable
        keys={query.data}
        onRevoke={setRevoking}
        disabled={readOnly || revoke.isPending}
        empty={{
          icon: <KeyOutlinedIcon />,
          text: t('settings.apiKeys.emptyTitle'),
          description: t('settings.apiKeys.emptyHint'),
          action: createButton,
        }}
      />
    );
  }

  return (
    <Stack spacing={3}>
      <SettingsSection
        title={t('settings.apiKeys.title')}
        description={t('settings.apiKeys.description')}
        action={query.isSuccess && query.data.length > 0 ? createButton : undefined}
        testId="api-keys"
      >
        {content}
      </SettingsSection>
      <ApiKeysHowTo project={project} />
      {creating ? (
        <CreateApiKeyDialog projectId={projectId} notify={notify} onClose={() => setCreating(false)} />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.apiKeys.revokeTitle')}
        message={t('settings.apiKeys.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.apiKeys.revoke')}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        busy={revoke.isPending}
        destructive
      />
    </Stack>
  );
}
