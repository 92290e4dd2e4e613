/**
 * Upload bench: streams a large WAV file (1 GB by default) through POST /api/projects/{id}/uploads over real
 * HTTP on localhost, and copies the same file on disk, and prints both speeds, their ratio and the server
 * process's peak RSS during the upload (the file must never be held in memory).
 *
 *   npm run bench:upload -w @parley/server     (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:upload -w @parley/server
 *
 * The API runs in this process (its RSS is sampled every 20 ms); the client is a separate Node process that
 * sends the file with fetch and a file-backed Blob, so its buffers do not count.
 * Options (environment): BENCH_UPLOAD_MB (default 1024), BENCH_RUNS (default 2), BENCH_DIR (default the OS
 * temp folder; the file, its copy and the stored upload need three times its size), BENCH_CLIENT=curl (send
 * with curl instead of a Node process).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { SESSION_COOKIE } from '@parley/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { unitBundles } from '../apps/server/src/db/schema/index.ts';
import { startBoss } from '../apps/server/src/jobs/workers.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { freshBenchDatabase } from './support/database.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const logger = createLogger({ logLevel: 'warn' });
const run = promisify(execFile);

/** A PCM WAV header followed by noise, written in 1 MB blocks. */
async function writeWav(file: string, megabytes: number): Promise<number> {
  const dataBytes = megabytes * 1024 * 1024 - 44;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  const block = randomBytes(1024 * 1024);
  const out = createWriteStream(file);
  out.write(header);
  for (let written = 0; written < dataBytes; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, dataBytes - written));
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return (await stat(file)).size;
}

/** Makes each run's bytes different, so that no upload is a duplicate of the one before. */
async function stamp(file: string, size: number, runIndex: number): Promise<void> {
  const handle = await open(file, 'r+');
  await handle.write(Buffer.from(`run${String(runIndex).padStart(5, '0')}`), 0, 8, size - 8);
  await handle.close();
}

const CLIENT = `
import { openAsBlob } from 'node:fs';
const [url, cookie, file, promptId] = process.argv.slice(2);
const form = new FormData();
form.append('prompt_id', promptId);
form.append('metadata', JSON.stringify({ Department: 'Bench', Representative: 'Bench' }));
form.append('file', await openAsBlob(file, { type: 'audio/wav' }), 'bench.wav');
const started = performance.now();
const response = await fetch(url, { method: 'POST', body: form, headers: { cookie } });
const body = await response.text();
const ms = performance.now() - started;
console.log(JSON.stringify({ status: response.status, ms, body: body.slice(0, 300) }));
`;

const CURL = process.env.BENCH_CLIENT === 'curl';
let clientScript = '';
type ClientResult = { status: number; ms: number; body: string };

async function nodeUpload(url: string, token: string, file: string, promptId: number): Promise<ClientResult> {
  const { stdout } = await run(
    process.execPath,
    [clientScript, url, `${SESSION_COOKIE}=${token}`, file, String(promptId)],
    {
      maxBuffer: 1024 * 1024,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as ClientResult;
}

async function curlUpload(url: string, token: string, file: string, promptId: number): Promise<ClientResult> {
  const started = performance.now();
  const { stdout } = await run(
    'curl',
    [
      '-sS',
      '-b',
      `${SESSION_COOKIE}=${token}`,
      '-F',
      `prompt_id=${promptId}`,
      '-F',
      'metadata={"Department":"Bench","Representative":"Bench"}',
      '-F',
      `file=@${file};type=audio/wav`,
      '-w',
      '\n%{http_code}',
      url,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const lines = stdout.trim().split('\n');
  return { status: Number(lines.pop()), ms: performance.now() - started, body: lines.join('\n') };
}

async function diskCopy(from: string, to: string): Promise<number> {
  const started = performance.now();
  // fsync before close, as local storage does before it renames a stored upload into place.
  await pipeline(createReadStream(from), createWriteStream(to, { flush: true }));
  const ms = performance.now() - started;
  await rm(to, { force: true });
  return ms;
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(process.env.BENCH_DIR ?? tmpdir(), 'parley-upload-bench-'));
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  const config = loadConfig({
    DATABASE_URL: scratch.url,
    DATA_DIR: path.join(workDir, 'data'),
    LOG_LEVEL: 'warn',
  });
  const boss = await startBoss(scratch.url, logger, config);
  await runMigrations(database);
  const ctx: AppContext = { config, db: database.db, boss, logger };
  const app = await buildApp(ctx, { webDir: null });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'bench@example.com', password: 'correct horse' },
    });
    const token = signup.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const cookies = { [SESSION_COOKIE]: token };
    const project = await app.inject({
      method: 'POST',
      url: '/api/projects',
      cookies,
      payload: { name: 'Bench' },
    });
    const projectId = project.json().data.id as number;
    await database.db.insert(unitBundles).values({
      projectId,
      planName: 'Bench',
      includedMilli: 1_000_000_000,
      leftMilli: 1_000_000_000,
      isFree: true,
      expiresAt: null,
    });
    const prompt = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/prompts`,
      cookies,
      payload: {
        scriptName: 'Bench',
        content: [{ key: 'Ok', type: 'ok', explanation: '', includeInScore: true }],
      },
    });
    const promptId = prompt.json().data.id as number;

    const file = path.join(workDir, 'bench.wav');
    clientScript = path.join(workDir, 'client.mjs');
    await writeFile(clientScript, CLIENT);
    const size = await writeWav(file, SIZE_MB);
    const mb = size / (1024 * 1024);
    console.log(
      `\nUpload bench: ${mb.toFixed(0)} MB WAV, ${RUNS} run(s) each, client ${CURL ? 'curl' : 'node fetch'}, ` +
        `on ${path.dirname(file)}\n`,
    );

    // Warm the page cache the same way for both.
    await diskCopy(file, path.join(workDir, 'warm.copy'));

    const rows: string[] = [];
    let bestUpload = Number.POSITIVE_INFINITY;
    let bestCopy = Number.POSITIVE_INFINITY;
    let peakRss = 0;
    global.gc?.();
    const baselineRss = process.memoryUsage().rss;
    for (let i = 0; i < RUNS; i += 1) {
      await stamp(file, size, i);
      let runPeak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        runPeak = Math.max(runPeak, process.memoryUsage().rss);
      }, 20);
      const target = `${base}/api/projects/${projectId}/uploads`;
      const result = CURL
        ? await curlUpload(target, token, file, promptId)
        : await nodeUpload(target, token, file, promptId);
      clearInterval(sampler);
      if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
      const copyMs = await diskCopy(file, path.join(workDir, 'bench.copy'));
      bestUpload = Math.min(bestUpload, result.ms);
      bestCopy = Math.min(bestCopy, copyMs);
      peakRss = Math.max(peakRss, runPeak);
      rows.push(
        `run ${i + 1}: upload ${(result.ms / 1000).toFixed(2)} s (${((mb / result.ms) * 1000).toFixed(0)} MB/s), ` +
          `disk copy ${(copyMs / 1000).toFixed(2)} s (${((mb / copyMs) * 1000).toFixed(0)} MB/s), ` +
          `ratio ${(result.ms / copyMs).toFixed(2)}, server peak RSS ${(runPeak / 1048576).toFixed(0)} MB`,
      );
      console.log(rows.at(-1));
    }
    console.log(
      `\nbest: upload ${((mb / bestUpload) * 1000).toFixed(0)} MB/s, disk copy ${((mb / bestCopy) * 1000).toFixed(0)} MB/s, ` +
        `upload/copy time ratio ${(bestUpload / bestCopy).toFixed(2)}; server RSS ${(baselineRss / 1048576).toFixed(0)} MB ` +
        `before, ${(peakRss / 1048576).toFixed(0)} MB peak (+${((peakRss - baselineRss) / 1048576).toFixed(0)} MB for a ` +
        `${mb.toFixed(0)} MB file)\n`,
    );
  } finally {
    await app.close();
    await boss.stop({ graceful: false, close: true });
    await database.pool.end();
    await scratch.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
