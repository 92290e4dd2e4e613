import { type LocaleTree, localeFileLanguage } from '../shared/i18n/files';

const files = import.meta.glob<LocaleTree>('../locales/*/*.json', { eager: true, import: 'default' });

/** Every language's texts at once (the app fetches only the active language's): tests compare them. */
export const LOCALE_FILES: Record<string, LocaleTree> = {};
for (const [path, tree] of Object.entries(files)) {
  const lang = localeFileLanguage(path);
  LOCALE_FILES[lang] = { ...LOCALE_FILES[lang], ...tree };
}
