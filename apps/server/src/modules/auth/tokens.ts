import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  type emailConfirmationTokens,
  type passwordResetTokens,
  type signInLinkTokens,
  users,
} from '../../db/schema/index.ts';
import type { UserRow } from '../users/dto.ts';

/** A random secret for a cookie or an emailed link, and the hash that is stored instead of it. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The single-use tokens of emailed links: stored hashed, used at most once, before they expire. */
export type LinkTokens =
  | typeof passwordResetTokens
  | typeof emailConfirmationTokens
  | typeof signInLinkTokens;

/** The user of a link's token that can still be used, or null; the token stays unused. */
export async function linkTokenUser(db: Executor, table: LinkTokens, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, sql`now()`)));
  return row?.user ?? null;
}

/** Uses up a link's token; the id of its user, or null when the token is unknown, used or expired. */
export async function useLinkToken(db: Executor, table: LinkTokens, token: string): Promise<number | null> {
  const [used] = await db
    .update(table)
    .set({ usedAt: new Date() })
    .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt), gt(table.expiresAt, sql`now()`)))
    .returning({ userId: table.userId });
  return used?.userId ?? null;
}
