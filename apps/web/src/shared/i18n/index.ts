import localeBundles from 'virtual:locale-bundles';
import { DEFAULT_LANGUAGE, isUiLanguage, UI_LANGUAGES, type UiLanguage } from '@parley/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleTree } from './files';

/**
 * The texts of a language live in src/locales/<lang>/*.json (loaded through scripts/localeBundles.ts), so a feature can keep its texts in a file of
 * its own (translation.json holds the shared ones); top-level keys must not repeat across a language's
 * files. public.json holds what the public pages (sign-in, sign-up, password) show: a language's texts are
 * two chunks, its public ones and the rest, fetched when the language is first used (the active language and
 * English, the fallback for a key a translation lacks) — the rest only once the signed-in area opens
 * (`loadAllTexts`), so an anonymous visitor downloads the public ones alone.
 */

/** Whether the signed-in area asked for every text: every language loaded from then on comes whole. */
let allTexts = false;

async function readLanguage(language: string, which: 'public' | 'rest' | 'all'): Promise<LocaleTree> {
  const bundle = localeBundles[language];
  if (!bundle) return {};
  const parts = which === 'all' ? [bundle.public, bundle.rest] : [bundle[which]];
  const trees = await Promise.all(parts.map(async (load) => (await load()).default));
  return Object.assign({}, ...trees);
}

async function readForStore(language: string): Promise<LocaleTree> {
  const whole = allTexts;
  const tree = await readLanguage(language, whole ? 'all' : 'public');
  // The signed-in area asked for every text while this language's public ones were loading (a sign-in
  // switching to the account's language): `loadAllTexts` did not see this language yet, so add the rest here.
  if (!whole && allTexts) Object.assign(tree, await readLanguage(language, 'rest'));
  return tree;
}

/** i18next loads a language through this before switching to it, so no text shows as its raw key. */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    readForStore(language).then(
      (tree) => callback(null, tree),
      (error: Error) => callback(error, false),
    );
  },
};

let allTextsLoad: Promise<void> | null = null;
/**
 * Adds the texts beyond the public ones to every language loaded so far (languages loaded later come whole):
 * the signed-in area and the other pages that show them wait for it.
 */
export function loadAllTexts(): Promise<void> {
  allTexts = true;
  allTextsLoad ??= (async () => {
    await i18nReady;
    const languages = Object.keys(i18n.store.data);
    const trees = await Promise.all(languages.map((language) => readLanguage(language, 'rest')));
    languages.forEach((language, index) => {
      i18n.addResourceBundle(language, 'translation', trees[index]);
    });
  })().catch((error: unknown) => {
    // A chunk that failed to load (e.g. gone after a deploy) is asked for again next time.
    allTextsLoad = null;
    throw error;
  });
  return allTextsLoad;
}

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

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** Resolves once the starting language's texts (and English) are loaded: render the app after it. */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage() ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    // One quick retry: a locale chunk that failed to load (e.g. gone after a deploy) rarely comes back later.
    maxRetries: 1,
  });

export default i18n;
