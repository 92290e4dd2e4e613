import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import { ObjectNotFoundError, type Storage, StorageLimitError } from './types.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A stream of `size` bytes made in 64 KB pieces, never held whole. */
function generated(size: number, seed = 7): Readable {
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(65_536, left);
      left -= n;
      this.push(Buffer.alloc(n, seed + (left % 251)));
    },
  });
}
async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let dir: string;
let s3: FakeS3;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parley-storage-'));
  s3 = await startFakeS3('media');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3.close();
});

const backends: Array<[string, () => Storage]> = [
  ['local', () => new LocalStorage(path.join(dir, 'media'))],
  [
    's3',
    () =>
      new S3Storage({
        kind: 's3',
        bucket: 'media',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      }),
  ],
];

describe.each(backends)('%s storage', (_name, make) => {
  it('stores a stream and reports its key, size and SHA-256', async () => {
    const storage = make();
    const data = randomBytes(200_000);
    const stored = await storage.put(Readable.from([data.subarray(0, 1000), data.subarray(1000)]), {
      prefix: 'projects/3',
      extension: '.WAV',
    });
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(sha(data));
    expect(stored.key).toMatch(/^projects\/3\/[0-9a-f-]{36}\.wav$/);
    expect(await bytes(await storage.get(stored.key))).toEqual(data);
    expect(await bytes(await storage.get(stored.key, { start: 10, end: 19 }))).toEqual(data.subarray(10, 20));
    await storage.remove(stored.key);
    await expect(storage.get(stored.key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.remove(stored.key); // unknown keys are fine
  });

  it('streams a file larger than one multipart part', async () => {
    const storage = make();
    const size = 19 * 1024 * 1024 + 123;
    const stored = await storage.put(generated(size), { prefix: 'big' });
    expect(stored.size).toBe(size);
    expect(stored.sha256).toBe(sha(await bytes(generated(size))));
    if (storage instanceof S3Storage) expect(s3.requests.some((r) => r.includes('partNumber'))).toBe(true);
    const tail = await bytes(await storage.get(stored.key, { start: size - 5, end: size - 1 }));
    expect(tail.length).toBe(5);
    await storage.remove(stored.key);
  });

  it('refuses a stream past maxBytes and leaves nothing behind', async () => {
    const storage = make();
    await expect(
      storage.put(generated(300_000), { prefix: 'limit', maxBytes: 100_000 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(failing, { prefix: 'limit' })).rejects.toThrow('client went away');
    if (storage instanceof LocalStorage) {
      expect(await readdir(path.join(dir, 'media', '.tmp'))).toEqual([]);
      await expect(stat(path.join(dir, 'media', 'limit'))).rejects.toThrow();
    } else {
      expect([...s3.objects.keys()].filter((key) => key.startsWith('limit/'))).toEqual([]);
      expect(s3.openUploads()).toBe(0);
    }
  });

  it('is ready when it can store', async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });

  it('never resolves keys outside its root', async () => {
    const storage = make();
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', '.tmp/x', 'a//b', 'a/./b']) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('a storage that cannot store', () => {
  it('fails its check: a data folder that is a file, a bucket that does not exist', async () => {
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(new LocalStorage(file).check()).rejects.toThrow();
    const missing = new S3Storage({
      kind: 's3',
      bucket: 'missing',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    });
    await expect(missing.check()).rejects.toThrow();
    missing.destroy();
  });
});

describe('local storage', () => {
  it('sweeps temp files of writes that never finished', async () => {
    const storage = new LocalStorage(path.join(dir, 'sweep'));
    await storage.put(Readable.from(['x']), { prefix: 'p' });
    const old = path.join(dir, 'sweep', '.tmp', 'crashed');
    await writeFile(old, 'partial');
    const past = new Date(Date.now() - 2 * 86_400_000);
    await utimes(old, past, past);
    await writeFile(path.join(dir, 'sweep', '.tmp', 'fresh'), 'in progress');
    expect(await storage.removeStaleTemp(86_400_000)).toBe(1);
    expect(await readdir(path.join(dir, 'sweep', '.tmp'))).toEqual(['fresh']);
  });
});
