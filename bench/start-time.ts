/**
 * Start-time bench: how long a warm `npm start` takes until GET /api/health answers 200, as a user who
 * already started Parley once sees it (web app built, embedded PostgreSQL initialised in DATA_DIR).
 *
 *   npm run bench:start
 *
 * The first start in a fresh temporary DATA_DIR (database initialised, web app built if needed) is not
 * counted; each counted start runs the real `npm start` at the repository root and is stopped with SIGTERM
 * before the next. DATABASE_URL is ignored: a new user runs on the embedded database.
 *
 * Options (environment): BENCH_RUNS (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  // Its own process group, so SIGTERM reaches npm and the server under it.
  return spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: 'ignore', detached: true });
}

async function untilHealthy(server: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No healthy server within ${timeoutMs} ms`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
}

/** Milliseconds from `npm start` to the first healthy answer. */
async function timeStart(env: NodeJS.ProcessEnv, healthUrl: string): Promise<number> {
  const started = performance.now();
  const server = startServer(env);
  try {
    await untilHealthy(server, healthUrl, 180_000);
    return performance.now() - started;
  } finally {
    await stop(server);
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-start-'));
try {
  const port = await getPort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const healthUrl = `http://127.0.0.1:${port}/api/health`;

  const first = await timeStart(env, healthUrl);
  console.log(`first start (not counted): ${(first / 1000).toFixed(2)} s`);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const time = await timeStart(env, healthUrl);
    times.push(time);
    console.log(`warm start ${run}/${RUNS}: ${(time / 1000).toFixed(2)} s`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `\nwarm npm start → healthy: median ${(median / 1000).toFixed(2)} s, min ${(times[0]! / 1000).toFixed(2)} s (${RUNS} runs)`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
