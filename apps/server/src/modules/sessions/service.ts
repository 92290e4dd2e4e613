import { MEMBER_TEXTS, SESSION_TEXTS, type Session } from '@parley/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, sessionLifetimes, sessions, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { deleteUserSessions, liveSession } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ProjectAccess } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { describeUserAgent } from './client.ts';

/** A session's id is the start of its token hash: it names the session to its owner and opens nothing. */
const ID_LENGTH = 16;

/** The profile lists at most this many sessions (the most recently used); signing out the others ends all. */
const LIST_MAX = 100;

/** The user's live sessions, the current one first, then the most recently used. */
export async function listSessions(db: Db, userId: number, currentToken: string | null): Promise<Session[]> {
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      signInMethod: sessions.signInMethod,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .leftJoin(sessionLifetimes, sql`true`)
    .where(and(eq(sessions.userId, userId), liveSession))
    .orderBy(
      desc(sql`${sessions.tokenHash} = ${currentHash ?? ''}`),
      desc(sessions.lastSeenAt),
      desc(sessions.createdAt),
    )
    .limit(LIST_MAX);
  return rows.map(
    (row): Session => ({
      id: row.tokenHash.slice(0, ID_LENGTH),
      current: row.tokenHash === currentHash,
      ...describeUserAgent(row.userAgent),
      ip: row.ip,
      sign_in_method: row.signInMethod,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
    }),
  );
}

/** Ends one of the user's sessions by its id (404 for an id of none of theirs). Whether it was the current one. */
export async function revokeSession(
  db: Db,
  userId: number,
  sessionId: string,
  currentToken: string | null,
): Promise<{ current: boolean }> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`left(${sessions.tokenHash}, ${ID_LENGTH}) = ${sessionId}`))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length === 0) throw notFound(SESSION_TEXTS.notFound);
  const currentHash = currentToken ? hashToken(currentToken) : null;
  return { current: ended.some((row) => row.tokenHash === currentHash) };
}

/**
 * Ends every session of a project member's account (the caller is an owner of the project: the route's
 * check). A super admin's only when the caller is one too.
 */
export async function signOutMember(
  db: Db,
  access: ProjectAccess,
  actor: UserRow,
  targetUserId: number,
): Promise<number> {
  const [target] = await db
    .select({ isSuperAdmin: users.isSuperAdmin })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, access.project.id), eq(projectMembers.userId, targetUserId)));
  if (!target) throw notFound(MEMBER_TEXTS.memberNotFound);
  if (target.isSuperAdmin && !actor.isSuperAdmin)
    throw forbidden(SESSION_TEXTS.superAdminTarget, 'super_admin_target');
  return deleteUserSessions(db, targetUserId);
}
