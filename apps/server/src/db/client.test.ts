import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratch-database.ts';
import { createLogger } from '../logger.ts';
import { connectDatabase, type Database } from './client.ts';

let scratch: ScratchDatabase;
let database: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject('adminDatabaseUrl'), 'parley_client');
  database = connectDatabase(scratch.url, createLogger({ logLevel: 'silent' }), 3);
});
afterAll(async () => {
  await database?.pool.end();
  await scratch?.drop();
});

describe("the app's database sessions", () => {
  it('ask the server to notice a lost client within seconds (TCP keepalives, peer timeout, connection checks)', async () => {
    const settings = await database.pool.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
       WHERE name IN ('tcp_keepalives_idle', 'tcp_keepalives_interval', 'tcp_user_timeout',
                      'client_connection_check_interval', 'idle_in_transaction_session_timeout', 'jit')
       ORDER BY name`,
    );
    expect(settings.rows).toEqual([
      { name: 'client_connection_check_interval', setting: '2000', unit: 'ms' },
      { name: 'idle_in_transaction_session_timeout', setting: '30000', unit: 'ms' },
      { name: 'jit', setting: 'off', unit: null },
      { name: 'tcp_keepalives_idle', setting: '5', unit: 's' },
      { name: 'tcp_keepalives_interval', setting: '2', unit: 's' },
      { name: 'tcp_user_timeout', setting: '15000', unit: 'ms' },
    ]);
  });

  it('survive the server ending a session checked out for a transaction: its query fails, the process goes on', async () => {
    const client = await database.pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    // As the server does to a lost process's session: the connection breaks while no query runs on it.
    await database.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    const { rows: after } = await database.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(after).toEqual([{ one: 1 }]);
  });
});
