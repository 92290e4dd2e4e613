import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `virtual:locale-bundles`: for each language of src/locales, a loader of its public texts (public.json and
 * `<feature>.public.json`, what the public pages show) and one of the rest, each a module that merges that
 * part's files. The app's first file carries 22 short loaders instead of one per locale file (385, 8 KB
 * brotli of the first visit, with a glob import of the files). A new locale file needs a restart of the dev
 * server; the files' texts reload as any import.
 */
export const LOCALE_BUNDLES = 'virtual:locale-bundles';
const RESOLVED = `\0${LOCALE_BUNDLES}`;

export type LocalePart = 'public' | 'rest';

/** The part a locale file belongs to, by its name. */
export function localePartOf(file: string): LocalePart {
  return file === 'public.json' || file.endsWith('.public.json') ? 'public' : 'rest';
}

/** The language and part of a bundle module's id (`\0virtual:locale-bundles/<lang>/<part>`), else null. */
export function localeBundleOf(moduleId: string): { language: string; part: LocalePart } | null {
  const match = /^\0virtual:locale-bundles\/([a-z]{2})\/(public|rest)$/.exec(moduleId);
  return match?.[1] && match[2] ? { language: match[1], part: match[2] as LocalePart } : null;
}

export function localeBundles(localesDir: string): Plugin {
  const languages = () =>
    readdirSync(localesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  return {
    name: 'parley-locale-bundles',
    resolveId(id) {
      if (id === LOCALE_BUNDLES || id.startsWith(`${LOCALE_BUNDLES}/`)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === RESOLVED) {
        const entries = languages().map(
          (language) =>
            `${JSON.stringify(language)}: { public: () => import('${LOCALE_BUNDLES}/${language}/public'), ` +
            `rest: () => import('${LOCALE_BUNDLES}/${language}/rest') }`,
        );
        return `export default {\n${entries.join(',\n')}\n};\n`;
      }
      const bundle = localeBundleOf(id);
      if (!bundle) return null;
      const dir = path.join(localesDir, bundle.language);
      const files = readdirSync(dir)
        .filter((file) => file.endsWith('.json') && localePartOf(file) === bundle.part)
        .sort();
      const imports = files.map(
        (file, index) => `import t${index} from ${JSON.stringify(path.join(dir, file))};`,
      );
      return `${imports.join('\n')}\nexport default Object.assign({}, ${files.map((_, index) => `t${index}`).join(', ')});\n`;
    },
  };
}
