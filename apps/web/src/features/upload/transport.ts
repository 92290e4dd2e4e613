import {
  CHUNK_SIZE,
  normalizeUploadUrl,
  type RouteAnswer,
  type UploadResponse,
  uploadRoutes,
} from '@parley/contracts';
import { callWithProgress, isAbortError, type UploadProgressHandler } from '../../shared/api/client';

// Requests of spec 1 §3 'Single upload request' on the routes of packages/contracts/src/routes/uploads.ts.

export interface UploadOptions {
  promptId: number;
  priority: number;
  metadata: Record<string, string>;
  /** ISO 8601 with offset; absent: start as soon as possible. */
  scheduledAt?: string;
  force: boolean;
}

export interface SendOptions {
  /** Percent (0-100) of the bytes sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Size of one chunk; files above it go up in chunks. The spec's 50 MB unless a test passes less. */
  chunkSize?: number;
}

/** A chunked upload that stopped: a chunk was refused or the last one brought no result. */
export class ChunkUploadError extends Error {
  constructor(readonly reason?: unknown) {
    super('Chunk upload failed');
    this.name = 'ChunkUploadError';
  }
}

/** [start, end) byte ranges of the chunks of a file: ceil(size / chunkSize) of them, at least one. */
export function chunkRanges(size: number, chunkSize = CHUNK_SIZE): Array<[number, number]> {
  const count = Math.max(1, Math.ceil(size / chunkSize));
  return Array.from({ length: count }, (_, index) => [
    index * chunkSize,
    Math.min(size, (index + 1) * chunkSize),
  ]);
}

/** A random id shared by the chunks of one file: 32 letters and digits (matches /^[A-Za-z0-9_-]{8,64}$/). */
export function newUploadId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The multipart text fields; they go before the file so the server can refuse early. */
function appendFields(form: FormData, options: UploadOptions) {
  form.append('prompt_id', String(options.promptId));
  form.append('priority', String(options.priority));
  form.append('metadata', JSON.stringify(options.metadata));
  if (options.scheduledAt) form.append('scheduled_at', options.scheduledAt);
  form.append('force', String(options.force));
}

/** Percent of the request's bytes sent, when the browser can tell. */
function wholeProgress(send: SendOptions): UploadProgressHandler {
  return (loaded, total) => {
    if (total > 0) send.onProgress?.(clampPercent((loaded / total) * 100));
  };
}

type ChunkAnswer = RouteAnswer<typeof uploadRoutes.chunk>;

/** Whether a chunk's answer is the upload's result (every chunk but the last answers how many arrived). */
export function isUploadResult(answer: ChunkAnswer): answer is UploadResponse {
  return !('received' in answer.data);
}

/** One request with the whole file (POST /projects/{id}/uploads). */
async function uploadWhole(
  projectId: number,
  file: File,
  options: UploadOptions,
  send: SendOptions,
): Promise<UploadResponse> {
  const form = new FormData();
  appendFields(form, options);
  form.append('file', file, file.name);
  return callWithProgress(uploadRoutes.file, {
    params: { id: projectId },
    form,
    signal: send.signal,
    onProgress: wholeProgress(send),
  });
}

/**
 * The file in chunks of `chunkSize` (Blob.slice), one after the other, sharing one upload id
 * (POST /projects/{id}/uploads/chunks). Progress counts the file's bytes sent across all chunks.
 */
async function uploadChunks(
  projectId: number,
  file: File,
  options: UploadOptions,
  send: SendOptions & { chunkSize: number },
): Promise<UploadResponse> {
  const ranges = chunkRanges(file.size, send.chunkSize);
  const uploadId = newUploadId();
  let sent = 0;
  let answer: ChunkAnswer | undefined;
  for (const [index, [start, end]] of ranges.entries()) {
    const chunk = file.slice(start, end);
    const form = new FormData();
    appendFields(form, options);
    form.append('upload_id', uploadId);
    form.append('chunk_index', String(index));
    form.append('chunk_total', String(ranges.length));
    form.append('file_name', file.name);
    form.append('file', chunk, file.name);
    const size = end - start;
    try {
      answer = await callWithProgress(uploadRoutes.chunk, {
        params: { id: projectId },
        form,
        signal: send.signal,
        onProgress: (loaded, total) => {
          // The request is larger than the chunk (multipart framing): count the chunk's share.
          const part = total > 0 ? Math.min(1, loaded / total) * size : 0;
          send.onProgress?.(clampPercent(((sent + part) / file.size) * 100));
        },
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ChunkUploadError(error);
    }
    sent += size;
    send.onProgress?.(clampPercent((sent / file.size) * 100));
  }
  if (!answer || !isUploadResult(answer)) throw new ChunkUploadError();
  return answer;
}

/** Uploads a file: in one request up to the chunk size, in chunks above it (spec 1 §4, §9). */
export function uploadFile(
  projectId: number,
  file: File,
  options: UploadOptions,
  send: SendOptions = {},
): Promise<UploadResponse> {
  const chunkSize = send.chunkSize ?? CHUNK_SIZE;
  return file.size > chunkSize
    ? uploadChunks(projectId, file, options, { ...send, chunkSize })
    : uploadWhole(projectId, file, options, send);
}

/** Asks the server to fetch a recording from a link (POST /projects/{id}/uploads/url, JSON). */
export function uploadUrl(
  projectId: number,
  url: string,
  options: UploadOptions,
  send: SendOptions = {},
): Promise<UploadResponse> {
  return callWithProgress(uploadRoutes.url, {
    params: { id: projectId },
    body: {
      url: normalizeUploadUrl(url),
      prompt_id: options.promptId,
      priority: options.priority,
      metadata: options.metadata,
      force: options.force,
      ...(options.scheduledAt ? { scheduled_at: options.scheduledAt } : {}),
    },
    signal: send.signal,
    onProgress: wholeProgress(send),
  });
}
