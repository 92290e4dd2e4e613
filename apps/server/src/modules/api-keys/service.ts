import { randomInt } from 'node:crypto';
import {
  API_KEY,
  API_KEY_ALPHABET,
  API_KEY_TEXTS,
  type ApiKey,
  type ApiKeyType,
  apiKeyDisplayPrefix,
  apiKeyMask,
  splitUserName,
} from '@parley/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ProjectAccess } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;
type Creator = Pick<UserRow, 'id' | 'name' | 'email'> | null;

/** A new secret: the recognisable prefix and 40 random base62 characters (unbiased, from the OS CSPRNG). */
export function generateApiKey(): string {
  let secret = '';
  for (let i = 0; i < API_KEY.secretLength; i += 1)
    secret += API_KEY_ALPHABET[randomInt(API_KEY_ALPHABET.length)];
  return `${API_KEY.prefix}${secret}`;
}

function toApiKeyDto(row: ApiKeyRow, creator: Creator): ApiKey {
  const { first, last } = splitUserName(creator?.name ?? '');
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    key_mask: apiKeyMask(row.prefix),
    type: row.type,
    status: row.revokedAt ? 'revoked' : 'active',
    user_id: row.userId,
    user_first_name: first,
    user_last_name: last,
    user_email: creator?.email ?? '',
    created_at: row.createdAt.toISOString(),
    last_used: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revoked_at: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

/** The project's keys, newest first, with their creators. */
export async function listApiKeys(ctx: AppContext, access: ProjectAccess): Promise<ApiKey[]> {
  const rows = await ctx.db
    .select({ key: apiKeys, user: { id: users.id, name: users.name, email: users.email } })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.projectId, access.project.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toApiKeyDto(row.key, row.user));
}

/** Creates a key acting as `creator`. The secret is returned once; only its hash and prefix are stored. */
export async function createApiKey(
  ctx: AppContext,
  access: ProjectAccess,
  creator: UserRow,
  input: { name: string; type: ApiKeyType },
): Promise<ApiKey & { api_key: string }> {
  const secret = generateApiKey();
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      projectId: access.project.id,
      userId: creator.id,
      name: input.name,
      prefix: apiKeyDisplayPrefix(secret),
      keyHash: hashToken(secret),
      type: input.type,
    })
    .returning();
  ctx.logger.info(
    { projectId: access.project.id, apiKeyId: row!.id, type: input.type, userId: creator.id },
    'API key created',
  );
  return { ...toApiKeyDto(row!, creator), api_key: secret };
}

/** Revokes a key of the project (at once: the next request with it answers 401). Revoking twice is a no-op. */
export async function revokeApiKey(
  ctx: AppContext,
  access: ProjectAccess,
  by: UserRow,
  keyId: number,
): Promise<ApiKey> {
  const where = and(eq(apiKeys.id, keyId), eq(apiKeys.projectId, access.project.id));
  await ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date(), revokedBy: by.id })
    .where(and(where, isNull(apiKeys.revokedAt)));
  const [row] = await ctx.db
    .select({ key: apiKeys, user: { id: users.id, name: users.name, email: users.email } })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(where);
  if (!row) throw notFound(API_KEY_TEXTS.notFound);
  ctx.logger.info({ projectId: access.project.id, apiKeyId: keyId, userId: by.id }, 'API key revoked');
  return toApiKeyDto(row.key, row.user);
}

/** Revokes a member's keys in a project (they left or were removed: their keys must not linger as active). */
export async function revokeKeysOf(db: Executor, projectId: number, userId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/** A key's name (what records made through it, like a prompt's versions, say they were made with). */
export async function apiKeyName(db: Executor, keyId: number): Promise<string | null> {
  const [row] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, keyId));
  return row?.name ?? null;
}
