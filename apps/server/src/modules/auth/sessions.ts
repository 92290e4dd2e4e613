import { SESSION_TTL_MS } from '@parley/contracts';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { UserRow } from '../users/dto.ts';
import { hashToken, newSecretToken } from './tokens.ts';

/** A session's expiry moves forward on use, at most once in this interval (to spare a write per request). */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export async function createSession(db: Db, userId: number): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The user of a live session, or null. Keeps the session alive (sliding expiry). */
export async function userForSession(db: Db, token: string): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  // Deactivation deletes the sessions; this also refuses one that raced it.
  if (row.user.deactivatedAt !== null) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, except the one with `keepToken` when given. */
export async function deleteUserSessions(db: Executor, userId: number, keepToken?: string): Promise<void> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
