/** The eleven UI languages (spec 1 §1, §9). Codes are ISO 639-1. */
export const UI_LANGUAGES = ['en', 'uk', 'pl', 'ru', 'es', 'de', 'pt', 'it', 'fr', 'tr', 'bg'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** Each language's name in itself, for the language menu. */
export const LANGUAGE_NATIVE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  uk: 'Українська',
  pl: 'Polski',
  ru: 'Русский',
  es: 'Español',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
  fr: 'Français',
  tr: 'Türkçe',
  bg: 'Български',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}
