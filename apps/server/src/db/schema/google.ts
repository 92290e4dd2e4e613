import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects, prompts } from './projects.ts';
import { tasks } from './tasks.ts';

/** What an OAuth round trip was started for. */
export const OAUTH_PURPOSES = ['sign_in', 'drive'] as const;

/**
 * A started Google OAuth round trip (authorization code with PKCE): the state the callback must bring back,
 * the PKCE verifier, and for a Drive connection the connection it completes. Single use; expires soon.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state sent to Google (the state itself is only in the browser and the URL). */
    stateHash: text('state_hash').primaryKey(),
    purpose: text('purpose', { enum: OAUTH_PURPOSES }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Drive: who connects, and the connection waiting for its tokens. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').references(() => driveConnections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** The Google account a user signs in with (`sub` of Google's user info), one per user. */
export const googleIdentities = pgTable(
  'google_identities',
  {
    sub: text('sub').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('google_identities_user_key').on(t.userId)],
);

/**
 * A Google Drive account linked to a project. Tokens are encrypted at rest (AES-256-GCM with ENCRYPTION_KEY);
 * a connection whose grant was revoked or expired is not valid, with the reason in last_error.
 */
export const driveConnections = pgTable(
  'drive_connections',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    googleEmail: text('google_email'),
    /** Encrypted refresh and access tokens; null until the consent completes. */
    refreshToken: text('refresh_token'),
    accessToken: text('access_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    isValid: boolean('is_valid').notNull().default(false),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drive_connections_project_idx').on(t.projectId)],
);

/** A Drive folder synced into a project's analyses with one prompt; structure_config as spec 2 §3. */
export const driveIntegrations = pgTable(
  'drive_integrations',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => driveConnections.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    folderId: text('folder_id').notNull(),
    folderName: text('folder_name').notNull().default(''),
    structureType: text('structure_type', {
      enum: ['simple', 'department', 'custom', 'constants'],
    }).notNull(),
    structureConfig: jsonb('structure_config').$type<Record<string, unknown>>(),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    errorCount: integer('error_count').notNull().default(0),
    lastError: text('last_error'),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    /** Set while a sync is claimed (queued or running); google-drive/claim.ts says when a claim is dead. */
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    /** The claimed sync's last sign of life, every SYNC_HEARTBEAT_MS while it runs; null before its job. */
    syncHeartbeatAt: timestamp('sync_heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drive_integrations_project_idx').on(t.projectId)],
);

/** One sync of an integration: what it found and did. */
export const driveSyncRuns = pgTable(
  'drive_sync_runs',
  {
    id: serial('id').primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => driveIntegrations.id, { onDelete: 'cascade' }),
    /** 'schedule' or 'manual'. */
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    found: integer('found').notNull().default(0),
    queued: integer('queued').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('drive_sync_runs_integration_idx').on(t.integrationId, t.id)],
);

/**
 * Every Drive file an integration has taken, once: the unique key is what makes overlapping syncs queue a
 * file only once. task_id is the analysis it became (null when it was skipped or failed, with the reason;
 * 'queued' without one while its run works on it).
 */
export const driveFiles = pgTable(
  'drive_files',
  {
    id: serial('id').primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => driveIntegrations.id, { onDelete: 'cascade' }),
    fileId: text('file_id').notNull(),
    name: text('name').notNull(),
    /** Folder names from the integration's folder down to the file ('Sales', 'Anna'). */
    path: jsonb('path').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'skipped', 'failed'] }).notNull(),
    reason: text('reason'),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** The sync run that took the file: only it settles the file (a cut-off worker's late run does not). */
    runId: integer('run_id').references(() => driveSyncRuns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('drive_files_integration_file_key').on(t.integrationId, t.fileId)],
);
