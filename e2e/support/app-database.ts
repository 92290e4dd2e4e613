import pg from 'pg';

/**
 * The app's database, for a spec that sets up rows no API makes yet (e.g. an SSO connection). Only with
 * DATABASE_URL (the run's scratch database on that server); null with the embedded PostgreSQL.
 */
export function appDatabaseUrl(): string | null {
  return process.env.E2E_APP_DATABASE_URL ?? null;
}

export async function withAppDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = appDatabaseUrl();
  if (!url) throw new Error('The app database is reachable only when the e2e run has DATABASE_URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
