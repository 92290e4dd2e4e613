import { formatShare } from './analytics';
import { formatNumber } from './numbers';

/** A 95 % interval of an agreement figure (none when too few answers). */
export type AgreementInterval = { low: number; high: number } | null;

/** ' (0.56–0.81)': the 95 % interval after a figure, nothing without one. */
function range(interval: AgreementInterval, format: (value: number) => string): string {
  return interval ? ` (${format(interval.low)}–${format(interval.high)})` : '';
}

/** A share of kept answers with its interval ('82.5% (71.3%–90.1%)'), '—' when there is none. */
export function formatAgreementShare(value: number | null, interval: AgreementInterval, language: string) {
  return value === null
    ? '—'
    : `${formatShare(value, language)}${range(interval, (x) => formatShare(x, language))}`;
}

/** A kappa or a mean difference with its interval ('0.61 (0.42–0.8)'), '—' when there is none. */
export function formatAgreementNumber(value: number | null, interval: AgreementInterval, language: string) {
  return value === null
    ? '—'
    : `${formatNumber(value, language, 2)}${range(interval, (x) => formatNumber(x, language, 2))}`;
}
