import { isUiLanguage } from '@parley/contracts';
import { useEffect } from 'react';
import { useSession } from '../shared/api/session';
import i18n, { storeLanguage } from '../shared/i18n';

/** Applies the signed-in user's saved language (on sign-in and when the session loads). */
export function LanguageSync() {
  const session = useSession();
  const language = session.status === 'success' ? session.user?.language : undefined;
  useEffect(() => {
    if (isUiLanguage(language) && i18n.language !== language) {
      storeLanguage(language);
      void i18n.changeLanguage(language);
    }
  }, [language]);
  return null;
}
