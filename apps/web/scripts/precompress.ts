import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files gain from compression; images, fonts in woff/woff2 and the like are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|ttf|otf)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;
/** The maximum: files are compressed once per build and sent on every first load. */
const BROTLI_QUALITY = 11;

async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes brotli (.br) and gzip (.gz) copies next to the built assets under `assetsDir`: compressed once
 * per build, harder than on the fly, and the server sends them as they are (chosen by Accept-Encoding).
 */
export function precompress(assetsDir = 'assets'): Plugin {
  return {
    name: 'parley:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter(
        (name) => name.startsWith(`${assetsDir}/`) && COMPRESSIBLE.test(name),
      );
      await Promise.all(files.map((name) => compressFile(path.join(outDir, name))));
    },
  };
}
