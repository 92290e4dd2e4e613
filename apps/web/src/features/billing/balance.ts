import { BILLING, fromMicros, isMoneyAmount, type Project, toMicros } from '@parley/contracts';

/** The rate a loaded project pays per unit: its plan's rate, else the default 0.05 (spec 2 §9). */
export function projectRate(project: Project | null | undefined): number {
  const rate = project?.tariff_plan?.price_per_minute;
  return typeof rate === 'number' && Number.isFinite(rate) ? rate : BILLING.defaultRatePerUnit;
}

/**
 * Parses the add-balance amount as a decimal (spec 2 §5): a number with at most 6 decimals, above 0.
 * Returns null for anything else ('abc', '0', '-1', '').
 */
export function parseTopUpAmount(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!isMoneyAmount(value)) return null;
  const micros = toMicros(value);
  return micros > 0 ? fromMicros(micros) : null;
}
