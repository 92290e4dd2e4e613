import {
  type AdminInvoice,
  fromMicros,
  fromMilliUnits,
  type Invoice,
  type TariffPlan,
  type UnitBundle,
} from '@parley/contracts';
import type { invoices, tariffPlans, unitBundles } from '../../db/schema/index.ts';

export type TariffPlanRow = typeof tariffPlans.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type BundleRow = typeof unitBundles.$inferSelect;

export function toTariffPlanDto(row: TariffPlanRow): TariffPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromMicros(row.priceMicros),
    price_per_minute: fromMicros(row.pricePerUnitMicros),
    included_minutes: fromMilliUnits(row.includedUnitsMilli),
    validity_period: row.validityDays,
    is_default: row.isDefault,
    public: row.isPublic,
    currency: row.currency,
  };
}

export function toInvoiceDto(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    project_id: row.projectId,
    amount: fromMicros(row.amountMicros),
    currency: row.currency,
    description: row.description,
    process_date: row.processDate.toISOString(),
    minutes_used: fromMilliUnits(row.minutesMilli),
    unit_amount: fromMilliUnits(row.unitsMilli),
    free_units: fromMilliUnits(row.freeUnitsMilli),
    type: row.type,
    status: row.status,
    reference: row.reference,
    reference_id: row.referenceId,
    approval_required: row.approvalRequired,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAdminInvoiceDto(
  row: InvoiceRow,
  projectName: string,
  projectDeletedAt: Date | null,
  createdByEmail: string | null,
): AdminInvoice {
  return {
    ...toInvoiceDto(row),
    project_name: projectName,
    project_deleted_at: projectDeletedAt?.toISOString() ?? null,
    created_by_email: createdByEmail,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  };
}

export function toBundleDto(row: BundleRow): UnitBundle {
  return {
    id: row.id,
    left_amount: fromMilliUnits(row.leftMilli),
    included_amount: fromMilliUnits(row.includedMilli),
    expire: row.expiresAt?.toISOString() ?? null,
    free: row.isFree,
    created_at: row.createdAt.toISOString(),
    tariff_plan: { id: row.tariffPlanId, name: row.planName },
  };
}
