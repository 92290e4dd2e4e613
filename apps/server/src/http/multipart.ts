import type { FastifyReply, FastifyRequest } from 'fastify';

/** An uploaded file went over its size limit (the multipart parser cut it short). */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/**
 * The bytes of a multipart file part, failing with FileTooLargeError instead of ending when the part was cut
 * at its size limit (@fastify/multipart ends such a stream normally and reports the limit only later), so
 * that a cut-off file is never read as a shorter, valid one.
 */
export async function* whole(file: AsyncIterable<Buffer> & { truncated?: boolean }): AsyncGenerator<Buffer> {
  for await (const chunk of file) yield chunk;
  if (file.truncated) throw new FileTooLargeError('The file is larger than the limit.');
}

/** How long a refused multipart request is still read (and discarded) so the client can read the answer. */
const DRAIN_MS = 30_000;

/**
 * A multipart request refused before its body was read (wrong prompt, no access, bad file type ...): the
 * answer closes the connection, and the rest of the body is read and dropped meanwhile. Without this the
 * unread body would stall the connection, and closing at once would reset it before the client reads the
 * answer.
 */
export function releaseUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  reply.header('connection', 'close');
  raw.unpipe();
  raw.on('data', () => {});
  raw.resume();
  const timer = setTimeout(() => raw.destroy(), DRAIN_MS);
  timer.unref();
  raw.once('close', () => clearTimeout(timer));
}
