import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_TEXTS } from '@parley/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { badRequest, conflict } from '../../errors.ts';
import { Meter, StorageLimitError } from '../../storage/index.ts';
import { errorCode } from '../../thrown.ts';
import type { ChunkInput } from './fields.ts';
import { tooLarge } from './stage.ts';

/** DATA_DIR/uploads/<project>/<upload id>/<index>: the parts of chunked uploads until they are assembled. */
export function uploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

const INCOMING = '.incoming';
const META = 'meta.json';
const DONE = 'done.json';
const LOCK = '.assembling';

const ChunkSetMeta = z.object({
  userId: z.number(),
  chunkTotal: z.number(),
  fileName: z.string(),
  declaredType: z.string(),
});
type ChunkSetMeta = z.output<typeof ChunkSetMeta>;

export interface ChunkSet {
  dir: string;
  meta: ChunkSetMeta;
}

/** A chunk written to disk before its fields are known (the file part may come first). */
export async function receiveChunkFile(
  config: Pick<Config, 'dataDir' | 'uploads'>,
  projectId: number,
  source: Readable,
): Promise<{ path: string; size: number }> {
  const dir = path.join(uploadsDir(config), String(projectId), INCOMING);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  const meter = new Meter(config.uploads.chunkSize);
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof StorageLimitError || errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(config.uploads.chunkSize);
    }
    throw error;
  }
  if (meter.size === 0) {
    await rm(file, { force: true });
    throw badRequest(`${UPLOAD_TEXTS.chunkFailed}: the chunk is empty.`, 'chunk_invalid');
  }
  return { path: file, size: meter.size };
}

const chunkError = (detail: string) => badRequest(`${UPLOAD_TEXTS.chunkFailed}: ${detail}`, 'chunk_invalid');

export function setDir(config: Pick<Config, 'dataDir'>, projectId: number, uploadId: string): string {
  return path.join(uploadsDir(config), String(projectId), uploadId);
}

/**
 * Opens (or creates) the chunk set of an upload id. Every chunk must agree with the first on the total and
 * come from the same person; a set that does not is removed and refused.
 */
export async function openChunkSet(
  config: Pick<Config, 'dataDir' | 'uploads'>,
  projectId: number,
  userId: number,
  fields: ChunkInput,
  file: { fileName: string; declaredType: string },
): Promise<ChunkSet> {
  if (fields.chunk_index >= fields.chunk_total) {
    throw chunkError(`chunk index ${fields.chunk_index} is not below the chunk total ${fields.chunk_total}.`);
  }
  if ((fields.chunk_total - 1) * config.uploads.chunkSize >= config.uploads.maxBytes) {
    throw tooLarge(config.uploads.maxBytes);
  }
  const dir = setDir(config, projectId, fields.upload_id);
  await mkdir(dir, { recursive: true });
  const wanted: ChunkSetMeta = {
    userId,
    chunkTotal: fields.chunk_total,
    fileName: file.fileName,
    declaredType: file.declaredType,
  };
  try {
    await writeFile(path.join(dir, META), JSON.stringify(wanted), { flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  const meta = ChunkSetMeta.parse(JSON.parse(await readFile(path.join(dir, META), 'utf8')));
  if (meta.userId !== userId) throw chunkError('this upload id belongs to another upload.');
  if (meta.chunkTotal !== fields.chunk_total) {
    await removeChunkSet(dir);
    throw chunkError(
      `chunk ${fields.chunk_index} says the upload has ${fields.chunk_total} chunks, earlier chunks said ${meta.chunkTotal}.`,
    );
  }
  return { dir, meta };
}

/** The answer stored when the set was assembled (a retried last chunk gets it again), read as `schema`. */
export async function finishedAnswer<T>(set: ChunkSet, schema: z.ZodType<T>): Promise<T | null> {
  try {
    return schema.parse(JSON.parse(await readFile(path.join(set.dir, DONE), 'utf8')));
  } catch {
    return null;
  }
}

/** Puts a received chunk in its place; a retried chunk replaces the earlier copy. Returns the indices present. */
export async function storeChunk(set: ChunkSet, index: number, received: string): Promise<number[]> {
  await rename(received, path.join(set.dir, String(index)));
  const names = await readdir(set.dir);
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * Whether this chunk completes the set. The last chunk (index total - 1) must be sent after all the others
 * were acknowledged: if any is missing then, the set is removed and refused.
 */
export async function isComplete(set: ChunkSet, index: number, present: number[]): Promise<boolean> {
  const total = set.meta.chunkTotal;
  if (present.length === total) return true;
  if (index === total - 1) {
    const have = new Set(present);
    const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
    await removeChunkSet(set.dir);
    throw chunkError(
      `chunk(s) ${missing.join(', ')} of ${total} never arrived; please upload the file again.`,
    );
  }
  return false;
}

/** Takes the set's assembly lock; a second request for the same set meanwhile gets 409. */
export async function lockForAssembly(set: ChunkSet): Promise<void> {
  try {
    await writeFile(path.join(set.dir, LOCK), String(process.pid), { flag: 'wx' });
  } catch (error) {
    if (errorCode(error) === 'EEXIST') {
      throw conflict('This upload is being assembled; please try again in a moment.', 'upload_assembling');
    }
    throw error;
  }
}

/** The parts in order as one stream, read from disk piece by piece. */
export function assembledStream(set: ChunkSet): Readable {
  const { dir, meta } = set;
  return Readable.from(
    (async function* () {
      for (let index = 0; index < meta.chunkTotal; index += 1) {
        yield* createReadStream(path.join(dir, String(index)));
      }
    })(),
  );
}

/** After assembly: the parts go, the answer stays (for a retried last chunk) until the stale sweep. */
export async function finishChunkSet(set: ChunkSet, answer: unknown): Promise<void> {
  await writeFile(path.join(set.dir, DONE), JSON.stringify(answer));
  for (const name of await readdir(set.dir)) {
    if (name !== DONE && name !== META) await rm(path.join(set.dir, name), { force: true });
  }
}

export async function removeChunkSet(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * Removes chunk sets and received chunks untouched for maxAgeMs (uploads given up half way, answers of
 * finished ones). Run by the maintenance job.
 */
export async function removeStaleUploads(
  config: Pick<Config, 'dataDir'>,
  maxAgeMs: number,
  now = Date.now(),
): Promise<number> {
  const root = uploadsDir(config);
  let removed = 0;
  for (const project of await readdir(root).catch((): string[] => [])) {
    const projectDir = path.join(root, project);
    for (const name of await readdir(projectDir).catch((): string[] => [])) {
      const entry = path.join(projectDir, name);
      if (name === INCOMING) {
        for (const file of await readdir(entry).catch((): string[] => [])) {
          const info = await stat(path.join(entry, file)).catch(() => null);
          if (info && now - info.mtimeMs > maxAgeMs) {
            await rm(path.join(entry, file), { force: true });
            removed += 1;
          }
        }
        continue;
      }
      const times = await Promise.all(
        [entry, ...(await readdir(entry).catch((): string[] => [])).map((f) => path.join(entry, f))].map(
          async (file) => (await stat(file).catch(() => null))?.mtimeMs ?? 0,
        ),
      );
      if (now - Math.max(...times) > maxAgeMs) {
        await removeChunkSet(entry);
        removed += 1;
      }
    }
  }
  return removed;
}
