import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { assertValidKey, Meter, newKey } from './meter.ts';
import {
  type ByteRange,
  ObjectNotFoundError,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './types.ts';

type S3Settings = Extract<StorageConfig, { kind: 's3' }>;

/** Parts of 8 MB, 4 in flight: at most ~32 MB of a file is in memory at a time, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Plain payloads and checksums only where S3 requires them: S3-compatible stores (MinIO, R2, Ceph ...)
    // do not all accept the SDK's default aws-chunked uploads with trailing CRC checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * Any S3-compatible bucket. put() streams through a multipart upload (lib-storage), which makes the object
 * visible only when the upload completes and aborts the parts on failure.
 */
interface S3Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  storage: typeof import('@aws-sdk/lib-storage');
  client: S3Client;
}

/** The AWS SDK (about 13 MB of a server's memory) loads only where media live in S3. */
async function loadSdk(settings: S3Settings): Promise<S3Sdk> {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { s3, storage, client: new s3.S3Client(s3ClientConfig(settings)) };
}

export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly settings: S3Settings;
  private sdk: Promise<S3Sdk> | null = null;

  constructor(settings: S3Settings) {
    this.settings = settings;
  }

  private loadSdk(): Promise<S3Sdk> {
    this.sdk ??= loadSdk(this.settings);
    return this.sdk;
  }

  async put(source: Readable, options: PutOptions): Promise<StoredObject> {
    const { storage, client } = await this.loadSdk();
    const key = newKey(options.prefix, options.extension);
    const meter = new Meter(options.maxBytes);
    const body = new PassThrough();
    const upload = new storage.Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const pumping = pipeline(source, meter, body);
    const uploading = upload.done();
    pumping.catch(() => {});
    uploading.catch(() => {});
    try {
      await Promise.all([pumping, uploading]);
    } catch (error) {
      source.destroy();
      body.destroy();
      await upload.abort().catch(() => {});
      throw error;
    }
    return { key, size: meter.size, sha256: meter.digest() };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const { s3, client } = await this.loadSdk();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(
        (body as { transformToWebStream: () => ReadableStream }).transformToWebStream() as never,
      );
    } catch (error) {
      if (error instanceof s3.NoSuchKey) throw new ObjectNotFoundError(key);
      if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404) {
        throw new ObjectNotFoundError(key);
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key);
    const { s3, client } = await this.loadSdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async check(): Promise<void> {
    const { s3, client } = await this.loadSdk();
    await client.send(new s3.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  destroy(): void {
    void this.sdk?.then(({ client }) => client.destroy());
  }
}
