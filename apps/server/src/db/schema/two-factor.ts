import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);
