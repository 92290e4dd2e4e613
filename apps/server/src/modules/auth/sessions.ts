import { SESSION_LIFETIME_DEFAULTS, type SignInMethod } from '@parley/contracts';
import { and, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { sessionLifetimes, sessions, users } from '../../db/schema/index.ts';
import { sessionRefusedBySso } from '../sso/require-sso.ts';
import type { UserRow } from '../users/dto.ts';
import { hashToken, newSecretToken } from './tokens.ts';

/** How much of a browser's User-Agent header a session keeps. */
export const SESSION_USER_AGENT_MAX = 300;

/**
 * The platform's idle timeout and absolute lifetime as SQL intervals: the one row of session_lifetimes joined
 * in (left: without it, the defaults), so a session lookup needs no extra query and a change applies at once.
 */
const idleTimeout = sql`make_interval(mins => coalesce(${sessionLifetimes.idleMinutes}, ${SESSION_LIFETIME_DEFAULTS.idle_minutes}::int))`;
const absoluteLifetime = sql`make_interval(days => coalesce(${sessionLifetimes.absoluteDays}, ${SESSION_LIFETIME_DEFAULTS.absolute_days}::int))`;

/** A session still within both lifetimes (for queries that left-join session_lifetimes on true). */
export const liveSession: SQL = sql`(${sessions.lastSeenAt} > now() - ${idleTimeout} AND ${sessions.createdAt} > now() - ${absoluteLifetime})`;

/**
 * last_seen_at moves on use at most once in this interval, to spare a write per request: a quarter of the idle
 * timeout, at most an hour. A session so ends between ¾ of the idle timeout and all of it after its last request.
 */
const touchDue = sql<boolean>`${sessions.lastSeenAt} < now() - least(interval '1 hour', ${idleTimeout} / 4)`;

export async function createSession(
  db: Db,
  userId: number,
  options: { method: SignInMethod },
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(sessions).values({ tokenHash: hash, userId, signInMethod: options.method });
  return token;
}

/** The browser a session is used from, recorded at sign-in (devices.ts). */
export async function recordSessionClient(
  db: Db,
  token: string,
  client: { userAgent: string | undefined; ip: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ userAgent: client.userAgent?.slice(0, SESSION_USER_AGENT_MAX) ?? null, ip: client.ip })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * The user of a live session and how it was opened, or null (a session past its idle timeout or absolute lifetime is refused before
 * the daily cleanup deletes it). Marks the session used, with the request's address, when a touch is due.
 */
export async function userForSession(
  db: Db,
  token: string,
  ip: string,
): Promise<{ user: UserRow; signInMethod: SignInMethod | null } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, signInMethod: sessions.signInMethod, touchDue })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sessionLifetimes, sql`true`)
    // Require SSO ends other sessions when it comes to apply; checking here also refuses one that raced that.
    .where(and(eq(sessions.tokenHash, tokenHash), liveSession, not(sessionRefusedBySso)))
    .limit(1);
  if (!row) return null;
  // Deactivation deletes the sessions; this also refuses one that raced it.
  if (row.user.deactivatedAt !== null) return null;
  if (row.touchDue) {
    await db.update(sessions).set({ lastSeenAt: sql`now()`, ip }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, signInMethod: row.signInMethod as SignInMethod | null };
}

/** Ends a session; answers how it had been opened (null: unknown or none). */
export async function deleteSession(db: Db, token: string): Promise<SignInMethod | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ signInMethod: sessions.signInMethod });
  return (ended?.signInMethod as SignInMethod | null | undefined) ?? null;
}

/** Ends every session of a user, except the one with `keepToken` when given. How many ended. */
export async function deleteUserSessions(db: Executor, userId: number, keepToken?: string): Promise<number> {
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(condition).returning({ userId: sessions.userId });
  return ended.length;
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const expired = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .leftJoin(sessionLifetimes, sql`true`)
    .where(not(liveSession));
  await db.delete(sessions).where(inArray(sessions.tokenHash, expired));
}
