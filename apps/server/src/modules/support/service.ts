import {
  SUPPORT_TEXTS,
  type SupportAccess,
  type SupportAccessUnit,
  supportAccessHours,
  type UserRole,
} from '@parley/contracts';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { projects, supportAudit, supportGrants, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { activeGrantCondition } from '../projects/support-grants.ts';
import { hasSecondFactor, secondFactorOn } from '../two-factor/factors.ts';
import type { UserRow } from '../users/dto.ts';

const granter = alias(users, 'granter');

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The project's current grant, or the last one (inactive), or none. */
export async function supportAccessStatus(ctx: AppContext, projectId: number): Promise<SupportAccess> {
  const [row] = await ctx.db
    .select({
      grant: supportGrants,
      by: { id: granter.id, name: granter.name, email: granter.email },
      active: sql<boolean>`(${supportGrants.revokedAt} IS NULL AND ${supportGrants.expiresAt} > now())`,
    })
    .from(supportGrants)
    .leftJoin(granter, eq(granter.id, supportGrants.grantedBy))
    .where(eq(supportGrants.projectId, projectId))
    .orderBy(desc(supportGrants.createdAt), desc(supportGrants.id))
    .limit(1);
  if (!row) return { active: false, expires_at: null, granted_at: null, granted_by: null, revoked_at: null };
  return {
    active: row.active,
    expires_at: iso(row.grant.expiresAt),
    granted_at: iso(row.grant.createdAt),
    granted_by: row.by?.id ? row.by : null,
    revoked_at: iso(row.grant.revokedAt),
  };
}

/** Ends the running grant (if any) and starts one of `duration` hours or days (at most 30 days). */
export async function grantSupportAccess(
  ctx: AppContext,
  access: ProjectAccess,
  by: UserRow,
  duration: number,
  unit: SupportAccessUnit,
): Promise<SupportAccess> {
  const hours = supportAccessHours(duration, unit);
  if (hours === null) throw badRequest(SUPPORT_TEXTS.invalidDuration, 'invalid_duration');
  const projectId = access.project.id;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(supportGrants)
      .set({ revokedAt: new Date(), revokedBy: by.id })
      .where(and(eq(supportGrants.projectId, projectId), activeGrantCondition));
    await tx.insert(supportGrants).values({
      projectId,
      grantedBy: by.id,
      expiresAt: sql`now() + make_interval(hours => ${hours})`,
    });
  });
  ctx.logger.info({ projectId, userId: by.id, hours }, 'Support access granted');
  return supportAccessStatus(ctx, projectId);
}

/** Ends support access at once. */
export async function revokeSupportAccess(
  ctx: AppContext,
  access: ProjectAccess,
  by: UserRow,
): Promise<SupportAccess> {
  await ctx.db
    .update(supportGrants)
    .set({ revokedAt: new Date(), revokedBy: by.id })
    .where(and(eq(supportGrants.projectId, access.project.id), activeGrantCondition));
  ctx.logger.info({ projectId: access.project.id, userId: by.id }, 'Support access revoked');
  return supportAccessStatus(ctx, access.project.id);
}

/** A page of the project's support audit, newest first. */
export async function supportAuditPage(
  ctx: AppContext,
  access: ProjectAccess,
  page: number,
  pageSize: number,
) {
  const where = eq(supportAudit.projectId, access.project.id);
  const [counted] = await ctx.db.select({ total: count() }).from(supportAudit).where(where);
  const rows = await ctx.db
    .select({ entry: supportAudit, name: users.name, email: users.email })
    .from(supportAudit)
    .leftJoin(users, eq(users.id, supportAudit.userId))
    .where(where)
    .orderBy(desc(supportAudit.createdAt), desc(supportAudit.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ entry, name, email }) => ({
      id: entry.id,
      user_id: entry.userId,
      user_name: name,
      user_email: email,
      method: entry.method,
      path: entry.path,
      allowed: entry.allowed,
      created_at: entry.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

/** The projects support staff can read now (running grants), soonest expiry first. Support staff and super admins. */
export async function supportProjects(ctx: AppContext, user: UserRow) {
  if (user.role !== 'support' && !user.isSuperAdmin) throw forbidden(SUPPORT_TEXTS.supportOnly);
  const rows = await ctx.db
    .select({
      project: {
        id: projects.id,
        name: projects.name,
        description: projects.description,
        timezone: projects.timezone,
      },
      grant: { createdAt: supportGrants.createdAt, expiresAt: supportGrants.expiresAt },
      by: { id: granter.id, name: granter.name, email: granter.email },
    })
    .from(supportGrants)
    .innerJoin(projects, eq(projects.id, supportGrants.projectId))
    .leftJoin(granter, eq(granter.id, supportGrants.grantedBy))
    .where(activeGrantCondition)
    .orderBy(asc(supportGrants.expiresAt), asc(projects.name));
  return rows.map(({ project, grant, by }) => ({
    ...project,
    granted_at: grant.createdAt.toISOString(),
    expires_at: grant.expiresAt.toISOString(),
    granted_by: by?.id ? by : null,
  }));
}

// ---------- super admin: account roles ----------

export function toAdminUserDto(row: UserRow, twoFactorEnabled: boolean) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    is_super_admin: row.isSuperAdmin,
    created_at: row.createdAt.toISOString(),
    two_factor_enabled: twoFactorEnabled,
  };
}

/** Accounts, by email (at most 200), optionally filtered by a search in name or email and by role. */
export async function listUsers(
  ctx: AppContext,
  query: { q?: string | undefined; role?: UserRole | undefined },
) {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({ user: users, twoFactor: secondFactorOn(users.id) })
    .from(users)
    .where(
      and(
        pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
        query.role ? eq(users.role, query.role) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(200);
  return rows.map((row) => toAdminUserDto(row.user, row.twoFactor));
}

/** Sets an account's role (user or support). */
export async function setUserRole(ctx: AppContext, by: UserRow, userId: number, role: UserRole) {
  const [row] = await ctx.db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound(SUPPORT_TEXTS.userNotFound);
  ctx.logger.info({ userId, role, by: by.id }, 'Account role changed');
  return toAdminUserDto(row, await hasSecondFactor(ctx.db, userId));
}
