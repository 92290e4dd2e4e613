import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer: pages, files, API answers and errors. The Content-Security-Policy fits the
 * built web app and the Swagger UI at /api/docs: scripts only from the app's own files (no inline script),
 * styles also inline (MUI's emotion injects <style> elements), fonts from the app's files or inlined by the
 * bundler as data: URLs, images and media also as blob: (downloads, local previews), no framing anywhere.
 * HSTS and upgrade-insecure-requests only when the app is public on https: on http they would break it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    // Headers for browsers of the past (IE's download dialog, Flash, the removed XSS auditor, DNS prefetch
    // control): a few hundred bytes on every answer that no current browser acts on.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  });
}

/** A script, style or font of the app is no document: the one policy that matters for it is "run nothing". */
const FILE_CSP = "default-src 'none'; frame-ancestors 'none'";
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-frame-options',
];

/**
 * Narrows the headers of one of the app's hashed files to those that apply to it (nosniff, the resource
 * policy, HSTS, a short CSP): a first load fetches some thirty of them, and the document's full policy on
 * each was about 15 KB on the wire.
 */
export function useFileSecurityHeaders(reply: FastifyReply): void {
  reply.header('content-security-policy', FILE_CSP);
  for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}
