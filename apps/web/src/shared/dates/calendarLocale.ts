import { DEFAULT_LANGUAGE, isUiLanguage, type UiLanguage } from '@parley/contracts';
import { useEffect, useState } from 'react';
import type { DayPickerLocale } from 'react-day-picker';
import { enUS } from 'react-day-picker/locale/en-US';

/**
 * The calendar's month and weekday names and its labels (next month, today, selected ...) for each UI
 * language. Like the texts, only the active language's are loaded. English is US English in this product.
 */
const LOADERS: Record<UiLanguage, () => Promise<DayPickerLocale>> = {
  en: async () => enUS,
  uk: async () => (await import('react-day-picker/locale/uk')).uk,
  pl: async () => (await import('react-day-picker/locale/pl')).pl,
  ru: async () => (await import('react-day-picker/locale/ru')).ru,
  es: async () => (await import('react-day-picker/locale/es')).es,
  de: async () => (await import('react-day-picker/locale/de')).de,
  pt: async () => (await import('react-day-picker/locale/pt')).pt,
  it: async () => (await import('react-day-picker/locale/it')).it,
  fr: async () => (await import('react-day-picker/locale/fr')).fr,
  tr: async () => (await import('react-day-picker/locale/tr')).tr,
  bg: async () => (await import('react-day-picker/locale/bg')).bg,
};

const loaded = new Map<UiLanguage, DayPickerLocale>([['en', enUS]]);

/** The calendar locale of a UI language; null while it loads. If it can't load, English. */
export function useCalendarLocale(language: string): DayPickerLocale | null {
  const lang = isUiLanguage(language) ? language : DEFAULT_LANGUAGE;
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (loaded.has(lang)) return;
    let live = true;
    LOADERS[lang]()
      .catch(() => enUS)
      .then((locale) => {
        loaded.set(lang, locale);
        if (live) setLoads((count) => count + 1);
      });
    return () => {
      live = false;
    };
  }, [lang]);
  return loaded.get(lang) ?? null;
}
