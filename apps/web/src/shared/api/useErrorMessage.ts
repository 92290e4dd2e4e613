import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './transport';

/**
 * Turns an error into text for the user: a translated message for known error codes (`<scope>.errors.<code>`
 * when a page translates codes of its own, then errors.<code>), else the server's own message, else a
 * translated fallback.
 */
export function useErrorMessage(scope?: string) {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey = 'errors.generic'): string => {
      if (error instanceof ApiError) {
        const scoped = scope ? `${scope}.errors.${error.code}` : null;
        if (scoped && i18n.exists(scoped)) return t(scoped);
        const key = `errors.${error.code}`;
        if (i18n.exists(key)) return t(key);
        return error.message || t(fallbackKey);
      }
      if (error instanceof TypeError) return t('errors.network');
      return t(fallbackKey);
    },
    [t, i18n, scope],
  );
}
