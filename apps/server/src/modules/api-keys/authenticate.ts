import { API_KEY, API_KEY_TEXTS, type ApiKeyType, isApiKeyFormat } from '@parley/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { assertActive } from '../auth/active.ts';
import { hashToken } from '../auth/tokens.ts';
import type { UserRow } from '../users/dto.ts';

/**
 * The creator and scope of a Bearer key. Unknown, malformed and revoked keys answer 401 at once. last_used_at
 * is written at most once a minute per key.
 */
export async function authenticateApiKey(
  ctx: AppContext,
  secret: string,
): Promise<{ user: UserRow; key: { id: number; projectId: number; type: ApiKeyType } }> {
  if (!isApiKeyFormat(secret))
    throw new AppError('unauthenticated', 'invalid_api_key', API_KEY_TEXTS.invalid);
  const [row] = await ctx.db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(secret)))
    .limit(1);
  if (!row) throw new AppError('unauthenticated', 'invalid_api_key', API_KEY_TEXTS.invalid);
  if (row.key.revokedAt) throw new AppError('unauthenticated', 'api_key_revoked', API_KEY_TEXTS.revoked);
  assertActive(row.user);
  const lastUsed = row.key.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed >= API_KEY.lastUsedTouchMs) {
    const seconds = API_KEY.lastUsedTouchMs / 1000;
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.key.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        ),
      );
  }
  return { user: row.user, key: { id: row.key.id, projectId: row.key.projectId, type: row.key.type } };
}
