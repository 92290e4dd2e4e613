import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { deleteUserSessions } from '../auth/sessions.ts';

/**
 * Deactivates an account (its identity provider's SCIM active=false or DELETE) or makes it active again. A
 * deactivated account is signed out everywhere at once, cannot sign in (auth/active.ts) and its API keys stop
 * working; its analyses, memberships and audit trail stay.
 */
export async function setAccountActive(tx: Executor, userId: number, active: boolean): Promise<void> {
  await tx
    .update(users)
    .set({
      deactivatedAt: active ? null : sql`coalesce(${users.deactivatedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  if (!active) await deleteUserSessions(tx, userId);
}
