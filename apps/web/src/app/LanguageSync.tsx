import { isUiLanguage } from '@parley/contracts';
import { useEffect } from 'react';
import { useMe } from '../shared/api/auth';
import i18n, { storeLanguage } from '../shared/i18n';

/** Applies the signed-in user's saved language (on sign-in and when the session loads). */
export function LanguageSync() {
  const { data: user } = useMe();
  const language = user?.language;
  useEffect(() => {
    if (isUiLanguage(language) && i18n.language !== language) {
      storeLanguage(language);
      void i18n.changeLanguage(language);
    }
  }, [language]);
  return null;
}
