import type { LocaleTree } from './files';

export function flattenLocale(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenLocale(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
}

/** i18next's plural keys: `<key>_<category>`, one per plural category of the language (CLDR). */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/** The keys a language must have for English's keys: a plural key in every category the language has. */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, value] of english) {
    const plural = PLURAL_KEY.exec(key);
    if (!plural) expected.set(key, value);
    else if (plural[2] === 'other')
      for (const category of categories) expected.set(`${plural[1]}_${category}`, value);
  }
  return expected;
}

/**
 * What a translation lacks or has too much of, compared with English (plural keys in the language's own
 * categories, with the placeholders of English's `_other`). Empty lists mean it is complete.
 */
export function localeProblems(english: LocaleTree, translated: LocaleTree, language = 'en') {
  const en = expectedKeys(flattenLocale(english), language);
  const other = flattenLocale(translated);
  return {
    missing: [...en.keys()].filter((key) => !other.has(key)),
    extra: [...other.keys()].filter((key) => !en.has(key)),
    empty: [...other.entries()].filter(([, value]) => value.trim() === '').map(([key]) => key),
    placeholders: [...en.entries()]
      .filter(([key, value]) => other.has(key) && placeholders(other.get(key)!) !== placeholders(value))
      .map(([key]) => key),
  };
}
