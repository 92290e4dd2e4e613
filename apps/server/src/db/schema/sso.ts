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
