import { sql } from 'drizzle-orm';
import { type ConnectionOptions, fromDrizzle } from 'pg-boss';
import type { Db } from '../db/client.ts';

/** An open Drizzle transaction. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** pg-boss's connection option for a Drizzle transaction: the jobs it writes commit or roll back with it. */
export function onTransaction(tx: Transaction): Required<ConnectionOptions> {
  return { db: fromDrizzle(tx, sql) };
}
