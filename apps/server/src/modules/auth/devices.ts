import { DEVICE_COOKIE, DEVICE_TRUST_TTL_MS } from '@parley/contracts';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { trustedDevices, users } from '../../db/schema/index.ts';
import { readSessionLifetimes } from '../sessions/lifetimes.ts';
import { setSessionCookie } from './plugin.ts';
import { recordSessionClient } from './sessions.ts';
import { hashToken, newSecretToken } from './tokens.ts';

/*
 * Device cookies (OWASP's answer to lockouts as a weapon): a browser that signed in to an account keeps a
 * random token, stored hashed like a session's. Failed sign-ins of other clients lock the account for them only;
 * a trusted browser keeps signing in, held by its own limit (limits.ts), so strangers cannot lock the owner out.
 */

/** The trusted device of this token for the account with this email, or null. */
export async function trustedDeviceId(db: Db, token: string, email: string): Promise<number | null> {
  const [device] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        eq(users.email, email),
        gt(trustedDevices.expiresAt, sql`now()`),
      ),
    );
  return device?.id ?? null;
}

/**
 * Trusts the browser of a sign-in: a new device token for the user, replacing the one the browser had for them
 * (its failed sign-ins go with it). The user's expired devices are pruned on the way.
 */
export async function trustDevice(
  db: Db,
  userId: number,
  previousToken: string | undefined,
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.transaction(async (tx) => {
    const replaced = previousToken ? eq(trustedDevices.tokenHash, hashToken(previousToken)) : undefined;
    const expired = lt(trustedDevices.expiresAt, sql`now()`);
    await tx.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), or(replaced, expired)));
    await tx
      .insert(trustedDevices)
      .values({ tokenHash: hash, userId, expiresAt: new Date(Date.now() + DEVICE_TRUST_TTL_MS) });
  });
  return token;
}

export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    // Only the sign-in routes read it.
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(DEVICE_TRUST_TTL_MS / 1000),
  });
}

/**
 * Sets the session cookie of a sign-in (any kind: password, emailed link, Google), records the browser and
 * address on the session, and trusts the browser for the account.
 */
export async function setSignInCookies(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  sessionToken: string,
): Promise<void> {
  await recordSessionClient(ctx.db, sessionToken, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  const { absolute_days } = await readSessionLifetimes(ctx.db);
  setSessionCookie(ctx, reply, sessionToken, absolute_days);
  setDeviceCookie(ctx, reply, await trustDevice(ctx.db, userId, request.cookies[DEVICE_COOKIE]));
}
