/**
 * Money is exact. Amounts are kept as integer micro-units of the currency ("micros": 1 USD =
 * 1,000,000 micros) in the database and in every calculation, and cross the API as JSON numbers with at
 * most 6 decimals (49, 0.05, 12.345678). A JSON number with at most 6 decimals converts to micros and back
 * without loss, because the conversion goes through its shortest decimal text, never through arithmetic
 * on floats. Requests may also send a decimal string ('12.50').
 */
export const MICROS = 1_000_000;
export const MONEY_DECIMALS = 6;
/** The largest amount in micros: keeps every amount a safe JavaScript integer (about 9 billion USD). */
export const MAX_MICROS = Number.MAX_SAFE_INTEGER;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/** Micros from an amount such as 12.5, '0.05' or -3 (at most 6 decimals); throws on anything else. */
export function toMicros(amount: number | string): number {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || Math.abs(amount) > MAX_MICROS / MICROS) {
      throw new Error(`Not a money amount: ${amount}`);
    }
    text = amount.toFixed(MONEY_DECIMALS);
    // toFixed rounds; a number with more than 6 decimals does not survive the round trip.
    if (Number(text) !== amount) throw new Error(`More than ${MONEY_DECIMALS} decimals: ${amount}`);
  } else {
    text = amount.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const micros = BigInt(match[2]!) * BigInt(MICROS) + BigInt((match[3] ?? '').padEnd(MONEY_DECIMALS, '0'));
  if (micros > BigInt(MAX_MICROS)) throw new Error(`Amount too large: ${amount}`);
  return match[1] && micros !== 0n ? -Number(micros) : Number(micros);
}

/** True when toMicros accepts the value. */
export function isMoneyAmount(amount: unknown): amount is number | string {
  if (typeof amount !== 'number' && typeof amount !== 'string') return false;
  try {
    toMicros(amount);
    return true;
  } catch {
    return false;
  }
}

/** The exact decimal text of micros, without trailing zeros (49000000 -> '49', 50000 -> '0.05'). */
export function formatMicros(micros: number | bigint): string {
  const value = BigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / BigInt(MICROS);
  const fraction = (abs % BigInt(MICROS)).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Micros as text for people: at least `minDecimals` decimals, exact beyond (25_500_000 -> '25.50'). */
export function formatMoney(micros: number | bigint, minDecimals = 2): string {
  const text = formatMicros(micros);
  const [whole, fraction = ''] = text.split('.');
  return minDecimals > 0 || fraction ? `${whole}.${fraction.padEnd(minDecimals, '0')}` : whole!;
}

/** The JSON number of micros (at most 6 decimals): 12_345_600 -> 12.3456. */
export function fromMicros(micros: number | bigint): number {
  return Number(formatMicros(micros));
}

/**
 * Micros from a sum PostgreSQL returns as text (SUM over bigint is numeric). Throws when the value is not
 * a whole number or is outside the safe range, rather than lose precision.
 */
export function microsFromDb(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const big = BigInt(value);
  if (big > BigInt(MAX_MICROS) || big < -BigInt(MAX_MICROS)) throw new Error(`Amount out of range: ${value}`);
  return Number(big);
}

/**
 * The money price of units: milli-units x price per unit (micros) / 1000, rounded up to the next micro so
 * that a fraction of a micro is never given away. Exact (BigInt) for any safe inputs.
 */
export function unitsPriceMicros(unitsMilli: number, pricePerUnitMicros: number): number {
  if (!Number.isSafeInteger(unitsMilli) || unitsMilli < 0) throw new Error(`Bad milli-units: ${unitsMilli}`);
  if (!Number.isSafeInteger(pricePerUnitMicros) || pricePerUnitMicros < 0) {
    throw new Error(`Bad price per unit: ${pricePerUnitMicros}`);
  }
  const product = BigInt(unitsMilli) * BigInt(pricePerUnitMicros);
  const micros = (product + 999n) / 1000n;
  if (micros > BigInt(MAX_MICROS)) throw new Error('Price out of range');
  return Number(micros);
}

const CENT_MICROS = 10_000n;
/** A decimal as people type it or JSON carries it: any number of decimals, an optional exponent (1e-7). */
const DECIMAL_WITH_EXPONENT = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Micros of an amount rounded to whole cents, half-up (away from zero): '12.3456789' -> 12_350_000,
 * 12.345 -> 12_350_000, '0.004' -> 0. Any number of decimals is accepted; the rounding works on the
 * amount's decimal text (a number's shortest text), never on floats. Null when it is not a decimal number
 * or is out of range. The one rule the add-balance dialog and the top-up API share.
 */
export function roundToCentsMicros(amount: number | string): number | null {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const match = DECIMAL_WITH_EXPONENT.exec(String(amount).trim());
  if (!match || (!match[2] && !match[3])) return null;
  const exponent = Number(match[4] ?? 0);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  // All digits as one integer with `scale` decimals, then shifted by the exponent.
  const digits = `${match[2] ?? ''}${match[3] ?? ''}`;
  const scale = (match[3] ?? '').length - exponent;
  const value = BigInt(digits || '0');
  const centScale = scale - 2;
  let cents: bigint;
  if (centScale <= 0) cents = value * 10n ** BigInt(-centScale);
  else {
    const divisor = 10n ** BigInt(centScale);
    cents = (value + divisor / 2n) / divisor;
  }
  const micros = cents * CENT_MICROS;
  if (micros > BigInt(MAX_MICROS)) return null;
  return match[1] === '-' && micros !== 0n ? -Number(micros) : Number(micros);
}

/**
 * A top-up amount (spec 2 §5): any decimal, rounded to cents; null when it is not a number or rounds to
 * 0.00 or below. Micros.
 */
export function topUpAmountMicros(amount: number | string): number | null {
  const micros = roundToCentsMicros(amount);
  return micros !== null && micros > 0 ? micros : null;
}
