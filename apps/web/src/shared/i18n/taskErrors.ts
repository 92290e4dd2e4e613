import type { TaskErrorSchema } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/** What the API answers about a task's reason: the English text and the same reason as a code. */
export interface TaskErrorFields {
  error: string | null;
  error_reason?: z.infer<typeof TaskErrorSchema> | null;
}

/**
 * A task's reason (failed, waiting for a retry, skipped) in the reader's language: `taskErrors.<code>` with
 * the reason's parameters. A reason without a code of its own ('other', or one this app does not know)
 * shows the server's text.
 */
export function useTaskErrorText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    ({ error, error_reason: reason }: TaskErrorFields): string | null => {
      if (!reason || reason.code === 'other') return error;
      const key = `taskErrors.${reason.code}`;
      if (!i18n.exists(key) && !i18n.exists(`${key}_other`)) return error;
      return t(key, reason.params);
    },
    [t, i18n],
  );
}
