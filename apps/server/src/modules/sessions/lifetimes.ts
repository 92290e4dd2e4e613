import { SESSION_LIFETIME_DEFAULTS, type SessionLifetimes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessionLifetimes } from '../../db/schema/index.ts';

/** The platform's session lifetimes (the defaults until the super admin sets them). */
export async function readSessionLifetimes(db: Db): Promise<SessionLifetimes> {
  const [row] = await db.select().from(sessionLifetimes);
  return row ? { idle_minutes: row.idleMinutes, absolute_days: row.absoluteDays } : SESSION_LIFETIME_DEFAULTS;
}

/**
 * Sets the lifetimes. Every session lookup joins them (auth/sessions.ts), so they apply at once to the
 * sessions already open: a shorter lifetime ends the ones past it.
 */
export async function saveSessionLifetimes(
  db: Db,
  lifetimes: SessionLifetimes,
  adminId: number,
): Promise<SessionLifetimes> {
  const values = {
    idleMinutes: lifetimes.idle_minutes,
    absoluteDays: lifetimes.absolute_days,
    updatedAt: sql`now()`,
    updatedBy: adminId,
  };
  await db
    .insert(sessionLifetimes)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: sessionLifetimes.id, set: values });
  return lifetimes;
}
