import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';

/**
 * Text for a failed settings call: the translation of the server's code when the settings texts have one
 * (settings.errors.<code>: last_owner, already_member, confirmation_mismatch ...), else the app's usual
 * message (errors.<code>, the server's own message, or the fallback).
 */
export function useSettingsError() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown, fallbackKey?: string): string => {
      if (error instanceof ApiError) {
        const key = `settings.errors.${error.code}`;
        if (i18n.exists(key)) return t(key);
      }
      return errorMessage(error, fallbackKey);
    },
    [t, i18n, errorMessage],
  );
}
