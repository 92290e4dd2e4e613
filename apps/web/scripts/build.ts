/**
 * Builds the web app into apps/web/dist and stamps the build with a hash of everything it is made from:
 * the web and contracts sources, the Vite configuration and package-lock.json.
 *
 *   node scripts/build.ts               always builds (npm run build)
 *   node scripts/build.ts --if-changed  keeps a dist whose stamp matches the sources (npm start)
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
/** A dotfile, so the server does not serve it. */
const STAMP = path.join(WEB_DIR, 'dist', '.build-stamp');
/** What the build reads, from the repository root; a folder stands for every file under it. */
const INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/src',
  'apps/web/vite.config.ts',
  'packages/contracts/package.json',
  'packages/contracts/src',
  'package-lock.json',
];

async function filesOf(input: string): Promise<string[]> {
  const full = path.join(REPO_ROOT, input);
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [input];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)));
}

async function sourcesHash(): Promise<string> {
  const files = (await Promise.all(INPUTS.map(filesOf))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(REPO_ROOT, file)));
  return hash.digest('hex');
}

const hash = await sourcesHash();
const stamp = await readFile(STAMP, 'utf8').catch(() => null);
if (process.argv.includes('--if-changed') && stamp?.trim() === hash) {
  console.log('The web app is up to date (apps/web/dist).');
} else {
  // As `vite build` in apps/web does it, wherever this was started from (npm start runs it at the root).
  process.chdir(WEB_DIR);
  const { build } = await import('vite');
  await build();
  await writeFile(STAMP, `${hash}\n`);
}
