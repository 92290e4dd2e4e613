import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';

/**
 * Text for a failed call of the reviews page: reviewQueue.errors.<code> when the page translates the server's
 * code (too_many_rules, rule_disabled), else the app's text for the code or the server's own message.
 */
export function useReviewQueueError() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown, fallbackKey?: string): string => {
      if (error instanceof ApiError) {
        const key = `reviewQueue.errors.${error.code}`;
        if (i18n.exists(key)) return t(key);
      }
      return errorMessage(error, fallbackKey);
    },
    [t, i18n, errorMessage],
  );
}
