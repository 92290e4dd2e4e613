import { BILLING, fromMicros, toMicros, toMilliUnits, unitsPriceMicros } from '@parley/contracts';
import { dateFormat } from '../utils/displayDates';
import { numberFormat } from './numberFormat';

/**
 * Display formatting for billing screens. Money arithmetic lives in @parley/contracts (money.ts); these
 * helpers only turn API numbers into text in the UI language.
 */

const currencyOf = (currency: string | undefined | null) => currency || BILLING.defaultCurrency;

/** Money with 2 decimals and the currency, in the UI language ($12.50, 12,50 €). */
export function formatMoney(amount: number, currency: string | undefined | null, language: string): string {
  const code = currencyOf(currency);
  const format = numberFormat(language, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const text = format.format(amount);
  return format.resolvedOptions().currency ? text : `${text} ${code}`;
}

/** Rates below 1 show 4 decimals, others 2 (spec 2 §9). */
export function rateDecimals(rate: number): 2 | 4 {
  return Math.abs(rate) < 1 ? 4 : 2;
}

/** A rate per unit with its currency: $0.0500, $1.25. */
export function formatRate(rate: number, currency: string | undefined | null, language: string): string {
  const code = currencyOf(currency);
  const decimals = rateDecimals(rate);
  const format = numberFormat(language, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const text = format.format(rate);
  return format.resolvedOptions().currency ? text : `${text} ${code}`;
}

/** Units with up to 3 decimals (the API's precision). */
export function formatUnits(units: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(units);
}

export function formatCount(count: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(count);
}

/** The currency's symbol in the UI language ($ for USD), for the amount field's prefix. */
export function currencySymbol(currency: string | undefined | null, language: string): string {
  const code = currencyOf(currency);
  try {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency: code }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** A summary month 'YYYY-MM' as 'March 2026'. */
export function formatMonth(period: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A summary month 'YYYY-MM' as 'Mar 26' (chart axis). */
export function formatMonthShort(period: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(date);
}

/** A summary day 'YYYY-MM-DD' as 'Mon, 3 Mar 2026'. */
export function formatDay(period: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/**
 * The price of `units` at `rate` per unit, exactly (contracts' unitsPriceMicros: rounded up to the next
 * micro). Null when the inputs are not representable (more than 6 decimals in the rate).
 */
export function priceOfUnits(units: number, rate: number): number | null {
  try {
    return fromMicros(unitsPriceMicros(toMilliUnits(units), toMicros(rate)));
  } catch {
    return null;
  }
}

/** 'YYYY-MM' of `date` in `timeZone` (the project's), falling back to the browser's zone. */
export function monthOf(date: Date, timeZone?: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      timeZone,
    }).formatToParts(date);
    const year = parts.find((part) => part.type === 'year')?.value;
    const month = parts.find((part) => part.type === 'month')?.value;
    if (year && month) return `${year}-${month}`;
  } catch {
    // unknown time zone
  }
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `last` ('YYYY-MM'), oldest first. */
export function monthRange(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    out.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}
