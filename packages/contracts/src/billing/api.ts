import { z } from 'zod';
import { DAY_MAX, DAY_MIN, dayInRange } from '../dates.ts';
import { Day, decimalNumber, Id, idSchema, wholeNumber } from '../inputs.ts';
import { fromMicros, isMoneyAmount, toMicros, topUpAmountMicros } from './money.ts';
import {
  DEFAULT_INVOICE_PERIOD,
  DEFAULT_SUMMARY_MONTHS,
  INVOICE_PERIODS,
  INVOICE_REFERENCES,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  SUMMARY_MONTHS,
} from './rules.ts';
import { MAX_UNITS } from './units.ts';

// The routes are in ../routes/billing.ts and ../routes/admin.ts. Money in answers: JSON numbers with at most
// 6 decimals (see money.ts); units: JSON numbers with at most 3 decimals.

/** Characters of a money amount's text: 15 whole digits, a point and 6 decimals, with room for a sign and spaces. */
const MONEY_TEXT_MAX = 32;
/** A money amount in a request: a JSON number or decimal string with at most 6 decimals. */
export const MoneyInput = z
  .union([z.number(), z.string().max(MONEY_TEXT_MAX)])
  .refine(isMoneyAmount, { message: 'Please enter an amount with at most 6 decimals.' });
/** A positive money amount in a request (spec 2 §5: 0 or below is an invalid amount). */
export const PositiveMoneyInput = MoneyInput.refine((value) => isMoneyAmount(value) && toMicros(value) > 0, {
  message: 'The amount must be greater than 0.',
});
/** A top-up amount: any decimal above 0, rounded to cents (spec 2 §5); the rounded amount goes on. */
const TopUpAmountInput = z
  .union([z.number(), z.string().max(MONEY_TEXT_MAX)])
  .refine((value) => topUpAmountMicros(value) !== null, {
    message: 'Please enter an amount greater than 0 (it is rounded to cents).',
  })
  .transform((value) => fromMicros(topUpAmountMicros(value)!));
const NonNegativeMoneyInput = MoneyInput.refine((value) => isMoneyAmount(value) && toMicros(value) >= 0, {
  message: 'The amount cannot be negative.',
});
/** Units in a request: a number from 0 to MAX_UNITS with at most 3 decimals. */
const UnitsInput = decimalNumber(0, MAX_UNITS).refine((value) => Number(value.toFixed(3)) === value, {
  message: 'At most 3 decimals.',
});

export const Currency = z
  .string()
  .max(8)
  .trim()
  .regex(/^[A-Z]{3}$/, 'A three-letter currency code such as USD.');

export const TariffPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Purchase cost; 0 means free. */
  price: z.number(),
  /** Rate per unit; 0 means free. */
  price_per_minute: z.number(),
  /** Units granted on purchase (a bundle). */
  included_minutes: z.number(),
  /** Days a bundle of this plan lasts; null means unlimited. */
  validity_period: z.number().int().nullable(),
  is_default: z.boolean(),
  public: z.boolean(),
  currency: z.string(),
});
export type TariffPlan = z.infer<typeof TariffPlan>;

/** Billing fields of GET /projects/{id} (spec 2 §3 Project billing view). */
export const ProjectBillingFields = {
  current_balance: z.number(),
  /** The balance less what analyses in progress hold of it: what new analyses can still use. */
  available_balance: z.number(),
  currency: z.string(),
  use_balance_for_analysis: z.boolean(),
  tariff_plan_id: z.number().int().nullable(),
  tariff_plan: TariffPlan.nullable(),
};

export const UnitBundle = z.object({
  id: z.number().int(),
  left_amount: z.number(),
  included_amount: z.number(),
  /** ISO date-time; null: never expires. */
  expire: z.string().nullable(),
  /** Units of a free or promotional plan. */
  free: z.boolean(),
  created_at: z.string(),
  tariff_plan: z.object({ id: z.number().int().nullable(), name: z.string() }),
});
export type UnitBundle = z.infer<typeof UnitBundle>;
/** Usable bundles (not expired, units left), in the order they are consumed. */
export const UnitBundlesResponse = z.object({ data: z.array(UnitBundle) });

export const Invoice = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  /** Always >= 0; the type says which way it went. */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  process_date: z.string(),
  /** Units of content (audio minutes, 1,000-character blocks) before the prompt's multiplier. */
  minutes_used: z.number(),
  /** Units charged (or granted). */
  unit_amount: z.number(),
  /** Units of unit_amount that came from free bundles. */
  free_units: z.number(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  reference: z.enum(INVOICE_REFERENCES),
  reference_id: z.string().nullable(),
  approval_required: z.boolean(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceResponse = z.object({ data: Invoice });
export const InvoiceListResponse = z.object({ data: z.array(Invoice) });

export const INVOICE_LIST_DEFAULT_LIMIT = 1000;
export const INVOICE_LIST_MAX_LIMIT = 10_000;
export const InvoiceListQuery = z.object({
  period: z.enum(INVOICE_PERIODS).default(DEFAULT_INVOICE_PERIOD),
  /** The newest this many rows of the period. */
  limit: wholeNumber(1, INVOICE_LIST_MAX_LIMIT).default(INVOICE_LIST_DEFAULT_LIMIT),
});

const counts = {
  total_credit: z.number(),
  credit_count: z.number().int(),
  total_debit: z.number(),
  debit_count: z.number().int(),
};
const usage = {
  /** Units used (settled debits). */
  total_minutes: z.number(),
  /** Units used from free or promotional bundles. */
  free_minutes: z.number(),
};

export const MonthlySummaryQuery = z.object({
  months: wholeNumber(Math.min(...SUMMARY_MONTHS), Math.max(...SUMMARY_MONTHS))
    .refine((value) => (SUMMARY_MONTHS as readonly number[]).includes(value), {
      message: `months must be one of ${SUMMARY_MONTHS.join(', ')}.`,
    })
    .default(DEFAULT_SUMMARY_MONTHS),
});
export const MonthSummaryEntry = z.object({ period: z.string(), ...counts, ...usage });
/** Settled transactions of the last `months` months (the current one included), newest month first. */
export const MonthlySummaryResponse = z.object({
  data: z.object({
    total_summary: z.object({ ...counts, ...usage }),
    months: z.array(MonthSummaryEntry),
  }),
});
export type MonthlySummary = z.infer<typeof MonthlySummaryResponse>['data'];

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DailySummaryQuery = z.object({
  month: z
    .string()
    .max('YYYY-MM'.length)
    .regex(monthPattern, 'A month as YYYY-MM.')
    .refine((month) => dayInRange(`${month}-01`), {
      message: `A month from ${DAY_MIN.slice(0, 7)} to ${DAY_MAX.slice(0, 7)}.`,
    }),
});
export const DaySummaryEntry = z.object({ period: z.string(), ...counts, ...usage });
export const DailySummaryResponse = z.object({
  data: z.object({
    month_summary: z.object({ ...usage, ...counts }),
    days: z.array(DaySummaryEntry),
  }),
});
export type DailySummary = z.infer<typeof DailySummaryResponse>['data'];

export const DayDetailsQuery = z.object({ day: Day });
export const DayTransaction = z.object({
  id: z.number().int(),
  process_date: z.string(),
  description: z.string(),
  unit_amount: z.number(),
  minutes_used: z.number(),
  amount: z.number(),
  currency: z.string(),
  type: z.enum(INVOICE_TYPES),
});
export const DayDetailsResponse = z.object({
  data: z.object({ day: z.string(), transactions: z.array(DayTransaction) }),
});

export const CanProcessQuery = z.object({
  units: UnitsInput.refine((value) => value > 0, { message: 'units must be greater than 0.' }).default(1),
});
export const CanProcessResponse = z.object({ data: z.object({ can_process: z.boolean() }) });

export const PurchaseRequest = z.object({
  tariff_id: Id,
  /** Left out: the project keeps its setting. */
  use_balance_for_analysis: z.boolean().optional(),
});
export const PurchaseResponse = z.object({
  data: z.object({
    invoice: Invoice,
    /** The bundle of the plan's included units; null for a plan without included units. */
    bundle: UnitBundle.nullable(),
    tariff_plan: TariffPlan,
    current_balance: z.number(),
    use_balance_for_analysis: z.boolean(),
  }),
});

export const TariffListQuery = z.object({
  /** Adds this project's assigned plan when it is not public (needs membership). */
  project_id: Id.optional(),
});
export const TariffParams = z.object({ id: Id });
export const TariffPlanResponse = z.object({ data: TariffPlan });
export const TariffPlanListResponse = z.object({ data: z.array(TariffPlan) });

/** Top-up request of the add-balance dialog (spec 2 §7); always waits for a super admin. */
export const TopUpRequest = z.object({
  project_id: Id,
  amount: TopUpAmountInput,
  reference_id: z.string().trim().max(200).optional(),
  description: z.string().trim().max(500).optional(),
  type: z.literal('credit').default('credit'),
  approval_required: z.literal(true).default(true),
  status: z.literal('pending').default('pending'),
});

// ---------- super admin ----------

export const AdminInvoice = Invoice.extend({
  /** The project's name; a deleted project's as it was at deletion. */
  project_name: z.string(),
  /** When the project was deleted (its billing records stay); null while it exists. */
  project_deleted_at: z.string().nullable(),
  created_by_email: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof AdminInvoice>;
export const AdminInvoiceListQuery = z.object({ status: z.enum(INVOICE_STATUSES).optional() });
export const AdminInvoiceListResponse = z.object({ data: z.array(AdminInvoice) });
export const InvoiceParams = z.object({ invoiceId: idSchema(Number.MAX_SAFE_INTEGER) });
export const RejectInvoiceRequest = z.object({ reason: z.string().trim().max(500).optional() }).default({});

const tariffFields = {
  name: z.string().trim().min(1, 'The plan needs a name.').max(120),
  description: z.string().trim().max(2000),
  price: NonNegativeMoneyInput,
  price_per_minute: NonNegativeMoneyInput,
  included_minutes: UnitsInput,
  validity_period: z.number().int().min(1).max(36_500).nullable(),
  is_default: z.boolean(),
  public: z.boolean(),
  currency: Currency,
};
export const TariffPlanInput = z.object({
  ...tariffFields,
  description: tariffFields.description.default(''),
  included_minutes: tariffFields.included_minutes.default(0),
  validity_period: tariffFields.validity_period.default(null),
  is_default: tariffFields.is_default.default(false),
  public: tariffFields.public.default(true),
  currency: tariffFields.currency.default('USD'),
});
export type TariffPlanInput = z.input<typeof TariffPlanInput>;
export const TariffPlanUpdate = z.object(tariffFields).partial();
export const AdminTariffParams = z.object({ tariffId: Id });

export const AssignTariffRequest = z.object({ tariff_id: Id });
export const AdjustmentRequest = z.object({
  type: z.enum(INVOICE_TYPES),
  amount: PositiveMoneyInput,
  reason: z.string().trim().min(1, 'Please give a reason.').max(500),
});

export const AdminProject = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  current_balance: z.number(),
  currency: z.string(),
  use_balance_for_analysis: z.boolean(),
  tariff_plan_id: z.number().int().nullable(),
  tariff_plan_name: z.string().nullable(),
  /** Units left in usable bundles. */
  units_left: z.number(),
  pending_invoices: z.number().int(),
});
export type AdminProject = z.infer<typeof AdminProject>;
export const AdminProjectResponse = z.object({ data: AdminProject });
export const AdminProjectListResponse = z.object({ data: z.array(AdminProject) });
