import { randomBytes } from 'node:crypto';
import type { SsoConnectionUpdate } from '@parley/contracts';
import {
  type MemberRole,
  SSO_DEFAULT_GROUPS_ATTRIBUTE,
  SSO_TXT_PREFIX,
  type SsoConnection,
  type SsoConnectionInput,
} from '@parley/contracts';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  projectMembers,
  projects,
  ssoConnections,
  ssoDomains,
  ssoGroupMappings,
  users,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuditActor } from '../audit/record.ts';
import { decrypt, encrypt, encryptionKey } from '../google-drive/crypto.ts';
import type { UserRow } from '../users/dto.ts';
import { auditSso } from './audit.ts';
import { hasVerificationRecord } from './dns.ts';
import { oidcConfiguration } from './oidc.ts';
import { endSessionsOutsideSso } from './require-sso.ts';
import { readIdpMetadata } from './saml.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

const NOT_FOUND = 'SSO connection not found.';

const ENCRYPTION_TEXTS = {
  encryptionKeyMissing:
    'SSO client secrets are stored encrypted: set ENCRYPTION_KEY (32 bytes, hex or base64) on the server first.',
  encryptionKeyInvalid: 'ENCRYPTION_KEY must be 32 bytes, given as 64 hex characters or base64.',
};

export function ssoUrls(
  ctx: Pick<AppContext, 'config'>,
  connection: Pick<SsoConnectionRow, 'id' | 'protocol'>,
) {
  const base = `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/auth/sso`;
  const metadata = `${base}/saml/${connection.id}/metadata`;
  return {
    oidcRedirectUri: `${base}/oidc/callback`,
    acsUrl: `${base}/saml/acs`,
    /** The SP entity id is its metadata address: unique per connection, and what IdPs expect. */
    spEntityId: metadata,
    spMetadataUrl: metadata,
  };
}

export function clientSecret(ctx: Pick<AppContext, 'config'>, connection: SsoConnectionRow): string {
  if (!connection.oidcClientSecretEncrypted) return '';
  return decrypt(encryptionKey(ctx.config, ENCRYPTION_TEXTS), connection.oidcClientSecretEncrypted);
}

/** Who may manage a connection: the super admin, or the account that made it. Others learn nothing (404). */
export async function managedConnection(
  ctx: AppContext,
  viewer: UserRow,
  connectionId: number,
): Promise<SsoConnectionRow> {
  const [row] = await ctx.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
  if (!row || (!viewer.isSuperAdmin && row.ownerUserId !== viewer.id)) throw notFound(NOT_FOUND);
  return row;
}

async function ownsAProject(ctx: AppContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner')))
    .limit(1);
  return row !== undefined;
}

export async function listConnections(ctx: AppContext, viewer: UserRow): Promise<SsoConnection[]> {
  const rows = await ctx.db
    .select()
    .from(ssoConnections)
    .where(viewer.isSuperAdmin ? undefined : eq(ssoConnections.ownerUserId, viewer.id))
    .orderBy(asc(ssoConnections.id));
  return Promise.all(rows.map((row) => toDto(ctx, row)));
}

export async function connectionDto(ctx: AppContext, viewer: UserRow, connectionId: number) {
  return toDto(ctx, await managedConnection(ctx, viewer, connectionId));
}

/** The protocol settings of an input, checked against the provider (discovery read, metadata parsed). */
async function protocolFields(
  ctx: AppContext,
  protocol: SsoConnectionRow['protocol'],
  input: z.infer<typeof SsoConnectionUpdate>,
  current?: SsoConnectionRow,
): Promise<Partial<typeof ssoConnections.$inferInsert>> {
  if (protocol === 'oidc') {
    const issuer = input.oidc_issuer ?? current?.oidcIssuer ?? '';
    const clientId = input.oidc_client_id ?? current?.oidcClientId ?? '';
    if (!issuer)
      throw badRequest('Enter the issuer URL of the identity provider.', 'bad_request', 'oidc_issuer');
    if (!clientId) throw badRequest('Enter the client ID.', 'bad_request', 'oidc_client_id');
    if (!URL.canParse(issuer))
      throw badRequest('The issuer is not a valid URL.', 'bad_request', 'oidc_issuer');
    const secret = input.oidc_client_secret;
    const changed = issuer !== current?.oidcIssuer || clientId !== current?.oidcClientId || secret;
    if (changed) await oidcConfiguration(ctx, { issuer, clientId, clientSecret: secret ?? '' });
    return {
      oidcIssuer: issuer,
      oidcClientId: clientId,
      ...(secret !== undefined && {
        oidcClientSecretEncrypted: secret
          ? encrypt(encryptionKey(ctx.config, ENCRYPTION_TEXTS), secret)
          : null,
      }),
    };
  }
  const url = input.saml_metadata_url || undefined;
  const xml = input.saml_metadata_xml || undefined;
  if (!url && !xml) {
    if (current) return {};
    throw badRequest(
      'Give the metadata URL or XML of the identity provider.',
      'bad_request',
      'saml_metadata_url',
    );
  }
  const metadata = await readIdpMetadata(ctx, { url, xml });
  return {
    samlMetadataUrl: url ?? null,
    samlMetadataXml: metadata.xml,
    samlIdpEntityId: metadata.entityId,
    samlIdpSsoUrl: metadata.ssoUrl,
    samlIdpCertificates: metadata.certificates.join('\n'),
  };
}

export async function createConnection(
  ctx: AppContext,
  viewer: UserRow,
  input: SsoConnectionInput,
  actor: AuditActor,
) {
  if (!viewer.isSuperAdmin && !(await ownsAProject(ctx, viewer.id))) {
    throw forbidden('Only a super admin or a project owner can set up single sign-on.');
  }
  const fields = await protocolFields(ctx, input.protocol, input);
  const [row] = await ctx.db
    .insert(ssoConnections)
    .values({
      name: input.name,
      protocol: input.protocol,
      ownerUserId: viewer.id,
      groupsAttribute: input.groups_attribute || null,
      ...fields,
    })
    .returning();
  await auditSso(ctx.db, row!.id, actor, 'sso_connection_created', { details: { protocol: row!.protocol } });
  return toDto(ctx, row!);
}

export async function updateConnection(
  ctx: AppContext,
  viewer: UserRow,
  connectionId: number,
  input: z.infer<typeof SsoConnectionUpdate>,
  actor: AuditActor,
) {
  const current = await managedConnection(ctx, viewer, connectionId);
  const touchesProtocol =
    input.oidc_issuer !== undefined ||
    input.oidc_client_id !== undefined ||
    input.oidc_client_secret !== undefined ||
    input.saml_metadata_url !== undefined ||
    input.saml_metadata_xml !== undefined;
  const fields = touchesProtocol ? await protocolFields(ctx, current.protocol, input, current) : {};
  const [row] = await ctx.db
    .update(ssoConnections)
    .set({
      ...fields,
      ...(input.name !== undefined && { name: input.name }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.require_sso !== undefined && { requireSso: input.require_sso }),
      ...(input.groups_attribute !== undefined && { groupsAttribute: input.groups_attribute || null }),
      updatedAt: new Date(),
    })
    .where(eq(ssoConnections.id, connectionId))
    .returning();
  const sessions =
    row!.requireSso && row!.enabled && !(current.requireSso && current.enabled)
      ? await endSessionsOutsideSso(ctx.db, connectionId)
      : 0;
  await auditUpdate(ctx, actor, current, row!, input, sessions);
  return toDto(ctx, row!);
}

/**
 * An update in the trail: what changed, by setting name (a secret only as "changed"), and the require-SSO switch
 * as an entry of its own with the sessions it ended.
 */
async function auditUpdate(
  ctx: AppContext,
  actor: AuditActor,
  before: SsoConnectionRow,
  after: SsoConnectionRow,
  input: z.infer<typeof SsoConnectionUpdate>,
  sessions: number,
) {
  if (before.requireSso !== after.requireSso) {
    await auditSso(ctx.db, after.id, actor, 'sso_required_changed', {
      details: { required: after.requireSso, sessions },
    });
  }
  const changed = (
    [
      ['name', before.name !== after.name],
      ['enabled', before.enabled !== after.enabled],
      ['groups_attribute', before.groupsAttribute !== after.groupsAttribute],
      ['oidc_issuer', before.oidcIssuer !== after.oidcIssuer],
      ['oidc_client_id', before.oidcClientId !== after.oidcClientId],
      ['oidc_client_secret', input.oidc_client_secret !== undefined],
      ['saml_metadata', before.samlMetadataXml !== after.samlMetadataXml],
    ] as const
  )
    .filter(([, differs]) => differs)
    .map(([field]) => field);
  if (changed.length === 0) return;
  await auditSso(ctx.db, after.id, actor, 'sso_connection_updated', {
    details: {
      changed: changed.join(','),
      ...(before.enabled !== after.enabled && { enabled: after.enabled }),
      ...(sessions > 0 && before.requireSso === after.requireSso && { sessions }),
    },
  });
}

export async function deleteConnection(
  ctx: AppContext,
  viewer: UserRow,
  connectionId: number,
  actor: AuditActor,
) {
  await managedConnection(ctx, viewer, connectionId);
  // Recorded first: the projects it reached are known only while its mappings exist.
  await auditSso(ctx.db, connectionId, actor, 'sso_connection_deleted');
  await ctx.db.delete(ssoConnections).where(eq(ssoConnections.id, connectionId));
}

export async function addDomain(
  ctx: AppContext,
  viewer: UserRow,
  connectionId: number,
  domain: string,
  actor: AuditActor,
) {
  const connection = await managedConnection(ctx, viewer, connectionId);
  const [taken] = await ctx.db
    .select({ id: ssoDomains.id, connectionId: ssoDomains.connectionId })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  const [own] = await ctx.db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.connectionId, connectionId)));
  if (taken || own) throw conflict(`${domain} is already used by a connection.`, 'domain_taken');
  await ctx.db
    .insert(ssoDomains)
    .values({ connectionId, domain, verificationToken: randomBytes(18).toString('base64url') });
  await auditSso(ctx.db, connectionId, actor, 'sso_domain_added', { details: { domain } });
  return toDto(ctx, connection);
}

async function managedDomain(ctx: AppContext, viewer: UserRow, connectionId: number, domainId: number) {
  const connection = await managedConnection(ctx, viewer, connectionId);
  const [domain] = await ctx.db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.connectionId, connectionId)));
  if (!domain) throw notFound('Domain not found.');
  return { connection, domain };
}

/** Proves a domain by its TXT record (the super admin may skip DNS with `force`). */
export async function verifyDomain(
  ctx: AppContext,
  viewer: UserRow,
  ids: { connectionId: number; domainId: number },
  force: boolean,
  actor: AuditActor,
) {
  const { connection, domain } = await managedDomain(ctx, viewer, ids.connectionId, ids.domainId);
  if (force && !viewer.isSuperAdmin)
    throw forbidden('Only a super admin can mark a domain verified without DNS.');
  if (!domain.verifiedAt) {
    if (!force && !(await hasVerificationRecord(ctx.config, domain.domain, domain.verificationToken))) {
      throw new AppError(
        'unprocessable',
        'txt_record_missing',
        `The TXT record ${SSO_TXT_PREFIX}${domain.verificationToken} was not found on ${domain.domain}. DNS changes can take a while to show; try again later.`,
      );
    }
    const [taken] = await ctx.db
      .select({ id: ssoDomains.id })
      .from(ssoDomains)
      .where(
        and(
          eq(ssoDomains.domain, domain.domain),
          isNotNull(ssoDomains.verifiedAt),
          ne(ssoDomains.id, domain.id),
        ),
      );
    if (taken) throw conflict(`${domain.domain} is already used by another connection.`, 'domain_taken');
    await ctx.db.update(ssoDomains).set({ verifiedAt: new Date() }).where(eq(ssoDomains.id, domain.id));
    const sessions = await endSessionsOutsideSso(ctx.db, connection.id);
    await auditSso(ctx.db, connection.id, actor, 'sso_domain_verified', {
      details: { domain: domain.domain, without_dns: force, ...(sessions > 0 && { sessions }) },
    });
  }
  return toDto(ctx, connection);
}

export async function removeDomain(
  ctx: AppContext,
  viewer: UserRow,
  ids: { connectionId: number; domainId: number },
  actor: AuditActor,
) {
  const { connection, domain } = await managedDomain(ctx, viewer, ids.connectionId, ids.domainId);
  await ctx.db.delete(ssoDomains).where(eq(ssoDomains.id, domain.id));
  await auditSso(ctx.db, connection.id, actor, 'sso_domain_removed', { details: { domain: domain.domain } });
  return toDto(ctx, connection);
}

/** Maps a group to a role in a project: the super admin's any project, anyone else's only those they own. */
export async function addMapping(
  ctx: AppContext,
  viewer: UserRow,
  connectionId: number,
  input: { group_name: string; project_id: number; role: MemberRole },
  actor: AuditActor,
) {
  const connection = await managedConnection(ctx, viewer, connectionId);
  const [project] = await ctx.db
    .select({ id: projects.id, role: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, viewer.id)),
    )
    .where(eq(projects.id, input.project_id));
  if (!project || (!viewer.isSuperAdmin && project.role === null)) throw notFound('Project not found.');
  if (!viewer.isSuperAdmin && project.role !== 'owner') {
    throw forbidden('Groups can be mapped only to projects you own.', 'not_project_owner');
  }
  const inserted = await ctx.db
    .insert(ssoGroupMappings)
    .values({ connectionId, groupName: input.group_name, projectId: input.project_id, role: input.role })
    .onConflictDoNothing()
    .returning({ id: ssoGroupMappings.id });
  if (!inserted.length) throw conflict('This group is already mapped to this project.', 'mapping_exists');
  await auditSso(ctx.db, connectionId, actor, 'sso_group_mapping_added', {
    details: { group: input.group_name, role: input.role },
  });
  return toDto(ctx, connection);
}

export async function removeMapping(
  ctx: AppContext,
  viewer: UserRow,
  ids: { connectionId: number; mappingId: number },
  actor: AuditActor,
) {
  const connection = await managedConnection(ctx, viewer, ids.connectionId);
  const [removed] = await ctx.db
    .delete(ssoGroupMappings)
    .where(and(eq(ssoGroupMappings.id, ids.mappingId), eq(ssoGroupMappings.connectionId, ids.connectionId)))
    .returning({
      id: ssoGroupMappings.id,
      projectId: ssoGroupMappings.projectId,
      group: ssoGroupMappings.groupName,
      role: ssoGroupMappings.role,
    });
  if (!removed) throw notFound('Mapping not found.');
  await auditSso(ctx.db, ids.connectionId, actor, 'sso_group_mapping_removed', {
    details: { group: removed.group, role: removed.role },
    projectIds: [removed.projectId],
  });
  return toDto(ctx, connection);
}

async function toDto(ctx: AppContext, row: SsoConnectionRow): Promise<SsoConnection> {
  const [domains, mappings, owner] = await Promise.all([
    ctx.db.select().from(ssoDomains).where(eq(ssoDomains.connectionId, row.id)).orderBy(asc(ssoDomains.id)),
    ctx.db
      .select({
        id: ssoGroupMappings.id,
        group_name: ssoGroupMappings.groupName,
        project_id: ssoGroupMappings.projectId,
        project_name: projects.name,
        role: ssoGroupMappings.role,
      })
      .from(ssoGroupMappings)
      .innerJoin(projects, eq(projects.id, ssoGroupMappings.projectId))
      .where(eq(ssoGroupMappings.connectionId, row.id))
      .orderBy(asc(ssoGroupMappings.id)),
    row.ownerUserId === null
      ? []
      : ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.ownerUserId)),
  ]);
  const urls = ssoUrls(ctx, row);
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    enabled: row.enabled,
    require_sso: row.requireSso,
    owner_email: owner[0]?.email ?? null,
    oidc_issuer: row.oidcIssuer,
    oidc_client_id: row.oidcClientId,
    has_client_secret: row.oidcClientSecretEncrypted !== null,
    saml_metadata_url: row.samlMetadataUrl,
    saml_idp_entity_id: row.samlIdpEntityId,
    saml_idp_sso_url: row.samlIdpSsoUrl,
    groups_attribute: row.groupsAttribute ?? SSO_DEFAULT_GROUPS_ATTRIBUTE,
    redirect_uri: row.protocol === 'oidc' ? urls.oidcRedirectUri : urls.acsUrl,
    sp_entity_id: urls.spEntityId,
    sp_metadata_url: urls.spMetadataUrl,
    domains: domains.map((domain) => ({
      id: domain.id,
      domain: domain.domain,
      txt_record: `${SSO_TXT_PREFIX}${domain.verificationToken}`,
      verified_at: domain.verifiedAt?.toISOString() ?? null,
    })),
    mappings,
  };
}
