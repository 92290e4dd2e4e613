import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, ssoConnections, ssoDomains, users } from '../../db/schema/index.ts';

const emailDomain = sql`lower(substring(${users.email} from '@([^@]*)$'))`;

/**
 * The account (a `users` row in the query) may sign in only with SSO: its email's domain is proven for an enabled
 * connection that requires it (only `connectionId`'s, when given), and it is not the super admin's break-glass
 * account. The same rule as `assertSsoAllowsPassword`, for queries.
 */
export function ssoRequiredForUser(connectionId?: number): SQL {
  return sql`(NOT ${users.isSuperAdmin} AND EXISTS (SELECT 1 FROM ${ssoDomains} INNER JOIN ${ssoConnections} ON ${ssoConnections.id} = ${ssoDomains.connectionId} WHERE ${ssoDomains.domain} = ${emailDomain} AND ${ssoDomains.verifiedAt} IS NOT NULL AND ${ssoConnections.enabled} AND ${ssoConnections.requireSso}${connectionId === undefined ? sql`` : sql` AND ${ssoConnections.id} = ${connectionId}`}))`;
}

/** A session (joined with its `users` row) that require SSO no longer allows: opened any other way. */
export const sessionRefusedBySso: SQL = sql`(${sessions.signInMethod} IS DISTINCT FROM 'sso' AND ${ssoRequiredForUser()})`;

/**
 * Ends the sessions not opened through SSO of the accounts a connection's "require SSO" covers, once the rule
 * applies (turned on, connection enabled, or a domain proven). How many ended.
 */
export async function endSessionsOutsideSso(db: Executor, connectionId: number): Promise<number> {
  const covered = db.select({ id: users.id }).from(users).where(ssoRequiredForUser(connectionId));
  const ended = await db
    .delete(sessions)
    .where(and(sql`${sessions.signInMethod} IS DISTINCT FROM 'sso'`, inArray(sessions.userId, covered)))
    .returning({ userId: sessions.userId });
  return ended.length;
}
