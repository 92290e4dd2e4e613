import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';
import { useFileSecurityHeaders } from './security-headers.ts';

/** Vite's hashed output: a changed file gets a new name, so browsers may keep these forever. */
const ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files are revalidated on every load, so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/** A path whose last segment has an extension names a file; a missing one is a 404, never the page. */
const FILE_LIKE = /\/[^/]*\.[^/]*$/;

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Serves the built web app from webDir (when it holds index.html): its files, precompressed variants
 * (.br, .gz) chosen by Accept-Encoding, and index.html for `/` and every client-side route (GET and HEAD
 * outside /api). Everything else that has no route answers a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | null): Promise<void> {
  const serveWeb = webDir !== null && existsSync(path.join(webDir, 'index.html'));
  if (serveWeb) {
    const assetsDir = path.join(webDir, ASSETS_DIR) + path.sep;
    // Files are looked up per request (wildcard), so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Dotfiles such as the build stamp (.build-stamp) are not part of the app.
      dotfiles: 'ignore',
      // A directory is never a file: `/` and `/some/route/` go to the page below.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(assetsDir);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (hashed) {
          useFileSecurityHeaders(reply);
          // Its name changes with its content: a browser never needs to revalidate it.
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (serveWeb && isPage && !isApiPath(pathname) && !FILE_LIKE.test(pathname)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${pathname}`));
  });
}
