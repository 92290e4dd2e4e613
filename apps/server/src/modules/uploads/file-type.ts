import { Transform, type TransformCallback } from 'node:stream';
import { isSupportedMediaFile, isTextConversationFile, type MediaKind } from '@parley/contracts';

/** Canonical content types by extension; the stored type never comes from the client unless it is audio/ or video/. */
const TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

export function extensionOf(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

export interface FileType {
  kind: MediaKind;
  contentType: string;
  extension: string;
}

/**
 * What an upload is, from its name and declared type (spec 1 §5 rule, plus .txt/.json conversations), or
 * null when it is not accepted.
 */
export function classifyFile(name: string, declaredType: string): FileType | null {
  const extension = extensionOf(name);
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (isSupportedMediaFile(name, declared)) {
    const contentType = /^(audio|video)\/[a-z0-9.+-]+$/.test(declared)
      ? declared
      : (TYPES[extension] ?? 'application/octet-stream');
    return { kind: contentType.startsWith('video/') ? 'video' : 'audio', contentType, extension };
  }
  if (isTextConversationFile(name)) {
    return { kind: 'text', contentType: TYPES[extension]!, extension };
  }
  return null;
}

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** Container signatures of audio and video formats (a cheap check, not a decoder). */
export function looksLikeMedia(head: Buffer): boolean {
  if (ascii(head, 0, 'RIFF') && (ascii(head, 8, 'WAVE') || ascii(head, 8, 'AVI '))) return true;
  if (ascii(head, 0, 'RF64') || ascii(head, 0, 'FORM')) return true; // RF64 WAV, AIFF
  if (ascii(head, 0, 'ID3') || ascii(head, 0, 'OggS') || ascii(head, 0, 'fLaC')) return true;
  if (ascii(head, 0, '#!AMR') || ascii(head, 0, '.snd') || ascii(head, 0, 'caff')) return true;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return true; // Matroska, WebM
  if (head.length >= 4 && head.readUInt32BE(0) === 0x3026b275) return true; // ASF (wma, wmv)
  // ISO base media (mp4, m4a, mov, 3gp): a box type at offset 4.
  if (['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'].some((box) => ascii(head, 4, box)))
    return true;
  // MPEG audio frame or AAC ADTS: 11 sync bits.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return true;
  return false;
}

/** Text conversations: UTF-8 without NUL bytes; .json starts (after a BOM and blanks) with { or [. */
export function looksLikeText(head: Buffer, extension: string, complete: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return false;
  }
  if (extension === 'json') {
    const start = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start === '' ? !complete : start[0] === '{' || start[0] === '[';
  }
  return true;
}

export class SniffError extends Error {
  override name = 'SniffError';
}

const SNIFF_BYTES = 4096;

/**
 * Passes the stream through after checking its first bytes against its kind, so that a renamed PDF or
 * program is refused before it is stored. Fails with SniffError.
 */
export function sniffer(type: FileType): Transform {
  let head: Buffer[] = [];
  let headLength = 0;
  let checked = false;
  const check = (complete: boolean) => {
    const bytes = Buffer.concat(head);
    const ok =
      type.kind === 'text'
        ? looksLikeText(bytes, type.extension, complete)
        : bytes.length > 0 && looksLikeMedia(bytes);
    checked = true;
    head = [];
    return ok ? bytes : null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (checked) return done(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < SNIFF_BYTES) return done();
      const bytes = check(false);
      if (!bytes) return done(new SniffError('content does not match the file type'));
      done(null, bytes);
    },
    flush(done: TransformCallback) {
      if (checked) return done();
      const bytes = check(true);
      if (!bytes || bytes.length === 0) return done(new SniffError('content does not match the file type'));
      done(null, bytes);
    },
  });
}
