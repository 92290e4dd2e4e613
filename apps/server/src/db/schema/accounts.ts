import { UI_LANGUAGES, USER_ROLES } from '@parley/contracts';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** Null for an account made by Google sign-in until its owner sets a password. */
    passwordHash: text('password_hash'),
    language: text('language', { enum: UI_LANGUAGES }).notNull().default('en'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /**
     * When the owner proved the email is theirs (emailed link, invitation, password reset); null: not yet, and
     * the account cannot sign in. Defaults to now so that accounts older than confirmation count as confirmed:
     * an ordinary sign-up sets null explicitly.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    /** Set while an identity provider (SCIM) has the account deactivated: it cannot sign in nor use its keys. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * Server-side sessions. Only a SHA-256 hash of the cookie token is stored. A session ends session_lifetimes'
 * idle timeout after last_seen_at, or its absolute lifetime after created_at (auth/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent header at sign-in, cut to SESSION_USER_AGENT_MAX characters. */
    userAgent: text('user_agent'),
    /** The address of the latest recorded request (request.ip: TRUST_PROXY decides). */
    ip: text('ip'),
    /** SIGN_IN_METHODS (text: a new way in needs no migration); null for sessions older than 0054. */
    signInMethod: text('sign_in_method'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** The platform's session lifetimes, set by the super admin: at most one row; none means the defaults. */
export const sessionLifetimes = pgTable('session_lifetimes', {
  id: boolean('id').primaryKey().default(true),
  idleMinutes: integer('idle_minutes').notNull(),
  absoluteDays: integer('absolute_days').notNull(),
  updatedAt: updatedAt(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Single-use email confirmation tokens of new accounts (hashed), valid until expires_at. */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_confirmation_tokens_user_idx').on(t.userId)],
);

/** Single-use password reset tokens (hashed), valid until expires_at. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use sign-in links (hashed), emailed while sign-in from unknown devices is locked; valid until expires_at. */
export const signInLinkTokens = pgTable(
  'sign_in_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_link_tokens_user_idx').on(t.userId)],
);

/**
 * Browsers an account has signed in from (the device cookie's token, hashed): their sign-ins are not held by
 * the account's lockout of unknown clients, only by their own limit (modules/auth/devices.ts).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_hash_key').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId),
  ],
);

/** What a per-account limit counts (see modules/auth/limits.ts). */
export const AUTH_ATTEMPT_KINDS = [
  'sign_in_failure',
  'reset_email',
  'signup_email',
  'password_change',
  'password_reset',
  'device_sign_in_failure',
  'sign_in_link_email',
  'two_factor_failure',
] as const;
export type AuthAttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

/**
 * Recent sign-in failures, password changes and sent account emails per (lower-cased) email address, for the per-account
 * limits that hold whatever the client's IP. Rows older than the longest window are pruned.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: AUTH_ATTEMPT_KINDS }).notNull(),
    email: text('email').notNull(),
    /** The trusted device of a failed sign-in from one (device_sign_in_failure), counted per device. */
    deviceId: integer('device_id').references(() => trustedDevices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_email_created_idx').on(t.kind, t.email, t.createdAt),
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);
