import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(server: ChildProcess, base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The server was not healthy within ${timeoutMs} ms`);
}

export interface AppServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The app as `npm start` runs it (the server bundle in apps/server/dist, the web app in apps/web/dist), on a free port
 * with a temporary DATA_DIR; `env` adds to the environment (e.g. DATABASE_URL). Resolves once healthy.
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-bench-app-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['apps/server/dist/main.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, base, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

export interface BenchUser {
  /** `name=value` pairs of the session cookie(s), as a Cookie header joins them. */
  cookies: string[];
  /** JSON requests as this user, from the app's own origin. */
  api(method: string, route: string, body?: unknown): Promise<Response>;
}

/** Signs a new user up through the API (the installation's first account is its super admin). */
export async function signUp(base: string): Promise<BenchUser> {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json', Origin: base };
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: `Bench ${randomBytes(12).toString('base64url')}`,
      name: 'Bench user',
    }),
  });
  if (!signup.ok) throw new Error(`Sign-up failed: ${signup.status} ${await signup.text()}`);
  const cookies = signup.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: { ...headers, Cookie: cookies.join('; ') },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  return { cookies, api };
}

/** Creates a project as `user`; returns its id. */
export async function createProject(user: BenchUser, timezone = 'UTC'): Promise<number> {
  const response = await user.api('POST', '/projects', {
    name: 'Bench project',
    description: '',
    role: 'Sales',
    timezone,
  });
  return ((await response.json()) as { data: { id: number } }).data.id;
}
