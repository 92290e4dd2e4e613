import { type FinalScoreMode, formatTimestamp } from '@parley/contracts';
import { numberFormat } from './numberFormat';

/** Display formatting of the analysis pages, in the UI language (and the project's time zone for dates). */

export function formatNumber(value: number, language: string, maximumFractionDigits = 2): string {
  return numberFormat(language, { maximumFractionDigits }).format(value);
}

/** A final score as shown in the list and the detail: '87.5', or '87.5 %' when it is a percentage. */
export function formatScore(score: number | null, mode: FinalScoreMode | null | undefined, language: string) {
  if (score === null) return '—';
  return `${formatNumber(score, language)}${mode === 'percent' ? ' %' : ''}`;
}

/** A share 0..1 as a percentage: 0.4567 -> 45.7 %. */
export function formatPercent(share: number, language: string, maximumFractionDigits = 1): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits }).format(share);
}

/** A length of time as m:ss or h:mm:ss (a recording's duration, a transcript line's start). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  return formatTimestamp(seconds);
}

/** Bytes as KB / MB / GB in the UI language. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit === 0 ? 0 : 1)} ${units[unit]}`;
}
