import { isMoneyAmount, toMicros } from '@parley/contracts';

/** An amount the API accepts: a decimal with at most 6 decimals, above 0. */
export function validAmount(text: string, allowZero = false): boolean {
  const value = text.trim();
  if (!isMoneyAmount(value)) return false;
  const micros = toMicros(value);
  return allowZero ? micros >= 0 : micros > 0;
}

/** Units the API accepts: 0 or more with at most 3 decimals. */
export function validUnits(text: string): boolean {
  return /^\d+(\.\d{1,3})?$/.test(text.trim());
}

/** A bundle validity the API accepts: empty (unlimited) or whole days from 1 to 36,500. */
export function validValidityDays(text: string): boolean {
  const value = text.trim();
  return !value || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 36_500);
}
