import { isNull } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * An account's authenticator app (TOTP, RFC 6238): the shared secret encrypted with ENCRYPTION_KEY. Null
 * confirmed_at: enrolment started, no code confirmed yet (it is not a second factor). last_used_step is the
 * 30-second step of the last accepted code, so a code is never accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of an account with a second factor, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in whose first step (password, Google) succeeded: a short-lived token held in a
 * cookie, stored hashed. It dies after too many wrong codes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    /** The way in of the first step (the withdrawn session's), for the session the second step opens. */
    signInMethod: text('sign_in_method'),
    /** The project the first step joined (a Google sign-in that accepted an invitation): where the second goes. */
    joinedProjectId: integer('joined_project_id').references(() => projects.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);

const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
  toDriver: (value) => Buffer.from(value),
});

/**
 * An account's passkeys (WebAuthn credentials) as second factors: the credential's id (base64url, as browsers
 * send it), its COSE public key and signature counter (a counter that goes back means a cloned authenticator).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced), as the authenticator tells. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * The one-time challenge of a WebAuthn ceremony, deleted when used: registering a passkey (sign_in_id null, one
 * at a time per account) or finishing the pending sign-in `sign_in_id` with one (one at a time per sign-in).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signInId: integer('sign_in_id').references(() => twoFactorChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_key').on(t.challenge),
    uniqueIndex('passkey_challenges_registration_key').on(t.userId).where(isNull(t.signInId)),
    uniqueIndex('passkey_challenges_sign_in_key').on(t.signInId),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
  ],
);
