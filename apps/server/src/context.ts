import type { PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';

/** What every module's routes and services are built from. */
export interface AppContext {
  config: Config;
  db: Db;
  boss: PgBoss;
  logger: Logger;
}
