import { DRIVE_TEXTS } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { driveConnections } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import {
  assertGoogleConfigured,
  assertOwnRedirectUri,
  DRIVE_SCOPES,
  finishOAuth,
  GoogleGrantRevokedError,
  type GoogleTokens,
  refreshAccessToken,
  startOAuth,
  userInfo,
} from '../google/oauth.ts';
import { type ProjectAccess, requireProjectRole } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { driveApi } from './client.ts';
import { decrypt, encrypt, encryptionKey } from './crypto.ts';
import type { ConnectionRow } from './dto.ts';

/** An access token is refreshed when it has less than this left. */
const REFRESH_MARGIN_MS = 60_000;
/** A long job renews its token this long before it ends (a download must not outlive it). */
const RENEW_BEFORE_MS = 5 * 60_000;

/** A connection that cannot reach Drive (not connected, revoked grant): the sync and folder picker stop. */
export class DriveConnectionError extends AppError {
  constructor(message: string) {
    super('conflict', 'drive_connection_error', message);
  }
}

/** Refuses before anything is stored when Google or ENCRYPTION_KEY is not set up (503 naming what is missing). */
function assertDriveAvailable(ctx: AppContext): void {
  encryptionKey(ctx.config);
  assertGoogleConfigured(ctx.config);
}

interface ConsentInput {
  redirectUri: string;
  /** The app's origins a redirect address may be on (the public address, the request's own). */
  origins: string[];
}

/** Starts Google's consent (drive.readonly and email, offline) that gives `connection` its tokens. */
export async function startConsent(
  ctx: AppContext,
  userId: number,
  connection: ConnectionRow,
  input: ConsentInput,
): Promise<{ auth_url: string; state: string }> {
  assertDriveAvailable(ctx);
  assertOwnRedirectUri(input.redirectUri, input.origins);
  return startOAuth(ctx, {
    purpose: 'drive',
    redirectUri: input.redirectUri,
    scopes: DRIVE_SCOPES,
    offline: true,
    userId,
    connectionId: connection.id,
  });
}

/** A new connection (not valid until its consent completes) and the start of its consent. */
export async function createConnection(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  name: string,
  input: ConsentInput,
): Promise<{ connection: ConnectionRow; auth_url: string; state: string }> {
  assertDriveAvailable(ctx);
  assertOwnRedirectUri(input.redirectUri, input.origins);
  const [connection] = await ctx.db
    .insert(driveConnections)
    .values({ projectId: access.project.id, createdBy: userId, name })
    .returning();
  return { connection: connection!, ...(await startConsent(ctx, userId, connection!, input)) };
}

function tokenColumns(key: Buffer, tokens: GoogleTokens) {
  return {
    accessToken: encrypt(key, tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
    ...(tokens.refreshToken ? { refreshToken: encrypt(key, tokens.refreshToken) } : {}),
  };
}

/**
 * Completes a consent: the state must be one this user started for a connection of a project they still
 * manage; the tokens are stored encrypted with the account's email, and the connection is valid again.
 */
export async function finishConsent(
  ctx: AppContext,
  user: UserRow,
  input: { code: string; state: string },
): Promise<ConnectionRow> {
  const key = encryptionKey(ctx.config);
  const { tokens, oauthState } = await finishOAuth(ctx, { purpose: 'drive', ...input });
  if (oauthState.userId !== user.id || oauthState.connectionId === null) {
    throw badRequest('This Google Drive authorization was started by someone else.', 'invalid_state');
  }
  const [existing] = await ctx.db
    .select()
    .from(driveConnections)
    .where(eq(driveConnections.id, oauthState.connectionId));
  if (!existing) throw notFound(DRIVE_TEXTS.connectionNotFound);
  await requireProjectRole(ctx.db, user, existing.projectId, 'admin');
  const account = await userInfo(ctx, tokens.accessToken);
  const [connection] = await ctx.db
    .update(driveConnections)
    .set({
      ...tokenColumns(key, tokens),
      googleEmail: account.email,
      isValid: true,
      errorCount: 0,
      lastError: null,
      connectedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(driveConnections.id, existing.id))
    .returning();
  return connection!;
}

/** Counts a connection's failure; a refused grant also makes it invalid until it is connected again. */
export async function recordConnectionError(
  ctx: AppContext,
  connectionId: number,
  message: string,
  invalid: boolean,
): Promise<void> {
  await ctx.db
    .update(driveConnections)
    .set({
      errorCount: sql`${driveConnections.errorCount} + 1`,
      lastError: message,
      ...(invalid ? { isValid: false } : {}),
      updatedAt: new Date(),
    })
    .where(eq(driveConnections.id, connectionId));
}

/**
 * An access token for Drive calls: the stored one while it has time left, else a fresh one from the refresh
 * token (stored again). A revoked or expired grant makes the connection invalid with Google's reason.
 */
export async function accessTokenFor(
  ctx: AppContext,
  connection: ConnectionRow,
  marginMs = REFRESH_MARGIN_MS,
): Promise<string> {
  const key = encryptionKey(ctx.config);
  if (!connection.isValid || (!connection.refreshToken && !connection.accessToken)) {
    throw new DriveConnectionError(connection.lastError ?? DRIVE_TEXTS.connectionNotReady);
  }
  const expiresAt = connection.accessTokenExpiresAt?.getTime() ?? 0;
  if (connection.accessToken && expiresAt - Date.now() > marginMs) {
    return decrypt(key, connection.accessToken);
  }
  if (!connection.refreshToken) {
    await recordConnectionError(ctx, connection.id, DRIVE_TEXTS.grantRevoked, true);
    throw new DriveConnectionError(DRIVE_TEXTS.grantRevoked);
  }
  try {
    const tokens = await refreshAccessToken(ctx, decrypt(key, connection.refreshToken));
    await ctx.db
      .update(driveConnections)
      .set({ ...tokenColumns(key, tokens), updatedAt: new Date() })
      .where(eq(driveConnections.id, connection.id));
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof GoogleGrantRevokedError) {
      await recordConnectionError(ctx, connection.id, error.message, true);
      throw new DriveConnectionError(error.message);
    }
    throw error;
  }
}

/**
 * A Drive client for a long job (a sync of thousands of files outlasts an access token): each call answers
 * the client of a token with at least RENEW_BEFORE_MS left, refreshing it through the stored connection.
 */
export function renewingDrive(
  ctx: AppContext,
  connectionId: number,
): () => Promise<ReturnType<typeof driveApi>> {
  let api: ReturnType<typeof driveApi> | null = null;
  let renewAt = 0;
  return async () => {
    if (api && Date.now() < renewAt) return api;
    const [row] = await ctx.db.select().from(driveConnections).where(eq(driveConnections.id, connectionId));
    if (!row) throw new DriveConnectionError(DRIVE_TEXTS.connectionNotReady);
    api = driveApi(ctx, await accessTokenFor(ctx, row, RENEW_BEFORE_MS));
    const [fresh] = await ctx.db
      .select({ expiresAt: driveConnections.accessTokenExpiresAt })
      .from(driveConnections)
      .where(eq(driveConnections.id, connectionId));
    renewAt = (fresh?.expiresAt?.getTime() ?? Date.now()) - RENEW_BEFORE_MS;
    return api;
  };
}
