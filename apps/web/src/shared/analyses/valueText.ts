import { OK_VALUES } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../format/numbers';

/** A stored field value as one line of text (yes/no and ok values translated, numbers in the UI language). */
export function valueText(value: unknown, t: TFunction, language: string): string {
  if (value === null || value === undefined || value === '') return t('analysis.fields.noAnswer');
  if (typeof value === 'boolean') return t(value ? 'analysis.fields.yes' : 'analysis.fields.no');
  if (typeof value === 'number') return formatNumber(value, language, 2);
  if (typeof value === 'string') {
    return (OK_VALUES as readonly string[]).includes(value)
      ? t(`analysis.fields.ok.${value.replace(/[^a-z]/g, '')}`)
      : value;
  }
  return JSON.stringify(value);
}
