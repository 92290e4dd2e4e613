import { unitsPriceMicros } from './money.ts';
import { type MilliUnits, milliUnits, toMilliUnits } from './units.ts';

/** Billing constants of spec 2 §2.1, §9. */
export const BILLING = {
  /** A balance below this is 'low' (red styling and a warning). */
  lowBalanceThreshold: 5,
  /** Base rate per unit shown before the plan is known, and the rate of a project without a plan. */
  defaultRatePerUnit: 0.05,
  defaultRatePerUnitMicros: 50_000,
  /** Initial rate state of the balance card before anything has loaded. */
  initialRateState: 1e-4,
  defaultCurrency: 'USD',
  invoicePageSizes: [5, 10, 25, 50] as const,
  defaultInvoicePageSize: 10,
  /** The balance card refreshes this long after another tab reports an approved invoice. */
  approvalRefreshDelayMs: 500,
  /** Top-up requests carry reference_id = this prefix + a timestamp. */
  topUpReferencePrefix: 'manual_',
  /** Units asked for by the pre-upload check (spec 1 §5). */
  preUploadUnits: 1,
} as const;

/**
 * What every check before an analysis asks the balance to cover: one unit (spec 1 §5, §7), at the upload,
 * the bulk upload, a retry and the start of the pipeline.
 */
export const ANALYSIS_CHECK_UNITS = toMilliUnits(BILLING.preUploadUnits);

export const INVOICE_PERIODS = ['last7days', 'last30days', 'thismonth', 'lastmonth', 'all'] as const;
export type InvoicePeriod = (typeof INVOICE_PERIODS)[number];
export const DEFAULT_INVOICE_PERIOD: InvoicePeriod = 'last30days';

export const SUMMARY_MONTHS = [3, 6, 12, 24] as const;
export type SummaryMonths = (typeof SUMMARY_MONTHS)[number];
export const DEFAULT_SUMMARY_MONTHS: SummaryMonths = 12;

export const INVOICE_TYPES = ['credit', 'debit'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/** pending: waits for a super admin (top-ups); settled: counts in the balance; rejected: never counts. */
export const INVOICE_STATUSES = ['pending', 'settled', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What a ledger row is for; reference_id then names the task, plan or request. */
export const INVOICE_REFERENCES = ['topup', 'analysis', 'purchase', 'adjustment'] as const;
export type InvoiceReference = (typeof INVOICE_REFERENCES)[number];

/** Low balance: below 5 (spec 2 §4, §9). */
export function isLowBalance(balance: number): boolean {
  return balance < BILLING.lowBalanceThreshold;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a bundle bought at `start` expires: start + validity days, or never (null) without a validity. */
export function bundleExpiry(start: Date, validityDays: number | null | undefined): Date | null {
  if (validityDays === null || validityDays === undefined) return null;
  return new Date(start.getTime() + validityDays * DAY_MS);
}

/** A project's unit bundle as the billing rules see it. */
export interface BundleState {
  id: number;
  leftMilli: number;
  /** null: never expires. */
  expiresAt: Date | null;
  /** Units of a free or promotional plan (price 0): reported as free units when used. */
  free: boolean;
}

export function isBundleUsable(bundle: BundleState, now: Date): boolean {
  return bundle.leftMilli > 0 && (bundle.expiresAt === null || bundle.expiresAt.getTime() > now.getTime());
}

/** Usable bundles in the order they are consumed: earliest expiry first, unlimited last, then oldest. */
export function bundlesInUseOrder<T extends BundleState>(bundles: readonly T[], now: Date): T[] {
  return bundles
    .filter((bundle) => isBundleUsable(bundle, now))
    .sort((a, b) => {
      const ea = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
      const eb = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
      return ea === eb ? a.id - b.id : ea - eb;
    });
}

export interface ChargeInput {
  unitsMilli: MilliUnits;
  bundles: readonly BundleState[];
  balanceMicros: number;
  /** The project's 'use balance for analysis' switch. */
  useBalance: boolean;
  /** The price of one unit on the project's plan. */
  pricePerUnitMicros: number;
  now: Date;
}

export interface ChargePlan {
  /** True when bundles (and the balance, when allowed) cover every unit. */
  covered: boolean;
  /** Units taken from each bundle, in consumption order. */
  fromBundles: Array<{ id: number; milli: number }>;
  bundleMilli: number;
  /** Units taken from free bundles (a part of bundleMilli). */
  freeMilli: number;
  /** Units paid from the money balance. */
  balanceMilli: number;
  /** Money taken from the balance (micros). */
  amountMicros: number;
}

/**
 * How a charge of `unitsMilli` is paid: bundles first (earliest expiry first, expired ones skipped), then
 * the money balance at the plan's rate, only when the project allows it. Pure; the server applies the
 * result under a row lock.
 */
export function planCharge(input: ChargeInput): ChargePlan {
  let rest: number = input.unitsMilli;
  const fromBundles: ChargePlan['fromBundles'] = [];
  let freeMilli = 0;
  for (const bundle of bundlesInUseOrder(input.bundles, input.now)) {
    if (rest === 0) break;
    const take = Math.min(rest, bundle.leftMilli);
    fromBundles.push({ id: bundle.id, milli: take });
    if (bundle.free) freeMilli += take;
    rest -= take;
  }
  const bundleMilli = input.unitsMilli - rest;
  const amountMicros = unitsPriceMicros(rest, input.pricePerUnitMicros);
  const covered = rest === 0 || (input.useBalance && amountMicros <= input.balanceMicros);
  return { covered, fromBundles, bundleMilli, freeMilli, balanceMilli: rest, amountMicros };
}

/** canProcess: do bundles, and the balance when allowed, cover these units? */
export function canCover(input: ChargeInput): boolean {
  return planCharge(input).covered;
}

/**
 * The most units bundles, and the balance when allowed, cover (what canCover answers true for, at most);
 * null when there is no limit: the balance may pay and the plan's units cost nothing.
 */
export function coverableUnitsMilli(input: Omit<ChargeInput, 'unitsMilli'>): MilliUnits | null {
  const bundles = bundlesInUseOrder(input.bundles, input.now).reduce(
    (sum, bundle) => sum + bundle.leftMilli,
    0,
  );
  if (!input.useBalance) return milliUnits(bundles);
  if (input.pricePerUnitMicros === 0) return null;
  // unitsPriceMicros rounds up: n milli-units cost ceil(n x price / 1000) micros.
  const fromBalance = (BigInt(input.balanceMicros) * 1000n) / BigInt(input.pricePerUnitMicros);
  return milliUnits(Math.min(Number.MAX_SAFE_INTEGER, bundles + Number(fromBalance)));
}
