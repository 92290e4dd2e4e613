import { MEMBER_ROLES } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

/**
 * An identity provider an organisation signs in through (OIDC or SAML 2.0). Its owner is the super admin or the
 * account that created it; it applies to the email domains proven for it (sso_domains).
 */
export const ssoConnections = pgTable('sso_connections', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  protocol: text('protocol', { enum: ['oidc', 'saml'] }).notNull(),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  enabled: boolean('enabled').notNull().default(true),
  /** Passwords (and Google sign-in) are refused for the connection's verified domains, except the super admin's. */
  requireSso: boolean('require_sso').notNull().default(false),
  /** OIDC: the issuer (its /.well-known/openid-configuration is read), client id, encrypted client secret. */
  oidcIssuer: text('oidc_issuer'),
  oidcClientId: text('oidc_client_id'),
  oidcClientSecretEncrypted: text('oidc_client_secret_encrypted'),
  /** SAML: the IdP's metadata as given (XML, or fetched from the URL), and what was read from it. */
  samlMetadataUrl: text('saml_metadata_url'),
  samlMetadataXml: text('saml_metadata_xml'),
  samlIdpEntityId: text('saml_idp_entity_id'),
  samlIdpSsoUrl: text('saml_idp_sso_url'),
  /** PEM bodies of the IdP's signing certificates, newline-separated. */
  samlIdpCertificates: text('saml_idp_certificates'),
  /** The claim (OIDC) or attribute (SAML) listing the user's groups; null reads 'groups'. */
  groupsAttribute: text('groups_attribute'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An email domain routed to a connection once proven (DNS TXT record `parley-verification=<token>`). */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** Lower-cased, without a trailing dot. */
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Several connections may claim a domain while unproven; only one may hold it proven.
  (t) => [
    index('sso_domains_connection_idx').on(t.connectionId),
    uniqueIndex('sso_domains_verified_domain_key').on(t.domain).where(sql`verified_at IS NOT NULL`),
  ],
);

/**
 * IdP group → project role. A just-in-time account (and a SCIM user) gets the highest mapped role per project among
 * its groups; group_name '*' applies to everyone who signs in through the connection.
 */
export const ssoGroupMappings = pgTable(
  'sso_group_mappings',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_group_mappings_key').on(t.connectionId, t.groupName, t.projectId)],
);

/** Which account an IdP subject (OIDC `sub`, SAML NameID) is, per connection. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The IdP groups seen at the last sign-in (or set by SCIM), newline-separated. */
    groups: text('groups').notNull().default(''),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Set on the identity SCIM provisioned (whose subject is its SCIM id, a UUID): the IdP's userName and
     * externalId. At most one per account and connection.
     */
    scimUserName: text('scim_user_name'),
    scimExternalId: text('scim_external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.subject] }),
    index('sso_identities_user_idx').on(t.userId),
    uniqueIndex('sso_identities_scim_user_name_key')
      .on(t.connectionId, sql`lower(${t.scimUserName})`)
      .where(sql`scim_user_name IS NOT NULL`),
    uniqueIndex('sso_identities_scim_user_key')
      .on(t.connectionId, t.userId)
      .where(sql`scim_user_name IS NOT NULL`),
  ],
);

/**
 * A sign-in sent to an identity provider and not yet back: OIDC state (hashed), PKCE verifier and nonce, or the
 * SAML AuthnRequest id its answer must name (InResponseTo). Used once; swept when expired.
 */
export const ssoSignInRequests = pgTable(
  'sso_sign_in_requests',
  {
    /** OIDC: the hash of `state`; SAML: the AuthnRequest id. */
    key: text('key').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    /** Hash of the browser cookie set when the sign-in started: the answer must come back to the same browser. */
    browserHash: text('browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_sign_in_requests_expires_idx').on(t.expiresAt)],
);

/** SAML assertions already used to sign in, kept until they expire so that none is accepted twice. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.assertionId] }),
    index('sso_used_assertions_expires_idx').on(t.expiresAt),
  ],
);
