import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { RouteDefinition } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: a compressed frame would save a few bytes for the CPU it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality: 4 compresses a JSON answer to within about 10 % of the best (11) at a small share of its
 * CPU (bench/api-answers.ts prints both); 11 is meant for files compressed once at build time.
 */
export const BROTLI_QUALITY = 4;

/**
 * Compresses answers over COMPRESSION_THRESHOLD_BYTES with brotli or gzip, as the request's Accept-Encoding
 * allows: JSON, CSV, JSON Lines, texts and the Swagger UI's files. Streams (the analyses export) are
 * compressed as they are sent. Left alone: the event stream (hijacked, and its type is excluded), range
 * answers (206: Content-Range counts the stored bytes), answers already encoded (the web app's precompressed
 * files) and media routes (see producesMedia). Request bodies are not decompressed: nothing sends them
 * compressed, and a small compressed body could inflate far beyond the body limit's intent.
 * Registered before the web app's static files, as @fastify/compress asks.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
  });
}

/**
 * A route that may answer with recordings (audio, video) or other stored files: never compressed. Their
 * bytes are compressed already, and @fastify/compress would compress a whole file served as
 * application/octet-stream (mime-db calls it compressible) and drop its Content-Length.
 */
export const producesMedia = (route: RouteDefinition) =>
  route.produces?.some((type) => type.startsWith('audio/') || type.startsWith('video/')) ?? false;
