/**
 * Lint step of the web app (npm run lint): no feature imports another feature, and shared code imports
 * no feature. The imports not yet moved to shared/ or app/ are listed in feature-imports-allowed.txt;
 * the check fails on a new one and on a listed one that is gone.
 *
 *   node scripts/check-feature-imports.ts
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithAllowed, formatImport, isForbidden, relativeImports } from './featureImports.ts';

const SCRIPTS = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(SCRIPTS, '../src');
const ALLOWED = path.join(SCRIPTS, 'feature-imports-allowed.txt');

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(SRC, { recursive: true });
  return entries.filter((file) => /\.tsx?$/.test(file)).map((file) => file.split(path.sep).join('/'));
}

const found: string[] = [];
for (const file of await sourceFiles()) {
  const source = await readFile(path.join(SRC, file), 'utf8');
  found.push(...relativeImports(file, source).filter(isForbidden).map(formatImport));
}
const allowed = (await readFile(ALLOWED, 'utf8')).split('\n').filter((line) => line.trim() !== '');
const { added, gone } = compareWithAllowed(found, allowed);

for (const line of added) {
  console.error(`Cross-feature import: ${line} (move the shared code to src/shared, or compose in src/app)`);
}
for (const line of gone)
  console.error(`No longer imported, remove it from feature-imports-allowed.txt: ${line}`);
if (added.length > 0 || gone.length > 0) process.exit(1);
console.log(`Feature imports: ok (${allowed.length} listed imports left to move)`);
