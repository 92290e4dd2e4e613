import { isMoneyAmount, toMicros } from '@parley/contracts';

/** An amount the API accepts: a decimal with at most 6 decimals, above 0. */
export function validAmount(text: string, allowZero = false): boolean {
  const value = text.trim();
  if (!isMoneyAmount(value)) return false;
  const micros = toMicros(value);
  return allowZero ? micros >= 0 : micros > 0;
}
