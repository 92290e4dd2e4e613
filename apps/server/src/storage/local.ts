import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCode } from '../thrown.ts';
import { assertValidKey, Meter, newKey } from './meter.ts';
import {
  type ByteRange,
  ObjectNotFoundError,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './types.ts';

const TEMP_FOLDER = '.tmp';

/** Files under one folder (DATA_DIR/media). Writes go to .tmp/ first and are renamed into place. */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredObject> {
    const key = newKey(options.prefix, options.extension);
    const tempDir = path.join(this.root, TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomUUID());
    const meter = new Meter(options.maxBytes);
    try {
      // flush: fsync before close, so a renamed file is complete on disk.
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx', flush: true }));
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      source.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size: meter.size, sha256: meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (errorCode(error) === 'ENOENT') throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    const tempDir = path.join(this.root, TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    await access(tempDir, constants.W_OK);
  }

  /** Deletes temp files of writes that never finished (a crash), older than maxAgeMs. */
  async removeStaleTemp(maxAgeMs: number, now = Date.now()): Promise<number> {
    const tempDir = path.join(this.root, TEMP_FOLDER);
    const names = await readdir(tempDir).catch((): string[] => []);
    let removed = 0;
    for (const name of names) {
      const file = path.join(tempDir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
