import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { localeBundleOf, localeBundles, localePartOf } from './scripts/localeBundles.ts';
import { muiWithoutCssVariables } from './scripts/muiWithoutCssVariables.ts';
import { precompress } from './scripts/precompress.ts';

/** A language's public texts and the rest (the bundles of scripts/localeBundles.ts and their files). */
function localeChunk(moduleId: string): string | null {
  const file = /[\\/]src[\\/]locales[\\/]([a-z]{2})[\\/]([^\\/]+\.json)$/.exec(moduleId);
  const bundle =
    file?.[1] && file[2] ? { language: file[1], part: localePartOf(file[2]) } : localeBundleOf(moduleId);
  if (!bundle) return null;
  return bundle.part === 'public' ? `locale-${bundle.language}-public` : `locale-${bundle.language}`;
}

/**
 * The libraries every page runs, anonymous ones included, and Vite's preload helper (a file of its own otherwise):
 * one file. Not MUI's styling (@mui/system, utils): in
 * this file it would carry every part of it any page uses; left to the bundler, a first visit loads the parts
 * its pages use (3.8 KB less).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@emotion|stylis|react-is|clsx|hoist-non-react-statics|@babel[\\/]runtime)[\\/]|^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)/;

/**
 * TanStack Query and the app's cache of it (shared/api/queryCache.tsx, and auth.ts, which takes the session
 * over), which the signed-in pages and the invitation page use and a first visit does not: one file, loaded
 * with the signed-in shell.
 */
const QUERY = /[\\/](node_modules[\\/]@tanstack[\\/]|src[\\/]shared[\\/]api[\\/](auth|queryCache)\.tsx?$)/;

/**
 * zod and the contracts' base schemas (src/api.ts and the modules it imports, but for the languages and
 * constants a first visit uses), which most signed-in pages' API answers embed: one file, which the signed-in
 * pages load (the API client parses every answer) and a first visit does not (its calls go through
 * shared/api/transport.ts). Without it the bundler copies those schemas into several of a page's files.
 */
const SCHEMAS =
  /[\\/](node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/](api|inputs|dates|roles|texts|timezones|analyses[\\/]roles|transcription[\\/]models|billing[\\/][\w-]+)\.ts$)/;

/**
 * MUI's popups (Popper, Popover, Menu, Modal and their transitions): menus, selects, tooltips and dialogs of
 * the signed-in pages share one file of them instead of each carrying a copy; the public pages load none.
 */
const POPUPS =
  /[\\/]node_modules[\\/](@popperjs[\\/]core|@mui[\\/]material[\\/](Popper|Portal|Popover|Menu|MenuList|MenuItem|ListItemIcon|ListItemText|Tooltip|Modal|Unstable_TrapFocus|Fade|Grow|Backdrop|List))[\\/]/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiTarget = env.VITE_API_PROXY ?? process.env.VITE_API_PROXY ?? 'http://localhost:3000';
  return {
    plugins: [
      muiWithoutCssVariables(),
      react(),
      localeBundles(path.resolve(import.meta.dirname, 'src/locales')),
      precompress(),
    ],
    server: {
      port: Number(env.WEB_PORT ?? 5173),
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      outDir: 'dist',
      // Source maps would publish the whole source; production answers a request for a .map with 404.
      sourcemap: false,
      // The password strength estimator's dictionaries (loaded only by the pages that set a password).
      chunkSizeWarningLimit: 1700,
      rolldownOptions: {
        output: {
          // A language's texts are two files: those of the public pages (src/locales/<lang>/public.json) and the
          // rest (src/locales/<lang>/*.json): one request each, better compression.
          // The libraries every page runs are one file too (FRAMEWORK), and TanStack Query another (QUERY).
          codeSplitting: {
            groups: [
              { name: localeChunk },
              { name: 'framework', test: FRAMEWORK },
              { name: 'query', test: QUERY, includeDependenciesRecursively: false },
              { name: 'schemas', test: SCHEMAS, includeDependenciesRecursively: false },
              { name: 'popups', test: POPUPS, includeDependenciesRecursively: false },
            ],
            // Left alone, the bundler makes a chunk of every set of modules the same pages share: 67 files for
            // a first visit, most under 1 KB. Common chunks smaller than this (source bytes, before
            // minification) are copied into the chunks that use them instead.
            experimentalInlineCommonChunks: { maxSize: 64_000 },
          },
        },
      },
    },
  };
});
