import { type AdminProject, fromMicros, fromMilliUnits } from '@parley/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import {
  deletedProjects,
  invoices,
  projects,
  tariffPlans,
  unitBundles,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type InvoiceRow, toAdminInvoiceDto } from './dto.ts';
import { BILLING_TEXTS } from './messages.ts';

/** The super admin's lists: invoices of every project, and every project's billing state. */

/** Also a deleted project's: under the name it had, with the date it was deleted. */
export async function listAdminInvoices(ctx: AppContext, status: InvoiceRow['status'] | undefined) {
  const rows = await ctx.db
    .select({
      invoice: invoices,
      projectName: sql<string>`coalesce(${projects.name}, ${deletedProjects.name})`,
      projectDeletedAt: deletedProjects.deletedAt,
      email: users.email,
    })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .leftJoin(deletedProjects, eq(deletedProjects.id, invoices.projectId))
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(status ? eq(invoices.status, status) : eq(invoices.reference, 'topup'))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(1000);
  return rows.map((row) => toAdminInvoiceDto(row.invoice, row.projectName, row.projectDeletedAt, row.email));
}

/** Every project with its balance, plan, units left and pending top-ups (super admin screen). */
export async function listAdminProjects(ctx: AppContext, projectId?: number): Promise<AdminProject[]> {
  const now = new Date();
  const unitsLeft = sql<string>`(
    SELECT coalesce(sum(${unitBundles.leftMilli}), 0) FROM ${unitBundles}
    WHERE ${unitBundles.projectId} = ${projects.id} AND ${unitBundles.leftMilli} > 0
      AND (${unitBundles.expiresAt} IS NULL OR ${unitBundles.expiresAt} > ${now.toISOString()}::timestamptz)
  )`;
  const pending = sql<number>`(
    SELECT count(*)::int FROM ${invoices}
    WHERE ${invoices.projectId} = ${projects.id} AND ${invoices.status} = 'pending'
  )`;
  const rows = await ctx.db
    .select({ project: projects, planName: tariffPlans.name, unitsLeft, pending })
    .from(projects)
    .leftJoin(tariffPlans, eq(tariffPlans.id, projects.tariffPlanId))
    .where(projectId === undefined ? undefined : eq(projects.id, projectId))
    .orderBy(asc(projects.name), asc(projects.id));
  if (projectId !== undefined && rows.length === 0) throw notFound(BILLING_TEXTS.projectNotFound);
  return rows.map((row) => ({
    id: row.project.id,
    name: row.project.name,
    created_at: row.project.createdAt.toISOString(),
    current_balance: fromMicros(row.project.balanceMicros),
    currency: row.project.currency,
    use_balance_for_analysis: row.project.useBalanceForAnalysis,
    tariff_plan_id: row.project.tariffPlanId,
    tariff_plan_name: row.planName,
    units_left: fromMilliUnits(Number(row.unitsLeft)),
    pending_invoices: Number(row.pending),
  }));
}
