import { DEFAULT_LANGUAGE, isUiLanguage, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every JSON file under src/locales/<lang>/ is bundled and merged into that language's tree, so a feature
 * can keep its texts in a file of its own (translation.json holds the shared ones). Top-level keys must not
 * repeat across a language's files. Missing keys fall back to English.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export type LocaleTree = { [key: string]: string | LocaleTree };

export const LOCALE_FILES: Record<string, LocaleTree> = {};
for (const [path, tree] of Object.entries(files)) {
  const lang = /locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? path;
  LOCALE_FILES[lang] = { ...LOCALE_FILES[lang], ...(tree as LocaleTree) };
}

const resources: Resource = Object.fromEntries(
  Object.entries(LOCALE_FILES).map(([lang, tree]) => [lang, { translation: tree }]),
);

export const LANGUAGE_STORAGE_KEY = 'parley.language';

export function storedLanguage(): UiLanguage | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: UiLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

export function currentLanguage(): UiLanguage {
  // The chosen language, even while its translation file is missing (texts then fall back to English).
  const lang = i18n.language;
  return isUiLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

function setHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', setHtmlLang);

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  initAsync: false,
});
setHtmlLang(i18n.language);

export default i18n;
