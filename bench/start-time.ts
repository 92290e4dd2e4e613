/**
 * Start-time bench: how long a warm `npm start` takes until GET /api/health answers 200, as a user who
 * already started Parley once sees it (web app built, embedded PostgreSQL initialised in DATA_DIR).
 *
 *   npm run bench:start
 *
 * The first start in a fresh temporary DATA_DIR (database initialised, web app built if needed) is not
 * counted; each counted start runs the real `npm start` at the repository root and is stopped with SIGTERM
 * before the next. DATABASE_URL is ignored: a new user runs on the embedded database. On Linux it also prints
 * the CPU time the start used (npm, the build check, the server and PostgreSQL), which other load on the
 * machine hardly changes, unlike the wall time.
 *
 * Options (environment): BENCH_RUNS (default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Timing {
  wallMs: number;
  cpuMs: number | null;
}

/** CPU time of a process group's processes so far, with their finished children (null without /proc). */
async function groupCpuMs(pgid: number): Promise<number | null> {
  const pids = await readdir('/proc').catch(() => null);
  if (!pids) return null;
  let ticks = 0;
  for (const pid of pids.filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after "pid (name) ": state, ppid, pgrp, … utime, stime, cutime, cstime are the 12th to 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / TICKS;
}

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

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops npm and everything under it (PostgreSQL too), as Ctrl-C in a terminal does, and waits for all. */
async function stop(server: ChildProcess): Promise<void> {
  if (groupAlive(server.pid!)) process.kill(-server.pid!, 'SIGTERM');
  while (groupAlive(server.pid!)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** From `npm start` to the first healthy answer. */
async function timeStart(env: NodeJS.ProcessEnv, healthUrl: string): Promise<Timing> {
  const started = performance.now();
  const server = startServer(env);
  try {
    await untilHealthy(server, healthUrl, 180_000);
    const wallMs = performance.now() - started;
    return { wallMs, cpuMs: await groupCpuMs(server.pid!) };
  } finally {
    await stop(server);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const describe = (timing: Timing) =>
  `${seconds(timing.wallMs)}${timing.cpuMs === null ? '' : ` (CPU ${seconds(timing.cpuMs)})`}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-start-'));
try {
  const port = await getPort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const healthUrl = `http://127.0.0.1:${port}/api/health`;

  console.log(`first start (not counted): ${describe(await timeStart(env, healthUrl))}`);
  const timings: Timing[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const timing = await timeStart(env, healthUrl);
    timings.push(timing);
    console.log(`warm start ${run}/${RUNS}: ${describe(timing)}`);
  }
  const walls = timings.map((timing) => timing.wallMs);
  const cpus = timings.flatMap((timing) => (timing.cpuMs === null ? [] : [timing.cpuMs]));
  console.log(
    `\nwarm npm start → healthy: median ${seconds(median(walls))}, min ${seconds(Math.min(...walls))}` +
      (cpus.length ? `; CPU median ${seconds(median(cpus))}` : '') +
      ` (${RUNS} runs)`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
