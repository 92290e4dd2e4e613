import type { AnalyticsField } from '@parley/contracts';
import type { TFunction } from 'i18next';

/**
 * A field as the pages name it: its label, and for one era of a field whose meaning changed between scorecard
 * versions the version the era starts with ('Tone (version 3)'; contracts analytics/eras.ts).
 */
export function fieldLabel(t: TFunction, field: Pick<AnalyticsField, 'label' | 'version'>): string {
  return field.version
    ? t('analytics.fieldVersion', { label: field.label, number: field.version })
    : field.label;
}
