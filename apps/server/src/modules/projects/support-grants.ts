import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { supportAudit, supportGrants } from '../../db/schema/index.ts';

/** The running grant of a project: not revoked and not yet expired. */
export const activeGrantCondition = and(
  isNull(supportGrants.revokedAt),
  gt(supportGrants.expiresAt, sql`now()`),
);

/** Whether support staff may currently read the project (the owner's grant runs). */
export async function hasActiveSupportGrant(db: Executor, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: supportGrants.id })
    .from(supportGrants)
    .where(and(eq(supportGrants.projectId, projectId), activeGrantCondition))
    .limit(1);
  return row !== undefined;
}

/** One audit row per request of support staff to a project they reach through a grant. */
export async function recordSupportAccess(
  db: Executor,
  entry: { projectId: number; userId: number; method: string; path: string; allowed: boolean },
): Promise<void> {
  await db.insert(supportAudit).values({
    projectId: entry.projectId,
    userId: entry.userId,
    method: entry.method.toUpperCase(),
    path: entry.path.slice(0, 2000),
    allowed: entry.allowed,
  });
}
