import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server tests' speech recordings (espeak-ng + ffmpeg), generated at start: nothing binary is committed.
import { makeSpeechFixtures } from '../../apps/server/test/fixtures/speech.ts';

/**
 * A local HTTP server of recordings for link and CSV (bulk) uploads, started by global setup. The app may
 * download from it because global setup puts exactly its `127.0.0.1:<port>` on URL_UPLOAD_ALLOW_HOSTS: every
 * other private address (127.0.0.1 on port 80, 10.x, …) is still refused by the SSRF guard.
 *
 * GET /recordings/<scope>/<name> answers the generated recording `name` (see RECORDINGS); `scope` is any
 * path (a test's marker), so that a test finds its own downloads in the log and each link is its own.
 * Unknown names answer 404. GET /__requests?scope= lists the requests under /recordings/<scope>/.
 */

/** The recordings served: distinct files (a project analyses the same bytes only once). */
export const RECORDINGS = {
  /** The agent alone, 7 s, mono WAV. */
  'agent-mono.wav': { fixture: 'mono.wav', contentType: 'audio/wav' },
  /** The agent alone, 7 s, mono MP3. */
  'agent-mono.mp3': { fixture: 'mono.mp3', contentType: 'audio/mpeg' },
  /** Agent (left) and customer (right), 7 s, stereo MP3. */
  'call-stereo.mp3': { fixture: 'stereo.mp3', contentType: 'audio/mpeg' },
  /** Agent (left) and customer (right), 7 s, stereo WAV. */
  'call-stereo.wav': { fixture: 'stereo.wav', contentType: 'audio/wav' },
} as const;
export type RecordingName = keyof typeof RECORDINGS;

/** Where global setup tells the workers the server listens. */
const ORIGIN_ENV = 'E2E_MEDIA_URL';

export interface MediaRequest {
  method: string;
  path: string;
  status: number;
  bytes: number;
  userAgent: string | null;
}

interface MediaServer {
  origin: string;
  /** host:port, for URL_UPLOAD_ALLOW_HOSTS. */
  host: string;
  close: () => Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Generates the recordings and starts the server on a free port of 127.0.0.1. */
export async function startMediaServer(): Promise<MediaServer> {
  const fixtures = await makeSpeechFixtures();
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const byFixture = new Map(
    [...Object.values(fixtures.mono), ...Object.values(fixtures.stereo)].map((fixture) => [
      fixture.fileName,
      fixture.path,
    ]),
  );
  for (const [name, { fixture, contentType }] of Object.entries(RECORDINGS)) {
    const source = byFixture.get(fixture);
    if (!source) throw new Error(`The speech fixtures have no ${fixture}`);
    files.set(name, { bytes: await readFile(source), contentType });
  }
  await fixtures.cleanup();
  const log: MediaRequest[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://media');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/__requests') {
      const prefix = `/recordings/${encodeURIComponent(url.searchParams.get('scope') ?? '')}/`;
      return sendJson(
        res,
        200,
        log.filter((entry) => entry.path.startsWith(prefix)),
      );
    }
    const entry: MediaRequest = {
      method,
      path: url.pathname,
      status: 404,
      bytes: 0,
      userAgent: req.headers['user-agent'] ?? null,
    };
    log.push(entry);
    const match = /^\/recordings\/(?:.+\/)?([^/]+)$/.exec(url.pathname);
    const file = match ? files.get(decodeURIComponent(match[1]!)) : undefined;
    if (!file || (method !== 'GET' && method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('No such recording.');
    }
    entry.status = 200;
    entry.bytes = method === 'GET' ? file.bytes.length : 0;
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.length });
    res.end(method === 'GET' ? file.bytes : undefined);
  };

  const server: Server = createServer((req, res) => {
    // The body of a GET is not read: drain it so that the connection can be reused.
    req.resume();
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  process.env[ORIGIN_ENV] = origin; // inherited by the test workers
  return {
    origin,
    host: `127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- For tests (in the worker processes) ----

function mediaOrigin(): string {
  const origin = process.env[ORIGIN_ENV];
  if (!origin) throw new Error(`${ORIGIN_ENV} is not set: the media server is started by e2e global setup`);
  return origin;
}

/** A link to a recording of the media server, under a scope of the test's own (e.g. a unique marker). */
export function recordingUrl(scope: string, name: RecordingName | string): string {
  return `${mediaOrigin()}/recordings/${encodeURIComponent(scope)}/${encodeURIComponent(name)}`;
}

/** The requests the media server answered under a scope, in order. */
export async function mediaRequests(scope: string): Promise<MediaRequest[]> {
  const response = await fetch(`${mediaOrigin()}/__requests?scope=${encodeURIComponent(scope)}`);
  return (await response.json()) as MediaRequest[];
}
