import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { redactedFileName } from '../../media/redact-audio.ts';
import { type ByteRange, ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { pipelineState } from '../pipeline/state.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { ANALYSIS_TEXTS, requireTask } from './detail.ts';

/**
 * One byte range of a Range header (RFC 9110): `bytes=a-b`, `bytes=a-`, `bytes=-n`. Null means send the whole
 * file (no header, a form we do not serve such as several ranges, or a malformed one); 'unsatisfiable' is 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

export const MEDIA_AWAITS_REDACTION =
  'The recording is not available: personal data said in it has not been redacted from it yet.';

/** Streams the analysis's file, whole or the requested range (206), with its stored content type. */
export async function sendMedia(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
  rangeHeader: string | undefined,
  reply: FastifyReply,
) {
  const { task, media } = await requireTask(ctx, access, taskId);
  // Redaction found values in what was said, but the recording has not been rewritten yet (or could not be):
  // the stored file still holds them, and is not played.
  const redaction = pipelineState(task.pipeline).audioRedaction;
  if (redaction && !redaction.done) throw notFound(MEDIA_AWAITS_REDACTION);
  const size = media.sizeBytes;
  const range = parseRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError(
      'range_not_satisfiable',
      'range_not_satisfiable',
      `The file has ${size} bytes; the requested range is outside it.`,
    );
  }
  let stream: Awaited<ReturnType<ReturnType<typeof storageOf>['get']>>;
  try {
    stream = await storageOf(ctx.config).get(media.storageKey, range ?? undefined);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound(ANALYSIS_TEXTS.mediaMissing);
    throw error;
  }
  const servedName = media.redactedAt ? redactedFileName(media.fileName, media.contentType) : media.fileName;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', media.contentType)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(servedName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    // A redacted copy is other bytes than the upload the sha256 names: a cached original must not match it.
    .header('etag', media.redactedAt ? `"${media.sha256}-redacted"` : `"${media.sha256}"`);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.status(200).header('content-length', size);
  }
  return reply.send(stream);
}
