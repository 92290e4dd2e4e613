import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, uniqueEmail } from '../../test/harness.ts';
import { waitUntil } from '../../test/tasks.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { startWorkerProcess, type WorkerProcess } from '../../test/worker-process.ts';

let t: TestApp;
let proxy: TcpProxy;
let dataDir: string;
let server: WorkerProcess | null = null;

/** A password in the database address: the server trusts local connections, the log must never show it. */
const PASSWORD = 'outage-secret-password';

beforeAll(async () => {
  t = await startTestApp();
  const url = new URL(t.ctx.config.databaseUrl!);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-outage-'));
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await proxy?.close();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

type LogLine = { level: number; msg: string; [key: string]: unknown };
const PINO_INFO = 30;
const PINO_WARN = 40;

describe('a database outage under a running server', () => {
  it('is logged once with its cause when it starts and once when it ends, never with a database client', async () => {
    const url = new URL(t.ctx.config.databaseUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.password = PASSWORD;
    const port = await freePort();
    // The real server (API and workers, its own logger writing JSON lines) on the database through the proxy.
    server = startWorkerProcess({
      PARLEY_ROLE: 'all',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://parley.test',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT: '1000',
    });
    const lines = () =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogLine);
    const api = (pathname: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${port}/api${pathname}`, init).then(
        (response) => response.status,
        (error) => {
          throw new Error(`${error.message}\n${server?.output()}`);
        },
      );
    // Started: the API listens and every worker polls its queue.
    await waitUntil(
      async () => lines(),
      (logged) => logged.some((line) => line.msg === 'Parley API and worker started'),
      60_000,
    ).catch((error) => {
      throw new Error(`${error.message}\n${server?.output()}`);
    });
    const before = lines().length;

    await proxy.cut();
    const login = () =>
      api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail(), password: 'whatever1' }),
      });
    // Every request fails its query while the job queue's workers keep polling.
    for (let request = 0; request < 20; request += 1) expect(await login()).toBe(503);
    await waitUntil(
      async () => lines().slice(before),
      (after) => after.some((line) => line.level >= PINO_WARN),
      30_000,
    );
    await proxy.restore();
    await waitUntil(
      () => api('/health'),
      (status) => status === 200,
      60_000,
    );
    const after = await waitUntil(
      async () => lines().slice(before),
      (logged) => logged.some((line) => line.msg === 'The database answers again'),
      30_000,
    );

    const problems = after.filter((line) => line.level >= PINO_WARN);
    expect(problems, JSON.stringify(problems).slice(0, 2000)).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      msg: 'The database cannot be reached',
      cause: { message: expect.any(String) },
    });
    const recoveries = after.filter((line) => line.msg === 'The database answers again');
    expect(recoveries).toHaveLength(1);
    expect(recoveries[0]!.level).toBe(PINO_INFO);
    expect(await login()).toBe(401);
    for (const secret of ['processID', 'secretKey', 'connectionParameters', PASSWORD]) {
      expect(server.output()).not.toContain(secret);
    }
  }, 180_000);
});
