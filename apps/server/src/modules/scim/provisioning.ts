import { randomBytes } from 'node:crypto';
import type { ScimProvisioning } from '@parley/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { scimTokens, ssoConnections } from '../../db/schema/index.ts';
import { hashToken } from '../auth/tokens.ts';
import type { UserRow } from '../users/dto.ts';

export const SCIM_BASE_PATH = '/scim/v2';
const TOKEN_PREFIX = 'parley_scim_';
/** What the card shows of a token: its fixed start and four random characters. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 4;
/** last_used_at is written at most once a minute per token. */
const TOUCH_INTERVAL_SECONDS = 60;

type TokenRow = typeof scimTokens.$inferSelect;

function toProvisioning(ctx: AppContext, token: TokenRow | undefined): ScimProvisioning {
  return {
    base_url: `${ctx.config.publicUrl}${SCIM_BASE_PATH}`,
    token: token
      ? {
          prefix: token.prefix,
          created_at: token.createdAt.toISOString(),
          last_used_at: token.lastUsedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export async function provisioning(ctx: AppContext, connectionId: number): Promise<ScimProvisioning> {
  const [token] = await ctx.db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.connectionId, connectionId), isNull(scimTokens.revokedAt)));
  return toProvisioning(ctx, token);
}

/** A new token for the connection; the one before (if any) is revoked in the same step. */
export async function createScimToken(
  ctx: AppContext,
  connectionId: number,
  creator: UserRow,
): Promise<ScimProvisioning & { secret: string }> {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const token = await ctx.db.transaction(async (tx) => {
    // Two generations at once would both find no live token to revoke.
    await tx
      .select({ id: ssoConnections.id })
      .from(ssoConnections)
      .where(eq(ssoConnections.id, connectionId))
      .for('update');
    await tx
      .update(scimTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(scimTokens.connectionId, connectionId), isNull(scimTokens.revokedAt)));
    const [created] = await tx
      .insert(scimTokens)
      .values({
        connectionId,
        tokenHash: hashToken(secret),
        prefix: secret.slice(0, SHOWN_LENGTH),
        createdByUserId: creator.id,
      })
      .returning();
    return created!;
  });
  return { ...toProvisioning(ctx, token), secret };
}

export async function revokeScimToken(ctx: AppContext, connectionId: number): Promise<ScimProvisioning> {
  await ctx.db
    .update(scimTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(scimTokens.connectionId, connectionId), isNull(scimTokens.revokedAt)));
  return toProvisioning(ctx, undefined);
}

/** The connection a live SCIM token belongs to, or null (unknown, revoked, or its connection disabled). */
export async function connectionOfScimToken(ctx: AppContext, secret: string): Promise<number | null> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) return null;
  const [row] = await ctx.db
    .select({ id: scimTokens.id, connectionId: scimTokens.connectionId })
    .from(scimTokens)
    .innerJoin(ssoConnections, eq(ssoConnections.id, scimTokens.connectionId))
    .where(
      and(
        eq(scimTokens.tokenHash, hashToken(secret)),
        isNull(scimTokens.revokedAt),
        eq(ssoConnections.enabled, true),
      ),
    );
  if (!row) return null;
  await ctx.db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.id, row.id),
        or(
          isNull(scimTokens.lastUsedAt),
          lt(scimTokens.lastUsedAt, sql`now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`),
        ),
      ),
    );
  return row.connectionId;
}
