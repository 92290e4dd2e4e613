import type { PgBoss } from 'pg-boss';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';

/**
 * The API's OpenAPI document as served at /api/docs/json, built without a database: registering routes
 * opens no connection (the pool connects on its first query, and none is made).
 */
export async function buildOpenApiDocument(
  env: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const logger = pino({ level: 'silent' });
  const database = connectDatabase('postgres://openapi.invalid/none', logger, 1);
  const app = await buildApp(
    { config: loadConfig(env), db: database.db, boss: {} as PgBoss, logger },
    { webDir: null },
  );
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.pool.end();
  }
}
