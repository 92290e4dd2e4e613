import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** An arbitrary constant: the advisory lock that lets one process at a time apply migrations. */
const MIGRATION_LOCK = 724_310_001;

/** Applies the checked-in SQL migrations. Safe when API and worker processes start at the same time. */
export async function runMigrations({ pool, db }: Database): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
