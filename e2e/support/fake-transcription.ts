import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server tests' fake upstreams: OpenAI's wire format (verbose_json or diarized_json segments) and the
// multipart parser.
import { parseMultipart } from '../../apps/server/test/fake-upstreams/multipart.ts';
import {
  type FakeSegment,
  openaiFormat,
  transcription,
} from '../../apps/server/test/fake-upstreams/openai.ts';
import {
  failure,
  type RecordedRequest,
  type Reply,
  type SuccessReply,
} from '../../apps/server/test/fake-upstreams/scripted.ts';
import { AGENT_LINE, CUSTOMER_LINE } from '../../apps/server/test/fixtures/speech.ts';

export { AGENT_LINE, CUSTOMER_LINE } from '../../apps/server/test/fixtures/speech.ts';

/**
 * A fake OpenAI audio API (POST /v1/audio/transcriptions and /v1/audio/translations) for the app under
 * test, started by global setup (OPENAI_BASE_URL points at it).
 *
 * Answers are chosen by the request itself, so the two test workers never take each other's answers:
 *  - by default the fake listens to the audio it is sent (the app sends FLAC; ffmpeg decodes it
 *    here): every stretch of sound becomes one segment with
 *    its real start and end. A stretch that starts where a line of the speech fixtures starts
 *    (apps/server/test/fixtures/speech.ts: the agent at 0.2 s, the customer at 4 s) is heard as that line;
 *    any other says 'Speech from X to Y seconds.'. The pipeline sends each channel of a stereo recording
 *    on its own, so a two-voice stereo file gives 'Channel 1' the agent's line and 'Channel 2' the
 *    customer's. A pause across where a line starts ends a stretch (the voice changes there), so the
 *    mono call, both voices in one channel, is heard as the two lines;
 *  - asked for response_format diarized_json (a diarizing model: gpt-4o-transcribe-diarize), it answers
 *    that format with speakers: the agent's line is speaker 'A', the customer's 'B', other stretches
 *    'A' and 'B' in turn;
 *  - a test that wants something else puts a marker in its prompt's transcription instructions (the
 *    app sends them as the request's `prompt`) and scripts replies for it: one-off replies (POST
 *    /__script, taken in order) or a standing rule (POST /__rule: every request fails, or is answered
 *    late) until the rule is cleared. The diarizing model takes no prompt, so its requests carry no
 *    marker: they always get what the audio holds.
 * GET /__requests?marker= lists what the app sent with that marker (fields and file sizes).
 */

/** The API key global setup gives the server for transcription. */
export const FAKE_OPENAI_KEY = 'sk-e2e-fake-openai-key-0000';
/** Where global setup tells the workers the fake listens. */
const ORIGIN_ENV = 'E2E_FAKE_TRANSCRIPTION_URL';

/**
 * Where the speech fixtures' voices start (adelay 200 ms and 4000 ms in speech.ts), what they say, and the
 * speaker a diarizing model names.
 */
export const FIXTURE_LINES = [
  { start: 0.2, text: AGENT_LINE, speaker: 'A' },
  { start: 4, text: CUSTOMER_LINE, speaker: 'B' },
] as const;
const LINE_TOLERANCE_SECONDS = 0.6;

/** The default answer, computed from the audio; or a scripted reply. `delayMs` answers late. */
export type TranscriptionReply = Reply | { kind: 'heard'; delayMs?: number };

/** The default answer (what the audio holds), optionally late. */
export const heard = (delayMs?: number): TranscriptionReply => ({ kind: 'heard', delayMs });

/** A standing rule for a marker: every request fails with `failure`, else is answered after `delayMs`. */
export interface TranscriptionRule {
  delayMs?: number;
  failure?: { status: number; message: string };
}

// ---- Listening to the audio ----

interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/** The first channel of the audio sent, as 16 kHz 16-bit PCM (decoded by ffmpeg). Null when it is not audio. */
export function readPcm(data: Buffer): Promise<Pcm | null> {
  const sampleRate = 16_000;
  return new Promise((resolve) => {
    const ffmpeg = spawn(
      'ffmpeg',
      ['-nostdin', '-v', 'error', '-i', 'pipe:0', '-af', `pan=mono|c0=c0,aresample=${sampleRate}`].concat([
        '-f',
        's16le',
        'pipe:1',
      ]),
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.on('error', () => resolve(null));
    ffmpeg.on('close', (code) => {
      if (code !== 0) return resolve(null);
      const pcm = Buffer.concat(chunks);
      const samples = new Int16Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < samples.length; i += 1) samples[i] = pcm.readInt16LE(i * 2);
      resolve({ samples, sampleRate });
    });
    // ffmpeg stops reading what it cannot decode.
    ffmpeg.stdin.on('error', () => {});
    ffmpeg.stdin.end(data);
  });
}

const FRAME_SECONDS = 0.02;
/** RMS of a 20 ms frame above which it counts as sound (about -40 dBFS). */
const SOUND_RMS = 330;
/** Pauses shorter than this (between words and sentences) stay inside one stretch. */
const MAX_PAUSE_SECONDS = 0.7;
const MIN_STRETCH_SECONDS = 0.15;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The stretches of sound of a recording: [start, end] in seconds. A pause that spans one of `breaks`
 * (seconds) ends the stretch however short it is.
 */
export function soundStretches(
  { samples, sampleRate }: Pcm,
  breaks: readonly number[] = [],
): Array<{ start: number; end: number }> {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const stretches: Array<{ start: number; end: number }> = [];
  let current: { start: number; end: number } | null = null;
  for (let from = 0; from < samples.length; from += frame) {
    const to = Math.min(samples.length, from + frame);
    let sum = 0;
    for (let i = from; i < to; i += 1) sum += samples[i]! * samples[i]!;
    if (Math.sqrt(sum / (to - from)) < SOUND_RMS) continue;
    const start = from / sampleRate;
    const end = to / sampleRate;
    const pause = current ? start - current.end : 0;
    const voiceChanges =
      pause > 0 && breaks.some((at) => at >= current!.end - FRAME_SECONDS && at <= start + FRAME_SECONDS);
    if (current && pause <= MAX_PAUSE_SECONDS && !voiceChanges) current.end = end;
    else {
      if (current) stretches.push(current);
      current = { start, end };
    }
  }
  if (current) stretches.push(current);
  return stretches
    .filter((stretch) => stretch.end - stretch.start >= MIN_STRETCH_SECONDS)
    .map((stretch) => ({ start: round2(stretch.start), end: round2(stretch.end) }));
}

/** What the fake hears in the audio sent, with speakers when it diarizes (see the module comment). */
export async function hearSegments(audio: Buffer, diarize = false): Promise<FakeSegment[]> {
  const pcm = await readPcm(audio);
  if (!pcm) return [];
  const voicesStart = FIXTURE_LINES.map((line) => line.start);
  return soundStretches(pcm, voicesStart).map(({ start, end }, index) => {
    const line = FIXTURE_LINES.find(
      (candidate) => Math.abs(candidate.start - start) <= LINE_TOLERANCE_SECONDS,
    );
    const text = line?.text ?? `Speech from ${start} to ${end} seconds.`;
    if (!diarize) return { start, end, text };
    return { start, end, text, speaker: line?.speaker ?? (index % 2 === 0 ? 'A' : 'B') };
  });
}

// ---- The server (global setup) ----

interface FakeTranscription {
  origin: string;
  close: () => Promise<void>;
}

interface Logged {
  path: string;
  fields: Record<string, string>;
  files: Array<{ field: string; filename: string; contentType: string; bytes: number }>;
  /** The segments answered (empty for errors). */
  segments: FakeSegment[];
  status: number;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the fake on a free port of 127.0.0.1; the base URL for the SDK is `${origin}/v1`. */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  const scripts = new Map<string, TranscriptionReply[]>();
  const rules = new Map<string, TranscriptionRule>();
  const log: Array<Logged & { text: string }> = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);

    if (method === 'POST' && url.pathname === '/__script') {
      const { marker, replies } = JSON.parse(raw.toString('utf8')) as {
        marker: string;
        replies: TranscriptionReply[];
      };
      scripts.set(marker, [...(scripts.get(marker) ?? []), ...replies]);
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && url.pathname === '/__rule') {
      const { marker, rule } = JSON.parse(raw.toString('utf8')) as {
        marker: string;
        rule: TranscriptionRule | null;
      };
      if (rule) rules.set(marker, rule);
      else rules.delete(marker);
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'GET' && url.pathname === '/__requests') {
      const marker = url.searchParams.get('marker') ?? '';
      return sendJson(
        res,
        200,
        log.filter((entry) => entry.text.includes(marker)).map(({ text, ...entry }) => entry),
      );
    }
    // The model list the server reads when OPENAI_API_KEY is set, as OpenAI answers it.
    const listed = openaiFormat.automatic?.({ method, path: url.pathname, headers: req.headers, body: null });
    if (listed !== undefined) return sendJson(res, 200, listed);
    if (!/^\/v1\/audio\/(transcriptions|translations)$/.test(url.pathname) || method !== 'POST') {
      return sendJson(res, 404, openaiFormat.error(404, `No such endpoint: ${method} ${url.pathname}`));
    }

    const contentType = req.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) {
      return sendJson(res, 400, openaiFormat.error(400, 'Expected multipart/form-data.'));
    }
    const multipart = parseMultipart(raw, contentType);
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      headers: req.headers,
      body: multipart.fields,
      files: multipart.files,
    };
    const file = multipart.files.find((candidate) => candidate.field === 'file');
    // What identifies the test: the transcription instructions of its prompt (and the file name).
    const text = `${multipart.fields.prompt ?? ''}\n${file?.filename ?? ''}`;

    let reply: TranscriptionReply = heard();
    const scripted = [...scripts].find(([marker, queue]) => queue.length > 0 && text.includes(marker));
    const ruled = [...rules].find(([marker]) => text.includes(marker))?.[1];
    if (scripted) reply = scripted[1].shift()!;
    else if (ruled?.failure)
      reply = { ...failure(ruled.failure.status, ruled.failure.message), delayMs: ruled.delayMs };
    else if (ruled) reply = heard(ruled.delayMs);

    const diarize = multipart.fields.response_format === 'diarized_json';
    const segments = reply.kind === 'heard' ? await hearSegments(file?.data ?? Buffer.alloc(0), diarize) : [];
    const entry: Logged & { text: string } = {
      text,
      path: url.pathname,
      fields: multipart.fields,
      files: multipart.files.map((part) => ({
        field: part.field,
        filename: part.filename,
        contentType: part.contentType,
        bytes: part.data.length,
      })),
      segments,
      status: reply.kind === 'error' ? reply.status : 200,
    };
    log.push(entry);
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if (reply.kind === 'error') {
      return sendJson(res, reply.status, openaiFormat.error(reply.status, reply.message));
    }
    const success = (reply.kind === 'heard' ? transcription(segments) : reply) as SuccessReply;
    if (reply.kind === 'object') {
      entry.segments = (reply.value as { segments?: FakeSegment[] }).segments ?? [];
    }
    return sendJson(res, 200, openaiFormat.success(success, request));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, openaiFormat.error(500, String(error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env[ORIGIN_ENV] = origin; // inherited by the test workers
  return {
    origin,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- For tests (in the worker processes) ----

function fakeOrigin(): string {
  const origin = process.env[ORIGIN_ENV];
  if (!origin)
    throw new Error(`${ORIGIN_ENV} is not set: the fake transcription is started by e2e global setup`);
  return origin;
}

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${fakeOrigin()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Scripting the fake transcription failed: ${response.status}`);
}

/** The next transcription request(s) whose prompt contains `marker` get these replies, in order. */
export function scriptTranscription(marker: string, ...replies: TranscriptionReply[]): Promise<void> {
  return post('/__script', { marker, replies });
}

/** Every request whose prompt contains `marker` follows `rule` until it is cleared (null). */
export function setTranscriptionRule(marker: string, rule: TranscriptionRule | null): Promise<void> {
  return post('/__rule', { marker, rule });
}

export interface TranscriptionRequest {
  path: string;
  fields: Record<string, string>;
  files: Array<{ field: string; filename: string; contentType: string; bytes: number }>;
  segments: FakeSegment[];
  status: number;
}

/** The requests the app sent whose prompt contains `marker`, with what the fake answered. */
export async function transcriptionRequests(marker: string): Promise<TranscriptionRequest[]> {
  const response = await fetch(`${fakeOrigin()}/__requests?marker=${encodeURIComponent(marker)}`);
  return (await response.json()) as TranscriptionRequest[];
}
