import {
  PASSKEYS,
  type Passkey,
  type PasskeyAuthenticationCredential,
  type PasskeyRegistrationCredential,
  TWO_FACTOR_TEXTS,
} from '@parley/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys, recoveryCodes } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { UserRow } from '../users/dto.ts';
import { countedCheck, hasSecondFactor, lockAccount, notifyTwoFactor, twoFactorStatus } from './factors.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';

/*
 * Passkeys (WebAuthn, verified with @simplewebauthn/server) as second factors. The relying party is PUBLIC_URL:
 * its host is the RP id, its origin the only origin accepted. Each ceremony's challenge is stored here and
 * deleted by the one request that uses it (a registration's is the account's, a sign-in's the pending sign-in's),
 * so a challenge never serves twice, whatever the answer was.
 */

type RegistrationCredential = z.infer<typeof PasskeyRegistrationCredential>;
type AuthenticationCredential = z.infer<typeof PasskeyAuthenticationCredential>;

/** The transports WebAuthn knows (what a browser says of a new credential; others are not stored). */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const rpIdOf = (config: Config) => new URL(config.publicUrl).hostname;

/**
 * What an answer must match: the ceremony's challenge, PUBLIC_URL's origin and host. User verification is not
 * required (a second factor needs the user's presence, which the library always checks).
 */
const expectations = (config: Config, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: new URL(config.publicUrl).origin,
  expectedRPID: rpIdOf(config),
  requireUserVerification: false,
});

export const notVerified = (kind: 'invalid' | 'unauthenticated') =>
  new AppError(kind, 'passkey_not_verified', TWO_FACTOR_TEXTS.passkeyNotVerified);

function toPasskeyDto(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const passkeysOf = (db: Executor, userId: number) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));

export async function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  return (await passkeysOf(db, userId)).map(toPasskeyDto);
}

/**
 * Stores a ceremony's challenge, replacing the previous one of the same registration (the account's) or sign-in
 * (`signInId`); expired ones of anyone go.
 */
async function storeChallenge(db: Executor, challenge: string, userId: number, signInId: number | null) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  const expiresAt = new Date(Date.now() + PASSKEYS.challengeTtlMs);
  await db
    .insert(passkeyChallenges)
    .values({ challenge, userId, signInId, expiresAt })
    .onConflictDoUpdate(
      signInId === null
        ? {
            target: passkeyChallenges.userId,
            targetWhere: isNull(passkeyChallenges.signInId),
            set: { challenge, expiresAt },
          }
        : { target: passkeyChallenges.signInId, set: { challenge, expiresAt } },
    );
}

/**
 * Uses up the challenge the browser signed (read from its clientDataJSON) when it is a live one of this
 * registration or sign-in: deleted in the same statement, so two requests cannot both use it. Null otherwise.
 */
async function useChallenge(
  db: Executor,
  clientDataJSON: string,
  userId: number,
  signInId: number | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string') return null;
  const used = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.userId, userId),
        signInId === null ? isNull(passkeyChallenges.signInId) : eq(passkeyChallenges.signInId, signInId),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return used.length > 0 ? challenge : null;
}

const limitReached = () => conflict(TWO_FACTOR_TEXTS.passkeyLimit, 'passkey_limit');

async function passkeyCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Options for navigator.credentials.create(): the account's passkeys are excluded (no second copy of one). */
export async function startPasskeyRegistration(ctx: AppContext, user: UserRow) {
  const existing = await passkeysOf(ctx.db, user.id);
  if (existing.length >= PASSKEYS.maxPerAccount) throw limitReached();
  const options = await generateRegistrationOptions({
    rpName: PASSKEYS.relyingPartyName,
    rpID: rpIdOf(ctx.config),
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The same handle for all of an account's passkeys (an authenticator keeps one credential per account).
    userID: isoUint8Array.fromUTF8String(`parley-user-${user.id}`),
    timeout: PASSKEYS.challengeTtlMs,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(ctx.db, options.challenge, user.id, null);
  return { options: { ...options } };
}

/** Verifies a browser's answer to the registration options; its credential, or null when it does not hold. */
async function verifiedRegistration(ctx: AppContext, credential: RegistrationCredential, challenge: string) {
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      // Shape checked by the contract; every field the library reads is verified by it.
      response: credential as unknown as RegistrationResponseJSON,
      ...expectations(ctx.config, challenge),
    });
    return verified ? registrationInfo : null;
  } catch {
    return null;
  }
}

/**
 * Registers a passkey from the browser's answer (400 `passkey_not_verified` when it does not verify against
 * the account's challenge, PUBLIC_URL's origin and host). The account's first second factor turns two-factor
 * sign-in on: recovery codes are made and answered once, and the account is emailed.
 */
export async function addPasskey(
  ctx: AppContext,
  user: UserRow,
  name: string,
  credential: RegistrationCredential,
) {
  if ((await passkeyCount(ctx.db, user.id)) >= PASSKEYS.maxPerAccount) throw limitReached();
  const challenge = await useChallenge(ctx.db, credential.response.clientDataJSON, user.id, null);
  const info = challenge ? await verifiedRegistration(ctx, credential, challenge) : null;
  if (!info) throw notVerified('invalid');
  const added = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    if ((await passkeyCount(tx, user.id)) >= PASSKEYS.maxPerAccount) throw limitReached();
    const first = !(await hasSecondFactor(tx, user.id));
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        transports: (credential.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    // A credential registered already (here or on another account) is not registered twice.
    if (!row) throw notVerified('invalid');
    return { row, codes: first ? await replaceRecoveryCodes(tx, user.id) : null };
  });
  if (added.codes) await notifyTwoFactor(ctx, user, 'on');
  return {
    passkey: toPasskeyDto(added.row),
    status: await twoFactorStatus(ctx.db, user.id),
    recovery_codes: added.codes,
  };
}

/**
 * Removes one of the account's passkeys (404 for anyone else's). The last second factor going turns two-factor
 * sign-in off: the recovery codes go, and the account is emailed.
 */
export async function removePasskey(ctx: AppContext, user: UserRow, passkeyId: number) {
  const turnedOff = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound(TWO_FACTOR_TEXTS.passkeyNotFound);
    if (await hasSecondFactor(tx, user.id)) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    return true;
  });
  if (turnedOff) await notifyTwoFactor(ctx, user, 'off');
  return twoFactorStatus(ctx.db, user.id);
}

/** Options for navigator.credentials.get() to finish the pending sign-in `signInId` with one of the passkeys. */
export async function startPasskeySignIn(ctx: AppContext, signInId: number, userId: number) {
  const own = await passkeysOf(ctx.db, userId);
  if (own.length === 0) throw notVerified('unauthenticated');
  const options = await generateAuthenticationOptions({
    rpID: rpIdOf(ctx.config),
    timeout: PASSKEYS.challengeTtlMs,
    userVerification: 'preferred',
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  await storeChallenge(ctx.db, options.challenge, userId, signInId);
  return { options: { ...options } };
}

/**
 * Checks a passkey's answer for the pending sign-in `signInId` of `user` (a counted check, as a code): the
 * sign-in's challenge, one of the user's passkeys, PUBLIC_URL's origin and host, and a signature counter that
 * moved on (one that did not is a cloned authenticator). The counter and last use are written only when it
 * is still below the new one, so two answers cannot both pass with one count.
 */
export function checkPasskeySignIn(
  ctx: AppContext,
  user: UserRow,
  signInId: number,
  credential: AuthenticationCredential,
): Promise<boolean> {
  return countedCheck(ctx, user, async () => {
    const challenge = await useChallenge(ctx.db, credential.response.clientDataJSON, user.id, signInId);
    if (!challenge) return false;
    const [passkey] = await ctx.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, credential.id), eq(passkeys.userId, user.id)));
    if (!passkey) return false;
    let newCounter: number;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        // Shape checked by the contract; every field the library reads is verified by it.
        response: credential as unknown as AuthenticationResponseJSON,
        ...expectations(ctx.config, challenge),
        credential: {
          id: passkey.credentialId,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
      });
      if (!verified) return false;
      newCounter = authenticationInfo.newCounter;
    } catch {
      return false;
    }
    const updated = await ctx.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.id, passkey.id),
          // Authenticators that keep no counter (always 0) pass; any other must move on.
          newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
        ),
      )
      .returning({ id: passkeys.id });
    return updated.length > 0;
  });
}
