import { BILLING, fromMicros, type Project, topUpAmountMicros } from '@parley/contracts';

/** The rate a loaded project pays per unit: its plan's rate, else the default 0.05 (spec 2 §9). */
export function projectRate(project: Project | null | undefined): number {
  const rate = project?.tariff_plan?.price_per_minute;
  return typeof rate === 'number' && Number.isFinite(rate) ? rate : BILLING.defaultRatePerUnit;
}

/**
 * Parses the add-balance amount as a decimal (spec 2 §5), rounded to cents as the server rounds it
 * ('12.3456789' -> 12.35). Returns null for anything else and for what rounds to 0.00 or below ('abc', '0',
 * '0.001', '-1', '').
 */
export function parseTopUpAmount(text: string): number | null {
  const micros = topUpAmountMicros(text.trim().replace(',', '.'));
  return micros === null ? null : fromMicros(micros);
}
