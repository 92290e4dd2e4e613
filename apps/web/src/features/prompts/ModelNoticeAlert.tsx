import { Alert, Button } from '@mui/material';
import type { ModelNotice, ProviderId } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackModels, useDismissModelNotice, useModels } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';

interface ModelNoticeAlertProps {
  projectId: number;
  promptId: number;
  provider: ProviderId;
  notice: ModelNotice;
  /** Admins may dismiss it; saving the prompt clears it too. */
  canDismiss: boolean;
}

/** "Model X was retired by the provider; this prompt now uses Y", until an admin dismisses it. */
export function ModelNoticeAlert({
  projectId,
  promptId,
  provider,
  notice,
  canDismiss,
}: ModelNoticeAlertProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const models = useModels(provider);
  const dismiss = useDismissModelNotice();
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const catalog = models.data ?? fallbackModels(provider);
  const name = (model: string) => catalog.find((info) => info.model === model)?.display_name ?? model;
  return (
    <Alert
      severity="info"
      data-testid="model-notice"
      action={
        canDismiss ? (
          <Button
            color="inherit"
            size="small"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ projectId, promptId }, { onSuccess: () => setHidden(true) })}
          >
            {t('prompts.modelNotice.dismiss')}
          </Button>
        ) : undefined
      }
    >
      {t('prompts.modelNotice.text', { from: name(notice.from), to: name(notice.to) })}
      {dismiss.isError ? ` ${errorMessage(dismiss.error)}` : null}
    </Alert>
  );
}
