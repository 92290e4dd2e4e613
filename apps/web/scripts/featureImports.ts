import path from 'node:path';

/** One relative import of a web source file, both as paths under `src/` without extension. */
export type SourceImport = { from: string; to: string };

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;

/** The relative imports of one file (`file` is its path under `src/`, e.g. `features/blacklist/api.ts`). */
export function relativeImports(file: string, source: string): SourceImport[] {
  const from = file.replace(/\.tsx?$/, '');
  const dir = path.posix.dirname(file);
  return [...source.matchAll(SPECIFIER)].map((match) => ({
    from,
    to: path.posix.normalize(path.posix.join(dir, match[1]!)).replace(/\.tsx?$/, ''),
  }));
}

function featureOf(file: string): string | null {
  const [floor, feature] = file.split('/');
  return floor === 'features' && feature ? feature : null;
}

/**
 * The imports that break the web's floors: a feature importing another feature, or shared code importing
 * a feature. Features share code through `shared/`; pages that compose several features belong in `app/`.
 */
export function isForbidden({ from, to }: SourceImport): boolean {
  const target = featureOf(to);
  if (target === null) return false;
  if (from.startsWith('shared/')) return true;
  const own = featureOf(from);
  return own !== null && own !== target;
}

export const formatImport = ({ from, to }: SourceImport) => `${from} -> ${to}`;

/**
 * Compares what was found with the allowed list of imports still to be removed: new ones fail, and so do
 * listed ones that are gone (the list must shrink with them).
 */
export function compareWithAllowed(found: readonly string[], allowed: readonly string[]) {
  const foundSet = new Set(found);
  const allowedSet = new Set(allowed);
  return {
    added: [...foundSet].filter((line) => !allowedSet.has(line)).sort(),
    gone: [...allowedSet].filter((line) => !foundSet.has(line)).sort(),
  };
}
