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

/** What a translation lacks or has too much of, compared with English. Empty lists mean it is complete. */
export function localeProblems(english: LocaleTree, translated: LocaleTree) {
  const en = flattenLocale(english);
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
