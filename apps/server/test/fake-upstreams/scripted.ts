import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMultipart, type UploadedFile } from './multipart.ts';

export interface TokenUsage {
  input: number;
  output: number;
}

/** One scripted answer of a fake upstream, rendered in the provider's wire format. */
export type Reply = (
  | { kind: 'object'; value: unknown; usage: TokenUsage }
  | { kind: 'text'; text: string; usage: TokenUsage }
  | { kind: 'error'; status: number; message: string; retryAfterMs?: number }
) & { delayMs?: number };

export const DEFAULT_USAGE: TokenUsage = { input: 120, output: 340 };

/** A structured answer: the model returns `value` as its JSON output. */
export const answer = (value: unknown, usage = DEFAULT_USAGE): Reply => ({ kind: 'object', value, usage });
/** Plain text where JSON was asked for. */
export const rawText = (text: string, usage = DEFAULT_USAGE): Reply => ({ kind: 'text', text, usage });
/** An HTTP error in the provider's error format; `retryAfterMs` sends the retry-after-ms header. */
export const failure = (status: number, message: string, retryAfterMs?: number): Reply => ({
  kind: 'error',
  status,
  message,
  retryAfterMs,
});
/** Any reply, sent only after `delayMs`. */
export const slow = (delayMs: number, reply: Reply): Reply => ({ ...reply, delayMs });

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query?: URLSearchParams;
  /** Size of a body that is neither JSON nor multipart (an uploaded recording). */
  bytes?: number;
  headers: IncomingHttpHeaders;
  /** JSON bodies parsed; for multipart/form-data the text fields. */
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are inspected freely in tests
  body: any;
  /** The files of a multipart/form-data body (optional for requests built by hand, e.g. in e2e). */
  files?: UploadedFile[];
}

/** A reply decided when the request arrives (e.g. from what was uploaded). */
export type ScriptedReply = Reply | ((request: RecordedRequest) => Reply);

export type SuccessReply = Extract<Reply, { kind: 'object' | 'text' }>;

/** How one provider's API looks on the wire. */
export interface WireFormat {
  /** Whether the fake serves this path (others answer 404). */
  serves: (method: string, path: string) => boolean;
  success: (reply: SuccessReply, request: RecordedRequest) => unknown;
  error: (status: number, message: string) => unknown;
  /** Answers a request without taking a scripted reply (e.g. an upload, a poll), or returns undefined. */
  automatic?: (request: RecordedRequest) => unknown;
  /** How a 429 says when to come back: retry-after-ms (OpenAI's, the default) or retry-after in seconds. */
  retryAfter?: 'ms' | 'seconds';
}

/**
 * A local HTTP server that answers each request with the next scripted reply, and records what it was
 * sent. With nothing scripted it answers 500, so a test notices an unexpected call.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedReply[] = [];
  private fallback: ScriptedReply | null = null;
  private readonly server: Server;
  /** http://127.0.0.1:{port} once started. */
  origin = '';
  private readonly format: WireFormat;

  private constructor(format: WireFormat) {
    this.format = format;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const contentType = req.headers['content-type'] ?? '';
        const multipart = /^multipart\/form-data/i.test(contentType)
          ? parseMultipart(raw, contentType)
          : null;
        const binary = /^(application\/octet-stream|audio\/)/i.test(contentType);
        const text = multipart || binary ? '' : raw.toString('utf8');
        const url = new URL(req.url ?? '/', 'http://fake');
        const request: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: multipart ? multipart.fields : text ? JSON.parse(text) : null,
          files: multipart?.files ?? [],
          ...(binary && { bytes: raw.length }),
        };
        const automatic = this.format.serves(request.method, request.path)
          ? this.format.automatic?.(request)
          : undefined;
        if (automatic !== undefined) {
          this.requests.push(request);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(automatic));
          return;
        }
        const reply = this.next(request);
        const send = () => this.send(res, reply, request);
        if (!reply.delayMs) return send();
        const timer = setTimeout(send, reply.delayMs);
        res.on('close', () => clearTimeout(timer));
      });
    });
  }

  static async start(format: WireFormat): Promise<FakeUpstream> {
    const fake = new FakeUpstream(format);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  private next(request: RecordedRequest): Reply {
    if (!this.format.serves(request.method, request.path)) {
      return failure(404, `No such endpoint: ${request.method} ${request.path}`);
    }
    this.requests.push(request);
    const next =
      this.queue.shift() ?? this.fallback ?? failure(500, 'The fake upstream has no scripted answer left.');
    return typeof next === 'function' ? next(request) : next;
  }

  private send(res: ServerResponse, reply: Reply, request: RecordedRequest): void {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (reply.kind === 'error') {
      if (reply.retryAfterMs !== undefined && this.format.retryAfter === 'seconds') {
        headers['retry-after'] = String(reply.retryAfterMs / 1000);
      } else if (reply.retryAfterMs !== undefined) {
        headers['retry-after-ms'] = String(reply.retryAfterMs);
      }
      res.writeHead(reply.status, headers);
      res.end(JSON.stringify(this.format.error(reply.status, reply.message)));
    } else {
      res.writeHead(200, headers);
      res.end(JSON.stringify(this.format.success(reply, request)));
    }
  }

  /** The reply to every request once the queue is empty (benches: a provider that keeps answering). */
  respondWith(reply: ScriptedReply | null): void {
    this.fallback = reply;
  }

  /** Adds replies to the end of the queue. */
  script(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  /** Forgets the queue and the recorded requests. */
  reset(): void {
    this.queue.length = 0;
    this.fallback = null;
    this.requests.length = 0;
  }

  /** Scripted replies not used yet. */
  get pending(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }
}
