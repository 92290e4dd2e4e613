export type LocaleTree = { [key: string]: string | LocaleTree };

/** The language of a locale file, from its path `…/locales/<lang>/<file>.json`. */
export function localeFileLanguage(path: string): string {
  return /locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? path;
}
