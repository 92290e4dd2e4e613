import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { UPLOAD_TEXTS } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { StorageLimitError, storageOf } from '../../storage/index.ts';
import { errorCode } from '../../thrown.ts';
import { openDownload } from './download.ts';
import { classifyFile, type FileType, SniffError, sniffer } from './file-type.ts';
import { parseDownloadUrl } from './ssrf.ts';

/** A file in storage that no task refers to yet. */
export interface StagedFile extends FileType {
  key: string;
  size: number;
  sha256: string;
  fileName: string;
  sourceUrl: string | null;
}

export function tooLarge(maxBytes: number): AppError {
  const mb = Math.floor(maxBytes / (1024 * 1024));
  return new AppError(
    'too_large',
    'file_too_large',
    `The file is larger than the upload limit of ${mb > 0 ? `${mb} MB` : `${maxBytes} bytes`}.`,
  );
}

/** Refuses names and types that are not audio, video or a text conversation (400 with the panel's text). */
export function fileTypeOf(fileName: string, declaredType: string): FileType {
  const type = classifyFile(fileName, declaredType);
  if (!type) throw badRequest(UPLOAD_TEXTS.unsupportedFile, 'unsupported_file');
  return type;
}

/**
 * Streams an upload into storage: its first bytes must match its type (a renamed PDF is refused), its
 * size must stay within maxBytes; size and SHA-256 are computed on the way.
 */
export async function stageFile(
  ctx: AppContext,
  projectId: number,
  source: Readable,
  file: { fileName: string; declaredType: string; sourceUrl?: string | null; maxBytes: number },
): Promise<StagedFile> {
  const type = fileTypeOf(file.fileName, file.declaredType);
  const checked = pipeline(source, sniffer(type), () => {});
  try {
    const stored = await storageOf(ctx.config).put(checked, {
      prefix: `projects/${projectId}`,
      extension: type.extension,
      contentType: type.contentType,
      maxBytes: file.maxBytes,
    });
    return { ...type, ...stored, fileName: file.fileName.slice(0, 255), sourceUrl: file.sourceUrl ?? null };
  } catch (error) {
    throw uploadError(error, file.maxBytes);
  }
}

export interface LinkOptions {
  /** Stops the download (the client left). */
  signal?: AbortSignal;
  /** Headers for the link's own origin only (a provider's Authorization; see openDownload). */
  headers?: Readonly<Record<string, string>>;
  /** The file's name when the link's own (its Content-Disposition, its path) says nothing of its type. */
  fileName?: string;
  /** What the media row keeps as the file's source, when the link itself must not be kept (it holds a token). */
  sourceUrl?: string;
}

/**
 * Downloads a link on the server (SSRF guard, redirects, size, time and rate limits: openDownload) into storage.
 * Fails with UrlRefusedError, DownloadError, DownloadCancelledError or the AppErrors of stageFile.
 */
export async function stageFromUrl(
  ctx: AppContext,
  projectId: number,
  link: string,
  options: LinkOptions = {},
): Promise<StagedFile> {
  const { maxBytes, urlAllowHosts, urlTimeoutMs, urlMinRate } = ctx.config.uploads;
  const url = parseDownloadUrl(link);
  const download = await openDownload(url, {
    allowHosts: urlAllowHosts,
    maxBytes,
    timeoutMs: urlTimeoutMs,
    minRate: urlMinRate,
    signal: options.signal,
    headers: options.headers,
  });
  const named =
    options.fileName !== undefined && classifyFile(download.fileName, download.contentType) === null;
  try {
    return await stageFile(ctx, projectId, download.stream, {
      fileName: named ? options.fileName! : download.fileName,
      declaredType: download.contentType,
      sourceUrl: options.sourceUrl ?? url.toString(),
      maxBytes,
    });
  } catch (error) {
    download.stream.destroy(); // a file refused before it was read: close the link's connection now
    throw download.stopReason() ?? error;
  }
}

/** Stream failures as the answers the client gets. */
export function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof SniffError) return badRequest(UPLOAD_TEXTS.unsupportedFile, 'unsupported_file');
  if (error instanceof StorageLimitError) return tooLarge(maxBytes);
  if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  return error;
}
