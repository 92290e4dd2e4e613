import {
  type AnalyticsField,
  type ChecklistResponse,
  type ChecklistRow,
  isRoleMetricPath,
} from '@parley/contracts';
import type { TFunction } from 'i18next';
import { isChecklistType } from '../../../shared/format/analytics';
import { type CsvValue, csvNumber, csvPercent } from '../csv';

/** The checklist report's rows sorted by a column, and as CSV. */

export type SortDirection = 'asc' | 'desc';
/** 'representative', 'analyses', 'average', or an item's path. */
export type SortColumn = string;

/** The URL parameter of the chosen item columns: their paths, one a line. */
export const COLUMNS_PARAM = 'cols';

/** The item columns shown: those chosen, else the prompt's own items (conversation metrics only when chosen). */
export function shownItems(items: AnalyticsField[], chosen: string | null): AnalyticsField[] {
  if (chosen === null) return items.filter((item) => !isRoleMetricPath(item.path));
  const paths = new Set(chosen.split('\n'));
  return items.filter((item) => paths.has(item.path));
}

/** The parameter for a choice of columns (none when it is the default). */
export function columnsParam(items: AnalyticsField[], shown: ReadonlySet<string>): string | undefined {
  const paths = items.filter((item) => shown.has(item.path)).map((item) => item.path);
  const defaults = shownItems(items, null).map((item) => item.path);
  return paths.join('\n') === defaults.join('\n') ? undefined : paths.join('\n');
}

export const FIXED_COLUMNS = ['representative', 'analyses', 'average'] as const;

function sortValue(row: ChecklistRow, column: SortColumn): string | number | null {
  if (column === 'representative') return row.representative;
  if (column === 'analyses') return row.analyses;
  if (column === 'average') return row.average_score;
  return row.cells[column]?.value ?? null;
}

/** Rows ordered by a column; rows without a value come last either way, ties by name. */
export function sortRows(rows: ChecklistRow[], column: SortColumn, direction: SortDirection, locale: string) {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: ChecklistRow, b: ChecklistRow) =>
    (a.representative ?? '').localeCompare(b.representative ?? '', locale, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const [x, y] = [sortValue(a, column), sortValue(b, column)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order =
      typeof x === 'string' && typeof y === 'string'
        ? x.localeCompare(y, locale, { sensitivity: 'base' })
        : Number(x) - Number(y);
    return order === 0 ? byName(a, b) : sign * order;
  });
}

/** A cell's figure for a CSV: a pass rate in percent, or the mean score. */
const csvValue = (item: AnalyticsField, value: number | null | undefined): CsvValue =>
  isChecklistType(item.type) ? csvPercent(value) : csvNumber(value);

export function checklistCsvRows(
  data: ChecklistResponse['data'],
  rows: ChecklistRow[],
  t: TFunction,
): CsvValue[][] {
  const header = [
    t('analytics.checklist.representative'),
    t('analytics.checklist.analyses'),
    t('analytics.checklist.average'),
    ...data.items.flatMap((item) => [
      isChecklistType(item.type) ? t('analytics.checklist.csvRate', { item: item.label }) : item.label,
      t('analytics.checklist.csvCount', { item: item.label }),
    ]),
  ];
  const line = (row: ChecklistRow, name: string): CsvValue[] => [
    name,
    row.analyses,
    csvNumber(row.average_score),
    ...data.items.flatMap((item) => {
      const cell = row.cells[item.path];
      return [csvValue(item, cell?.value), cell?.count ?? 0];
    }),
  ];
  return [
    header,
    ...rows.map((row) => line(row, row.representative ?? t('analytics.explorer.none'))),
    line(data.total, t('analytics.checklist.team')),
  ];
}
