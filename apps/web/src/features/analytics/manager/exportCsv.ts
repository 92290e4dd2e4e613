import type { ManagerFigures, ManagerRow } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { type CsvValue, csvNumber, csvPercent } from '../csv';
import { changeOf, changeUnitOf, figureOf, isRate, type Measure } from './model';

/** A measure's name as the table heads it. */
export function measureLabel(measure: Measure, t: TFunction): string {
  if (measure.kind === 'average') return t('analytics.checklist.average');
  if (measure.kind === 'analyses') return t('analytics.checklist.analyses');
  return measure.item.label;
}

/**
 * The comparison as CSV, the team first and then the rows in the order shown: per measure and period the
 * figure (pass rates in percent), the analyses behind it, and from the second period on the change (pass
 * rates in percentage points).
 */
export function comparisonCsvRows(
  measures: Measure[],
  periodLabels: string[],
  team: ManagerFigures,
  rows: ManagerRow[],
  t: TFunction,
): CsvValue[][] {
  const header: CsvValue[] = [t('analytics.checklist.representative')];
  for (const measure of measures) {
    for (const [index, period] of periodLabels.entries()) {
      const names = { field: measureLabel(measure, t), period };
      header.push(isRate(measure) ? t('manager.csv.rate', names) : t('manager.csv.value', names));
      if (measure.kind !== 'analyses') header.push(t('manager.csv.count', names));
      if (index > 0) header.push(t('manager.csv.change', names));
    }
  }
  const line = (name: string, figures: ManagerFigures): CsvValue[] => {
    const cells: CsvValue[] = [name];
    for (const measure of measures) {
      for (const index of periodLabels.keys()) {
        const figure = figureOf(measure, figures, index);
        cells.push(isRate(measure) ? csvPercent(figure.value) : csvNumber(figure.value));
        if (measure.kind !== 'analyses') cells.push(figure.count ?? 0);
        if (index > 0) {
          const delta = changeOf(measure, figures, index)?.delta;
          const unit = changeUnitOf(measure);
          cells.push(delta === undefined ? null : csvNumber(unit === 'pp' ? delta * 100 : delta, 1));
        }
      }
    }
    return cells;
  };
  return [
    header,
    line(t('analytics.checklist.team'), team),
    ...rows.map((row) => line(row.representative ?? t('analytics.explorer.none'), row)),
  ];
}
