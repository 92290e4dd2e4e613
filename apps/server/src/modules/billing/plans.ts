import {
  type TariffPlan,
  type TariffPlanInput,
  type TariffPlanUpdate,
  toMicros,
  toMilliUnits,
} from '@parley/contracts';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectMembers, projects, tariffPlans } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { requireProjectRole } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { type TariffPlanRow, toTariffPlanDto } from './dto.ts';
import { BILLING_TEXTS } from './messages.ts';

/** Tariff plans: lookups, the plans a user may see, and the super admin's plan editing. */

export async function findPlan(db: Executor, planId: number): Promise<TariffPlanRow | null> {
  const [row] = await db.select().from(tariffPlans).where(eq(tariffPlans.id, planId));
  return row ?? null;
}

export async function requirePlan(db: Executor, planId: number): Promise<TariffPlanRow> {
  const plan = await findPlan(db, planId);
  if (!plan) throw notFound(BILLING_TEXTS.planNotFound);
  return plan;
}

export async function plansByIds(db: Executor, ids: number[]): Promise<Map<number, TariffPlanRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(tariffPlans).where(inArray(tariffPlans.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

const planOrder = [asc(tariffPlans.priceMicros), asc(tariffPlans.id)];

/**
 * Plans a signed-in user may see: the public ones, plus the plan assigned to `projectId` (any member; a
 * non-member gets 404 as everywhere).
 */
export async function listTariffs(
  ctx: AppContext,
  user: UserRow,
  projectId: number | undefined,
): Promise<TariffPlan[]> {
  let assigned: number | null = null;
  if (projectId !== undefined) {
    assigned = (await requireProjectRole(ctx.db, user, projectId, 'user')).project.tariffPlanId;
  }
  const rows = await ctx.db
    .select()
    .from(tariffPlans)
    .where(
      assigned === null
        ? eq(tariffPlans.isPublic, true)
        : or(eq(tariffPlans.isPublic, true), eq(tariffPlans.id, assigned)),
    )
    .orderBy(...planOrder);
  return rows.map(toTariffPlanDto);
}

/** A plan by id: public plans for anyone signed in; a non-public one for members of a project on it. */
export async function getTariff(ctx: AppContext, user: UserRow, planId: number): Promise<TariffPlan> {
  const plan = await requirePlan(ctx.db, planId);
  if (plan.isPublic || user.isSuperAdmin) return toTariffPlanDto(plan);
  const [member] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, user.id)),
    )
    .where(eq(projects.tariffPlanId, plan.id))
    .limit(1);
  if (!member) throw notFound(BILLING_TEXTS.planNotFound);
  return toTariffPlanDto(plan);
}

export async function listAllTariffs(ctx: AppContext): Promise<TariffPlan[]> {
  const rows = await ctx.db
    .select()
    .from(tariffPlans)
    .orderBy(...planOrder);
  return rows.map(toTariffPlanDto);
}

type PlanColumns = Partial<typeof tariffPlans.$inferInsert>;

function planColumns(input: z.infer<typeof TariffPlanUpdate>): PlanColumns {
  const columns: PlanColumns = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description;
  if (input.price !== undefined) columns.priceMicros = toMicros(input.price);
  if (input.price_per_minute !== undefined) columns.pricePerUnitMicros = toMicros(input.price_per_minute);
  if (input.included_minutes !== undefined) columns.includedUnitsMilli = toMilliUnits(input.included_minutes);
  if (input.validity_period !== undefined) columns.validityDays = input.validity_period;
  if (input.is_default !== undefined) columns.isDefault = input.is_default;
  if (input.public !== undefined) columns.isPublic = input.public;
  if (input.currency !== undefined) columns.currency = input.currency;
  return columns;
}

async function withUniquePlanName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'tariff_plans_name_key')) {
      throw conflict(BILLING_TEXTS.planNameTaken, 'plan_name_taken');
    }
    throw error;
  }
}

/** Creates a plan (super admin). Making it the default takes the flag from the previous default. */
export async function createTariff(
  ctx: AppContext,
  input: z.output<typeof TariffPlanInput>,
): Promise<TariffPlan> {
  const columns = planColumns(input) as typeof tariffPlans.$inferInsert;
  const row = await withUniquePlanName(() =>
    ctx.db.transaction(async (tx) => {
      if (columns.isDefault)
        await tx.update(tariffPlans).set({ isDefault: false }).where(eq(tariffPlans.isDefault, true));
      const [created] = await tx.insert(tariffPlans).values(columns).returning();
      return created!;
    }),
  );
  return toTariffPlanDto(row);
}

/** Changes a plan (super admin). Bundles already made keep their units and expiry. */
export async function updateTariff(
  ctx: AppContext,
  planId: number,
  input: z.infer<typeof TariffPlanUpdate>,
): Promise<TariffPlan> {
  const row = await withUniquePlanName(() =>
    ctx.db.transaction(async (tx) => {
      const existing = await requirePlan(tx, planId);
      const columns = planColumns(input);
      if (existing.isDefault && columns.isDefault === false) throw badRequest(BILLING_TEXTS.defaultRequired);
      if (columns.isDefault && !existing.isDefault) {
        await tx.update(tariffPlans).set({ isDefault: false }).where(eq(tariffPlans.isDefault, true));
      }
      const [updated] = await tx
        .update(tariffPlans)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(tariffPlans.id, planId))
        .returning();
      return updated!;
    }),
  );
  return toTariffPlanDto(row);
}
