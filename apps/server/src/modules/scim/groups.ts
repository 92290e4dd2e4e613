import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { scimGroupMembers, scimGroups, ssoIdentities } from '../../db/schema/index.ts';
import { type EqualityFilter, memberValuePath } from './filter.ts';
import { invalidSyntax, invalidValue, SCHEMA, ScimError, scimNotFound } from './protocol.ts';
import type { PatchOperation } from './user-attributes.ts';
import { accountsOf, syncUserGroups, uniquely } from './users.ts';

/**
 * SCIM Groups of a connection. A group's displayName is a group name of the connection's role mappings: every
 * change of a group's members or name makes its members' IdP-granted project roles match (syncUserGroups).
 */
export type GroupFilter = EqualityFilter<'displayName' | 'externalId'>;

type GroupRow = typeof scimGroups.$inferSelect;

/**
 * Members one request may name: each one that joins or leaves is a role sync of its own within the request's
 * transaction, so a request's work stays bounded (identity providers send member changes in batches).
 */
const MAX_MEMBERS = 1000;
const MAX_TEXT = 256;

const DUPLICATE_GROUP = 'A group with this displayName already exists.';

const MemberList = z.array(z.looseObject({ value: z.string().max(MAX_TEXT) })).max(MAX_MEMBERS);

function memberIds(value: unknown): string[] {
  const parsed = MemberList.safeParse(value);
  if (!parsed.success) throw invalidValue(`members must be a list of at most ${MAX_MEMBERS} { value }.`);
  return parsed.data.map((member) => member.value);
}

function displayNameOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || value.length > MAX_TEXT)
    throw invalidValue(`displayName must be a text of 1 to ${MAX_TEXT} characters.`);
  return value.trim();
}

function externalIdOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > MAX_TEXT)
    throw invalidValue('externalId must be a short text.');
  return value;
}

async function findGroup(db: Executor, connectionId: number, id: string): Promise<GroupRow> {
  // A SCIM id that is no UUID names no group (and must not reach a uuid comparison).
  const uuid = z.uuid().safeParse(id);
  const [row] = uuid.success
    ? await db
        .select()
        .from(scimGroups)
        .where(and(eq(scimGroups.connectionId, connectionId), eq(scimGroups.id, uuid.data)))
    : [];
  if (!row) throw scimNotFound('Group', id);
  return row;
}

async function membersOf(db: Executor, groupIds: string[]) {
  const members = new Map<string, Array<{ value: string; display: string }>>();
  if (groupIds.length === 0) return members;
  const rows = await db
    .select({
      groupId: scimGroupMembers.groupId,
      id: ssoIdentities.subject,
      display: ssoIdentities.scimUserName,
    })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .innerJoin(
      ssoIdentities,
      and(
        eq(ssoIdentities.userId, scimGroupMembers.userId),
        eq(ssoIdentities.connectionId, scimGroups.connectionId),
        sql`${ssoIdentities.scimUserName} IS NOT NULL`,
      ),
    )
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(ssoIdentities.scimUserName));
  for (const row of rows) {
    const list = members.get(row.groupId) ?? [];
    list.push({ value: row.id, display: row.display ?? '' });
    members.set(row.groupId, list);
  }
  return members;
}

function toScimGroup(
  baseUrl: string,
  row: GroupRow,
  members: Array<{ value: string; display: string }> | null,
) {
  return {
    schemas: [SCHEMA.group],
    id: row.id,
    displayName: row.displayName,
    ...(row.externalId !== null && { externalId: row.externalId }),
    ...(members && { members }),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${row.id}`,
    },
  };
}

async function present(db: Executor, baseUrl: string, row: GroupRow) {
  const members = await membersOf(db, [row.id]);
  return toScimGroup(baseUrl, row, members.get(row.id) ?? []);
}

export async function listGroups(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  filter: GroupFilter | null,
  page: { startIndex: number; count: number },
  /** `excludedAttributes=members` (Entra, Okta): the list without its members. */
  withMembers: boolean,
) {
  const where = and(
    eq(scimGroups.connectionId, connectionId),
    filter?.attribute === 'displayName'
      ? sql`lower(${scimGroups.displayName}) = lower(${filter.value})`
      : undefined,
    filter?.attribute === 'externalId' ? eq(scimGroups.externalId, filter.value) : undefined,
  );
  const [total] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(scimGroups).where(where);
  const rows =
    page.count === 0
      ? []
      : await ctx.db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .limit(page.count)
          .offset(page.startIndex - 1);
  const members = withMembers
    ? await membersOf(
        ctx.db,
        rows.map((row) => row.id),
      )
    : null;
  return {
    total: total?.count ?? 0,
    resources: rows.map((row) => toScimGroup(baseUrl, row, members ? (members.get(row.id) ?? []) : null)),
  };
}

export async function getGroup(ctx: AppContext, baseUrl: string, connectionId: number, id: string) {
  return present(ctx.db, baseUrl, await findGroup(ctx.db, connectionId, id));
}

/** Sets the group's members to `userIds` and brings the roles of everyone who joined or left up to date. */
async function setMembers(tx: Executor, connectionId: number, groupId: string, userIds: Set<number>) {
  const current = await tx
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, groupId));
  const before = new Set(current.map((row) => row.userId));
  const joined = [...userIds].filter((id) => !before.has(id));
  const left = [...before].filter((id) => !userIds.has(id));
  if (joined.length > 0)
    await tx
      .insert(scimGroupMembers)
      .values(joined.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
  if (left.length > 0)
    await tx
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, left)));
  await syncUsers(tx, connectionId, [...joined, ...left]);
}

async function syncUsers(tx: Executor, connectionId: number, userIds: Iterable<number>) {
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b))
    await syncUserGroups(tx, connectionId, userId);
}

function groupBody(body: unknown): { displayName: string; externalId: string | null; members: string[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidSyntax('The body must be a SCIM Group object.');
  const fields = body as Record<string, unknown>;
  return {
    displayName: displayNameOf(fields.displayName),
    externalId: externalIdOf(fields.externalId),
    members: fields.members === undefined ? [] : memberIds(fields.members),
  };
}

export async function createGroup(ctx: AppContext, baseUrl: string, connectionId: number, body: unknown) {
  const input = groupBody(body);
  return uniquely(ctx, DUPLICATE_GROUP, async (tx) => {
    const members = await accountsOf(tx, connectionId, input.members);
    const [row] = await tx
      .insert(scimGroups)
      .values({ connectionId, displayName: input.displayName, externalId: input.externalId })
      .returning();
    await setMembers(tx, connectionId, row!.id, new Set(members.values()));
    return present(tx, baseUrl, row!);
  });
}

export async function replaceGroup(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  id: string,
  body: unknown,
) {
  const input = groupBody(body);
  return uniquely(ctx, DUPLICATE_GROUP, async (tx) => {
    const row = await findGroup(tx, connectionId, id);
    const members = await accountsOf(tx, connectionId, input.members);
    const [updated] = await tx
      .update(scimGroups)
      .set({ displayName: input.displayName, externalId: input.externalId, updatedAt: new Date() })
      .where(eq(scimGroups.id, row.id))
      .returning();
    await setMembers(tx, connectionId, row.id, new Set(members.values()));
    // A new name maps to other roles: those who stayed are brought up to date too.
    if (updated!.displayName !== row.displayName) await syncUsers(tx, connectionId, members.values());
    return present(tx, baseUrl, updated!);
  });
}

/**
 * PATCH (RFC 7644 §3.5.2) in the shapes Okta and Entra send: add/remove/replace of `members` (a list of
 * `{value}`), remove of `members[value eq "id"]`, replace of `displayName`/`externalId` by path or as a value
 * object.
 */
export async function patchGroup(
  ctx: AppContext,
  baseUrl: string,
  connectionId: number,
  id: string,
  operations: PatchOperation[],
) {
  return uniquely(ctx, DUPLICATE_GROUP, async (tx) => {
    const row = await findGroup(tx, connectionId, id);
    const current = await tx
      .select({ userId: scimGroupMembers.userId })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, row.id));
    const members = new Set(current.map((member) => member.userId));
    let { displayName, externalId } = row;
    const set = async (path: string, value: unknown, op: PatchOperation['op']) => {
      const key = path.toLowerCase();
      if (key === 'displayname') displayName = displayNameOf(value);
      else if (key === 'externalid') externalId = op === 'remove' ? null : externalIdOf(value);
      else if (key === 'members') {
        const accounts =
          op === 'remove' && value === undefined
            ? null
            : await accountsOf(tx, connectionId, memberIds(value), op === 'remove');
        if (op === 'replace' || accounts === null) members.clear();
        for (const userId of accounts?.values() ?? []) {
          if (op === 'remove') members.delete(userId);
          else members.add(userId);
        }
      } else {
        const member = memberValuePath(path);
        if (member === null || op !== 'remove')
          throw new ScimError(
            400,
            `The path ${path.slice(0, 64)} is not supported for Groups.`,
            'invalidPath',
          );
        const accounts = await accountsOf(tx, connectionId, [member], true);
        for (const userId of accounts.values()) members.delete(userId);
      }
    };
    for (const operation of operations) {
      if (operation.path) {
        await set(operation.path, operation.value, operation.op);
      } else if (operation.op === 'remove') {
        throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
      } else {
        const value = operation.value;
        if (value === null || typeof value !== 'object' || Array.isArray(value))
          throw invalidValue('An operation without a path needs an object value.');
        for (const [key, item] of Object.entries(value)) {
          // Okta's rename repeats the group's id in the value object.
          if (key.toLowerCase() !== 'id') await set(key, item, operation.op);
        }
      }
    }
    const [updated] = await tx
      .update(scimGroups)
      .set({ displayName, externalId, updatedAt: new Date() })
      .where(eq(scimGroups.id, row.id))
      .returning();
    const before = new Set(current.map((member) => member.userId));
    await setMembers(tx, connectionId, row.id, members);
    if (displayName !== row.displayName)
      await syncUsers(
        tx,
        connectionId,
        [...members].filter((m) => before.has(m)),
      );
    return present(tx, baseUrl, updated!);
  });
}

/** DELETE: the group goes; its members lose the roles only it gave them. */
export async function deleteGroup(ctx: AppContext, connectionId: number, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findGroup(tx, connectionId, id);
    const members = await tx
      .select({ userId: scimGroupMembers.userId })
      .from(scimGroupMembers)
      .where(eq(scimGroupMembers.groupId, row.id));
    await tx.delete(scimGroups).where(eq(scimGroups.id, row.id));
    await syncUsers(
      tx,
      connectionId,
      members.map((member) => member.userId),
    );
  });
}
