import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { StorageLimitError } from './types.ts';

/** A pass-through that counts and hashes (SHA-256) the bytes, and fails past maxBytes. */
export class Meter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly maxBytes: number;

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new StorageLimitError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** A key is relative, has no empty, dot-only or hidden segments, and only plain characters. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => /^\.+$/.test(part))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** `prefix/<uuid>.<ext>`; the extension is kept only when it is plain (letters and digits). */
export function newKey(prefix: string, extension?: string): string {
  const ext = extension?.replace(/^\./, '').toLowerCase();
  const key = `${prefix.replace(/^\/+|\/+$/g, '')}/${randomUUID()}${ext && /^[a-z0-9]{1,10}$/.test(ext) ? `.${ext}` : ''}`;
  assertValidKey(key);
  return key;
}
