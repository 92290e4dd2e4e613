import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  projectMembers,
  scimGroupMembers,
  scimGroups,
  ssoDomains,
  ssoIdentities,
  users,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuditActor } from '../audit/record.ts';
import { auditSso } from '../sso/audit.ts';
import { syncGroupMemberships } from '../sso/group-roles.ts';
import { setAccountActive } from '../users/activation.ts';
import type { EqualityFilter } from './filter.ts';
import { SCHEMA, ScimError, scimNotFound } from './protocol.ts';
import { accountEmail, attributesOf, NAME_MAX, type UserAttributes } from './user-attributes.ts';

/**
 * A SCIM User is the sso_identities row SCIM made for an account: its subject is the SCIM id (a UUID), and it
 * keeps the IdP's userName and externalId. A token sees only its own connection's rows.
 */
const scimUserColumns = {
  id: ssoIdentities.subject,
  userId: ssoIdentities.userId,
  userName: ssoIdentities.scimUserName,
  externalId: ssoIdentities.scimExternalId,
  createdAt: ssoIdentities.createdAt,
  updatedAt: ssoIdentities.updatedAt,
  email: users.email,
  name: users.name,
  deactivatedAt: users.deactivatedAt,
  accountUpdatedAt: users.updatedAt,
};

type ScimUserRow = {
  id: string;
  userId: number;
  userName: string | null;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  email: string;
  name: string;
  deactivatedAt: Date | null;
  accountUpdatedAt: Date;
};

export type UserFilter = EqualityFilter<'userName' | 'externalId'>;

const DUPLICATE_USER = 'A user with this userName or email already exists.';
const uniqueness = (message: string) => new ScimError(409, message, 'uniqueness');

function ofConnection(connectionId: number) {
  return and(eq(ssoIdentities.connectionId, connectionId), isNotNull(ssoIdentities.scimUserName));
}

function selectUsers(db: Executor) {
  return db.select(scimUserColumns).from(ssoIdentities).innerJoin(users, eq(users.id, ssoIdentities.userId));
}

async function findUser(db: Executor, connectionId: number, id: string): Promise<ScimUserRow> {
  const [row] = await selectUsers(db).where(and(ofConnection(connectionId), eq(ssoIdentities.subject, id)));
  if (!row) throw scimNotFound('User', id);
  return row;
}

/** The SCIM groups (of this connection) the users belong to: user id → groups. */
async function groupsOf(db: Executor, connectionId: number, userIds: number[]) {
  const groups = new Map<number, Array<{ value: string; display: string }>>();
  if (userIds.length === 0) return groups;
  const rows = await db
    .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroups.connectionId, connectionId), inArray(scimGroupMembers.userId, userIds)))
    .orderBy(asc(scimGroups.displayName));
  for (const row of rows) {
    const list = groups.get(row.userId) ?? [];
    list.push({ value: row.id, display: row.displayName });
    groups.set(row.userId, list);
  }
  return groups;
}

function toScimUser(baseUrl: string, row: ScimUserRow, groups: Array<{ value: string; display: string }>) {
  const lastModified = row.updatedAt > row.accountUpdatedAt ? row.updatedAt : row.accountUpdatedAt;
  return {
    schemas: [SCHEMA.user],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.userName!,
    name: { formatted: row.name },
    displayName: row.name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deactivatedAt === null,
    groups,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: lastModified.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

export type ScimUser = ReturnType<typeof toScimUser>;

async function present(db: Executor, baseUrl: string, connectionId: number, row: ScimUserRow) {
  const groups = await groupsOf(db, connectionId, [row.userId]);
  return toScimUser(baseUrl, row, groups.get(row.userId) ?? []);
}

export async function listUsers(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  filter: UserFilter | null,
  page: { startIndex: number; count: number },
) {
  const where = and(
    ofConnection(connectionId),
    filter?.attribute === 'userName'
      ? sql`lower(${ssoIdentities.scimUserName}) = lower(${filter.value})`
      : undefined,
    filter?.attribute === 'externalId' ? eq(ssoIdentities.scimExternalId, filter.value) : undefined,
  );
  const [total] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(ssoIdentities).where(where);
  const rows =
    page.count === 0
      ? []
      : await selectUsers(ctx.db)
          .where(where)
          .orderBy(asc(ssoIdentities.createdAt), asc(ssoIdentities.subject))
          .limit(page.count)
          .offset(page.startIndex - 1);
  const groups = await groupsOf(
    ctx.db,
    connectionId,
    rows.map((row) => row.userId),
  );
  return {
    total: total?.count ?? 0,
    resources: rows.map((row) => toScimUser(baseUrl, row, groups.get(row.userId) ?? [])),
  };
}

export async function getUser(ctx: AppContext, baseUrl: string, connectionId: number, id: string) {
  return present(ctx.db, baseUrl, connectionId, await findUser(ctx.db, connectionId, id));
}

/** Whether the connection has proven the domain of `email` (its accounts are the organisation's). */
async function ownsDomain(db: Executor, connectionId: number, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.connectionId, connectionId),
        eq(ssoDomains.domain, domain),
        isNotNull(ssoDomains.verifiedAt),
      ),
    );
  return row !== undefined;
}

/**
 * The account a new SCIM user is: a new one (confirmed, no password: it signs in through the connection), or
 * the existing account with its email when the connection has proven that email's domain; else 409.
 */
async function accountFor(tx: Executor, connectionId: number, attributes: UserAttributes): Promise<number> {
  const email = accountEmail(attributes);
  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  if (!existing) {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        name: attributes.name.slice(0, NAME_MAX),
        passwordHash: null,
        emailConfirmedAt: new Date(),
      })
      .returning({ id: users.id });
    return created!.id;
  }
  if (existing.isSuperAdmin || !(await ownsDomain(tx, connectionId, email)))
    throw uniqueness(
      `An account with the email ${email} already exists; it can be linked only when the connection has proven the domain.`,
    );
  const [linked] = await tx
    .select({ id: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(ofConnection(connectionId), eq(ssoIdentities.userId, existing.id)));
  if (linked) throw uniqueness(`The account with the email ${email} is already provisioned.`);
  return existing.id;
}

/** The memberships a user's SCIM groups map to (sso_group_mappings), kept on their identity too. */
export async function syncUserGroups(tx: Executor, connectionId: number, userId: number): Promise<void> {
  const groups = await groupsOf(tx, connectionId, [userId]);
  const names = (groups.get(userId) ?? []).map((group) => group.display);
  await tx
    .update(ssoIdentities)
    .set({ groups: names.join('\n') })
    .where(and(ofConnection(connectionId), eq(ssoIdentities.userId, userId)));
  await syncGroupMemberships(tx, connectionId, userId, names);
}

/**
 * Activates or deactivates a provisioned account (`setAccountActive`); a change is recorded in the trail of the
 * account's projects and the connection's.
 */
async function setActive(
  tx: Executor,
  connectionId: number,
  userId: number,
  active: boolean,
  actor: AuditActor,
): Promise<void> {
  const [before] = await tx
    .select({ deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId));
  await setAccountActive(tx, userId, active);
  if (!before || (before.deactivatedAt === null) === active) return;
  const memberships = await tx
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  await auditSso(tx, connectionId, actor, active ? 'scim_user_reactivated' : 'scim_user_deactivated', {
    targetId: userId,
    projectIds: memberships.map((row) => row.projectId),
  });
}

/** Runs `work` in a transaction; a unique index that refuses it (a race the checks lost) answers 409 uniqueness. */
export async function uniquely<T>(
  ctx: AppContext,
  message: string,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw uniqueness(message);
    throw error;
  }
}

export async function createUser(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  attributes: UserAttributes,
  actor: AuditActor,
) {
  return uniquely(ctx, DUPLICATE_USER, async (tx) => {
    const [taken] = await tx
      .select({ id: ssoIdentities.subject })
      .from(ssoIdentities)
      .where(
        and(
          ofConnection(connectionId),
          sql`lower(${ssoIdentities.scimUserName}) = lower(${attributes.userName})`,
        ),
      );
    if (taken) throw uniqueness(`A user with the userName ${attributes.userName} already exists.`);
    const userId = await accountFor(tx, connectionId, attributes);
    const id = randomUUID();
    await tx.insert(ssoIdentities).values({
      connectionId,
      subject: id,
      userId,
      scimUserName: attributes.userName,
      scimExternalId: attributes.externalId,
    });
    await setActive(tx, connectionId, userId, attributes.active, actor);
    await syncUserGroups(tx, connectionId, userId);
    return present(tx, baseUrl, connectionId, await findUser(tx, connectionId, id));
  });
}

export function currentAttributes(row: ScimUserRow): UserAttributes {
  return attributesOf({
    userName: row.userName!,
    externalId: row.externalId,
    name: row.name,
    email: row.email,
    active: row.deactivatedAt === null,
  });
}

/** PUT and PATCH: `change` gives the new attributes from the current ones. */
export async function updateUser(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  id: string,
  change: (current: UserAttributes) => UserAttributes,
  actor: AuditActor,
) {
  return uniquely(ctx, DUPLICATE_USER, async (tx) => {
    const row = await findUser(tx, connectionId, id);
    const attributes = change(currentAttributes(row));
    const email = accountEmail(attributes);
    if (email !== row.email || attributes.name !== row.name) {
      const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (other && other.id !== row.userId) throw uniqueness(`Another account has the email ${email}.`);
      await tx
        .update(users)
        .set({ email, name: attributes.name.slice(0, NAME_MAX), updatedAt: new Date() })
        .where(eq(users.id, row.userId));
    }
    await tx
      .update(ssoIdentities)
      .set({
        scimUserName: attributes.userName,
        scimExternalId: attributes.externalId,
        updatedAt: new Date(),
      })
      .where(and(ofConnection(connectionId), eq(ssoIdentities.subject, id)));
    await setActive(tx, connectionId, row.userId, attributes.active, actor);
    return present(tx, baseUrl, connectionId, await findUser(tx, connectionId, id));
  });
}

/**
 * DELETE: the account is deactivated and no longer provisioned by this connection (a later GET answers 404);
 * its analyses, memberships and audit trail stay.
 */
export async function deleteUser(
  ctx: AppContext,
  connectionId: number,
  id: string,
  actor: AuditActor,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findUser(tx, connectionId, id);
    await setActive(tx, connectionId, row.userId, false, actor);
    await tx
      .delete(scimGroupMembers)
      .where(
        and(
          eq(scimGroupMembers.userId, row.userId),
          sql`${scimGroupMembers.groupId} IN (SELECT id FROM scim_groups WHERE connection_id = ${connectionId})`,
        ),
      );
    await tx.delete(ssoIdentities).where(and(ofConnection(connectionId), eq(ssoIdentities.subject, id)));
  });
}

/**
 * The accounts of SCIM users (this connection's) with these SCIM ids; unknown ids answer 400, unless they are
 * being removed (a user deleted before it left its groups).
 */
export async function accountsOf(
  tx: Executor,
  connectionId: number,
  ids: string[],
  skipUnknown = false,
): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await tx
          .select({ id: ssoIdentities.subject, userId: ssoIdentities.userId })
          .from(ssoIdentities)
          .where(and(ofConnection(connectionId), inArray(ssoIdentities.subject, unique)));
  const found = new Map(rows.map((row) => [row.id, row.userId]));
  const unknown = unique.find((id) => !found.has(id));
  if (unknown !== undefined && !skipUnknown)
    throw new ScimError(400, `No user ${unknown.slice(0, 64)} to add to the group.`, 'invalidValue');
  return found;
}
