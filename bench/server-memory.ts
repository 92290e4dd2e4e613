/**
 * Server memory bench: the real server (its bundle, built first when stale, with the flags of `npm start`: API
 * and workers) analyses
 * a bulk upload of BENCH_ROWS recording links (default 2,000): a local media server sends each row's WAV
 * (BENCH_SECONDS long, every one different), the fake OpenAI transcribes it (whisper-1) and the fake Anthropic
 * answers after BENCH_LATENCY_MS. Prints the server process's resident memory (RSS, /proc) when idle after
 * start, at its peak while the batch runs, and 30 s and 60 s after the last analysis settled.
 *
 *   npm run bench:memory -w @parley/server    (DATABASE_URL: a fresh database on that server, dropped after)
 *
 * Options (environment): BENCH_ROWS (2000), BENCH_SECONDS (3), BENCH_LATENCY_MS (1000), BENCH_NODE_OPTIONS
 * (passed to the server's node, e.g. `--trace-gc` or `--max-semi-space-size=…`), BENCH_ENTRY (dist/main.mjs;
 * src/main.ts runs the sources through Node's type stripping instead, as development does).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@parley/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import getPort from 'get-port';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { projectMembers, tasks, users } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { startFakeOpenAI, transcription } from '../apps/server/test/fake-upstreams/openai.ts';
import { answer, slow } from '../apps/server/test/fake-upstreams/scripted.ts';
import { wavBytes } from '../apps/server/test/uploads.ts';
import { ANSWER, seedAnalysisProject } from './support/analysis.ts';
import { freshBenchDatabase } from './support/database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 1000);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const logger = createLogger({ logLevel: 'warn' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One figure of the process's /proc status in MB (Linux): VmRSS, RssAnon (heaps) or RssFile (code). */
async function statusMb(pid: number, name = 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
}
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');
/** The CPU seconds the process has used (user and system; /proc/<pid>/stat counts in clock ticks of 10 ms). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
/** RSS, and how much of it is anonymous (heaps: V8's and malloc's) and file-backed (node's code). */
async function rssParts(pid: number): Promise<string> {
  const [rss, anon, file] = await Promise.all(
    ['VmRSS', 'RssAnon', 'RssFile'].map((name) => statusMb(pid, name)),
  );
  return `${rss!.toFixed(0)} MB (anonymous ${anon!.toFixed(0)}, files ${file!.toFixed(0)})`;
}

/** A server of `ROWS` different WAV files at /call-<n>.wav. */
async function startMediaServer() {
  const server = createServer((request, response) => {
    const n = Number(/\/call-(\d+)\.wav$/.exec(request.url ?? '')?.[1] ?? Number.NaN);
    if (!Number.isInteger(n)) return response.writeHead(404).end();
    const body = wavBytes(SECONDS, 200 + n, 8000);
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The node flags of the server's `npm start` (apps/server/package.json), then BENCH_NODE_OPTIONS. */
async function startFlags(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(path.join(SERVER_DIR, 'package.json'), 'utf8'));
  const flags = /&& node (.*)dist\/main\.mjs$/.exec(scripts.start)?.[1] ?? '';
  return `${flags} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.split(' ').filter(Boolean);
}

const ENTRY = process.env.BENCH_ENTRY ?? 'dist/main.mjs';

function startServer(options: string[], env: Record<string, string>): ChildProcess {
  if (ENTRY.startsWith('dist/')) {
    execFileSync(process.execPath, ['../../scripts/build.ts', '--if-changed', 'server'], { cwd: SERVER_DIR });
  }
  const child = spawn(process.execPath, [...options, ENTRY], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-memory-'));
  const scratch = await freshBenchDatabase(logger);
  const anthropic = await startFakeAnthropic();
  anthropic.respondWith(slow(LATENCY_MS, answer(ANSWER)));
  const openai = await startFakeOpenAI();
  openai.respondWith(transcription([{ start: 0.2, end: 2.5, text: 'Hello, thank you for calling.' }]));
  const media = await startMediaServer();
  const port = await getPort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(await startFlags(), {
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ANTHROPIC_API_KEY: 'bench',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: `${openai.origin}/v1`,
    TRANSCRIPTION_MODEL: 'whisper-1',
    URL_UPLOAD_ALLOW_HOSTS: media.host,
  });
  const database = connectDatabase(scratch.url, logger, 4);
  try {
    while ((await fetch(`${base}/api/health`).catch(() => null))?.ok !== true) await pause(200);
    const ctx = { config: loadConfig({}), db: database.db, boss: {} as PgBoss, logger } as AppContext;
    const project = await seedAnalysisProject(ctx, 1_000_000_000, []);
    const [owner] = await database.db.insert(users).values({ email: 'owner@bench.test' }).returning();
    await database.db
      .insert(projectMembers)
      .values({ projectId: project.projectId, userId: owner!.id, role: 'owner' });
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, owner!.id, { method: 'password' })}`;
    const pid = server.pid!;
    await pause(10_000);
    const idle = await rssMb(pid);
    const idleParts = await rssParts(pid);

    const csv = ['url,type,representative,department']
      .concat(
        Array.from({ length: ROWS }, (_, n) => `http://${media.host}/call-${n}.wav,call,Rep ${n % 20},Sales`),
      )
      .join('\n');
    const form = new FormData();
    form.set('prompt_id', String(project.promptId));
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'calls.csv');
    const started = performance.now();
    const cpuBefore = await cpuSeconds(pid);
    const created = await fetch(`${base}/api/projects/${project.projectId}/batches`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body: form,
    });
    if (created.status !== 201) throw new Error(`batch: ${created.status} ${await created.text()}`);
    let peak = idle;
    let settled = 0;
    for (;;) {
      peak = Math.max(peak, await rssMb(pid));
      const rows = await database.db
        .select({ status: tasks.status, n: count() })
        .from(tasks)
        .where(eq(tasks.projectId, project.projectId))
        .groupBy(tasks.status);
      settled = rows
        .filter((row) => ['completed', 'failed'].includes(row.status))
        .reduce((sum, row) => sum + row.n, 0);
      if (settled >= ROWS) break;
      await pause(250);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await cpuSeconds(pid)) - cpuBefore;
    const failed = await database.db
      .select({ n: count() })
      .from(tasks)
      .where(inArray(tasks.status, ['failed']));
    await pause(30_000);
    const after30 = await rssMb(pid);
    await pause(30_000);
    const after60 = await rssParts(pid);
    console.log(
      `\nServer memory (${ENTRY}): ${ROWS.toLocaleString('en-US')} bulk rows of ${SECONDS} s WAVs, fake providers answering ` +
        `in ${LATENCY_MS} ms; settled in ${seconds.toFixed(0)} s (${failed[0]!.n} failed), ` +
        `the server's CPU ${cpu.toFixed(0)} s.\n` +
        `  RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, 30 s after ${after30.toFixed(0)} MB, ` +
        `60 s after ${after60}\n  idle: ${idleParts}\n`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.pool.end();
    await anthropic.close();
    await openai.close();
    media.server.close();
    await scratch.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
