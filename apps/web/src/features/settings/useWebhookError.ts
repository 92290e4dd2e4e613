import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useSettingsError } from './useSettingsError';

/**
 * Text for a failed webhooks call: webhooks.errors.<code> when the webhooks texts translate the server's code
 * (too_many_endpoints ...), else what the other settings tabs show (the server's own message for a refused URL,
 * which says precisely why: not https, a private address, an unknown host).
 */
export function useWebhookError() {
  const { t, i18n } = useTranslation();
  const settingsError = useSettingsError();
  return useCallback(
    (error: unknown, fallbackKey?: string): string => {
      if (error instanceof ApiError) {
        const key = `webhooks.errors.${error.code}`;
        if (i18n.exists(key)) return t(key);
      }
      return settingsError(error, fallbackKey);
    },
    [t, i18n, settingsError],
  );
}
