/**
 * Builds what `npm start` runs, each part stamped with a hash of everything it is made from:
 *   web     the web app into apps/web/dist (Vite)
 *   server  the server into apps/server/dist (esbuild: one ES module of the server's own code and the contracts,
 *           the packages left to node_modules; each worker thread's module a file of its own)
 *
 *   node scripts/build.ts [web|server]...               always builds (npm run build; both when none is named)
 *   node scripts/build.ts --if-changed [web|server]...  keeps a dist whose stamp matches the sources (npm start)
 *
 * The server runs bundled because Node's type stripping costs an idle process about 38 MB (the TypeScript
 * stripper's WebAssembly and every module's source kept twice); development and tests still run the sources.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Part {
  /** Where the build goes; its stamp is a dotfile there, so the server does not serve it. */
  dist: string;
  /** What the build reads, from the repository root; a folder stands for every file under it. */
  inputs: string[];
  build: () => Promise<void>;
}

const SHARED_INPUTS = [
  'packages/contracts/package.json',
  'packages/contracts/src',
  'package-lock.json',
  'scripts/build.ts',
];

const PARTS: Record<string, Part> = {
  web: {
    dist: 'apps/web/dist',
    inputs: [
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/src',
      'apps/web/vite.config.ts',
      ...SHARED_INPUTS,
    ],
    build: async () => {
      // As `vite build` in apps/web does it, wherever this was started from (npm start runs it at the root).
      process.chdir(path.join(REPO_ROOT, 'apps/web'));
      const { build } = await import('vite');
      await build();
      process.chdir(REPO_ROOT);
    },
  },
  server: {
    dist: 'apps/server/dist',
    inputs: ['apps/server/package.json', 'apps/server/src', ...SHARED_INPUTS],
    build: async () => {
      const { build } = await import('esbuild');
      const server = path.join(REPO_ROOT, 'apps/server');
      await build({
        absWorkingDir: server,
        entryPoints: [
          'src/main.ts',
          'src/modules/auth/password-check.worker.ts',
          'src/modules/privacy/redaction.worker.ts',
        ],
        outdir: 'dist',
        // dist/ stands where src/ does, so paths found from a module's place (src/paths.ts) stay right.
        entryNames: '[name]',
        outExtension: { '.js': '.mjs' },
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        // The packages load from node_modules as they do unbundled (the AI SDKs still with their first use);
        // only the workspace's own code (the server's and @parley/contracts) is bundled.
        plugins: [
          {
            name: 'packages-stay-in-node-modules',
            setup: (build) =>
              build.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
              ),
          },
        ],
        logLevel: 'warning',
      });
    },
  },
};

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

async function sourcesHash(inputs: string[]): Promise<string> {
  const files = (await Promise.all(inputs.map(filesOf))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(REPO_ROOT, file)));
  return hash.digest('hex');
}

const ifChanged = process.argv.includes('--if-changed');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const name of named.length > 0 ? named : Object.keys(PARTS)) {
  const part = PARTS[name];
  if (!part) throw new Error(`Unknown part to build: ${name} (web or server)`);
  const stampFile = path.join(REPO_ROOT, part.dist, '.build-stamp');
  const hash = await sourcesHash(part.inputs);
  const stamp = await readFile(stampFile, 'utf8').catch(() => null);
  if (ifChanged && stamp?.trim() === hash) {
    console.log(`The ${name} build is up to date (${part.dist}).`);
    continue;
  }
  await part.build();
  await mkdir(path.dirname(stampFile), { recursive: true });
  await writeFile(stampFile, `${hash}\n`);
}
