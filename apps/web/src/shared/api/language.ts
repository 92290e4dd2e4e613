import { type UiLanguage, userRoutes } from '@parley/contracts';
import { useCallback } from 'react';
import i18n, { storeLanguage } from '../i18n';
import { call } from './client';
import { updateSessionUser, useSession } from './session';

/**
 * Applies a UI language at once, remembers it in the browser and saves it to the account when signed in. (The
 * language menu of the public pages uses it: no TanStack Query here.)
 */
export function useChangeLanguage() {
  const session = useSession();
  const signedIn = session.status === 'success' && session.user !== null;
  return useCallback(
    async (language: UiLanguage) => {
      storeLanguage(language);
      await i18n.changeLanguage(language);
      if (!signedIn) return;
      updateSessionUser((user) => ({ ...user, language }));
      try {
        await call(userRoutes.updateLanguage, { body: { language } });
      } catch (error) {
        // The UI keeps the chosen language; the account keeps the old one until the next change.
        console.warn('Saving the language failed', error);
      }
    },
    [signedIn],
  );
}
