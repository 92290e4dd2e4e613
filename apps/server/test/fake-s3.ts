import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests (path-style addressing): PutObject, the multipart upload calls,
 * GetObject with Range, DeleteObject. Objects live in memory; only for small test files.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Multipart uploads started and not completed or aborted. */
  openUploads: () => number;
  requests: string[];
  close: () => Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xml = (response: ServerResponse, status: number, text: string) => {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>${text}`);
};
const etag = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

export async function startFakeS3(bucket = 'media'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const requests: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const q = url.searchParams;
    requests.push(`${request.method} ${key}${q.size ? `?${[...q.keys()].join('&')}` : ''}`);
    if (bucketName !== bucket) {
      return xml(response, 404, '<Error><Code>NoSuchBucket</Code><Message>No such bucket</Message></Error>');
    }
    if (request.method === 'HEAD' && key === '') {
      // HeadBucket: the bucket exists and the credentials may use it.
      response.writeHead(200);
      return response.end();
    }
    if (request.method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, new Map());
      return xml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (request.method === 'PUT' && q.has('uploadId')) {
      const parts = uploads.get(q.get('uploadId')!);
      if (!parts) return xml(response, 404, '<Error><Code>NoSuchUpload</Code><Message>x</Message></Error>');
      const data = await body(request);
      parts.set(Number(q.get('partNumber')), data);
      response.writeHead(200, { etag: etag(data) });
      return response.end();
    }
    if (request.method === 'POST' && q.has('uploadId')) {
      const parts = uploads.get(q.get('uploadId')!);
      const listed = [...(await body(request)).toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map(
        (m) => Number(m[1]),
      );
      if (!parts || listed.some((n) => !parts.has(n))) {
        return xml(response, 400, '<Error><Code>InvalidPart</Code><Message>x</Message></Error>');
      }
      const data = Buffer.concat(listed.map((n) => parts.get(n)!));
      objects.set(key, data);
      uploads.delete(q.get('uploadId')!);
      return xml(
        response,
        200,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag(data)}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (request.method === 'DELETE' && q.has('uploadId')) {
      uploads.delete(q.get('uploadId')!);
      response.writeHead(204);
      return response.end();
    }
    if (request.method === 'PUT') {
      const data = await body(request);
      objects.set(key, data);
      response.writeHead(200, { etag: etag(data) });
      return response.end();
    }
    if (request.method === 'GET') {
      const data = objects.get(key);
      if (!data) {
        return xml(
          response,
          404,
          `<Error><Code>NoSuchKey</Code><Message>No such key</Message><Key>${key}</Key></Error>`,
        );
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : data.length - 1, data.length - 1);
        response.writeHead(206, {
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${data.length}`,
        });
        return response.end(data.subarray(start, end + 1));
      }
      response.writeHead(200, { 'content-length': data.length });
      return response.end(data);
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    xml(response, 405, '<Error><Code>MethodNotAllowed</Code><Message>x</Message></Error>');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    openUploads: () => uploads.size,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
