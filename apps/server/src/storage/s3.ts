import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly settings: S3Settings;

  constructor(settings: S3Settings) {
    this.settings = settings;
    this.client = new S3Client(s3ClientConfig(settings));
  }

  async put(source: Readable, options: PutOptions): Promise<StoredObject> {
    const key = newKey(options.prefix, options.extension);
    const meter = new Meter(options.maxBytes);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
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
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
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
      if (error instanceof NoSuchKey) throw new ObjectNotFoundError(key);
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        throw new ObjectNotFoundError(key);
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
