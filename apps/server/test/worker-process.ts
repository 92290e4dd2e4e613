import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines), for a failing test's message. */
  output: () => string;
  /** SIGKILL (no shutdown at all, as a crash or an out-of-memory kill) and wait until it is gone. */
  kill: () => Promise<void>;
}

/**
 * The real server as a worker process (PARLEY_ROLE=worker: migrations, job queue and every worker; `env` may
 * set another role), started from source like `npm run dev`. `env` is its whole configuration besides PATH and
 * HOME. With `netns` it runs in that network namespace (`ip netns exec`, which execs it: the pid is the server's).
 */
export function startWorkerProcess(env: Record<string, string>, netns?: string): WorkerProcess {
  const node = [process.execPath, '--import', 'tsx', path.join('src', 'main.ts')];
  const [command, ...args] = netns ? ['ip', 'netns', 'exec', netns, ...node] : node;
  const child = spawn(command!, args, {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARLEY_ROLE: 'worker', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return {
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
