import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** How long a drop waits for the database's sessions to close by themselves before it ends them. */
const CLOSING_WAIT_MS = 5000;

/**
 * Drops the database once its sessions have closed (a pool's end resolves before its clients' sockets are
 * closed: a session ended by force then reaches a client with no error listener left, an uncaught error in
 * the test process), ending by force those still there after CLOSING_WAIT_MS.
 */
async function dropWhenClosed(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + CLOSING_WAIT_MS;
    for (;;) {
      const { rows } = await client.query<{ sessions: number }>(
        'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.sessions === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * A new, randomly named database (`<prefix>_<hex>`) on the PostgreSQL server at serverUrl, for one test file,
 * e2e run or bench; drop removes it.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropWhenClosed(serverUrl, name),
  };
}
