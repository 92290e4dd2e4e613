import type { ExplorerGroup, ExplorerGroupRow } from '@parley/contracts';
import type { TFunction } from 'i18next';
import type { CsvValue } from '../csv';
import { type ExplorerColumn, groupLabel, isTimeGroup } from './columns';

/** The explorer's table as CSV rows: the group (with its first and last day for periods), then the columns. */
export function explorerCsvRows(
  group: ExplorerGroup,
  columns: ExplorerColumn[],
  groups: ExplorerGroupRow[],
  total: ExplorerGroupRow,
  t: TFunction,
  language: string,
): CsvValue[][] {
  const time = isTimeGroup(group);
  const header = [
    t(`analytics.explorer.groupBy.${group}`),
    ...(time ? [t('analytics.explorer.from'), t('analytics.explorer.to')] : []),
    ...columns.map((column) => column.header),
  ];
  const line = (row: ExplorerGroupRow, label: string) => [
    label,
    ...(time ? [row.start, row.end] : []),
    ...columns.map((column) => column.csv(row)),
  ];
  return [
    header,
    ...groups.map((row) => line(row, groupLabel(group, row, t, language))),
    line({ ...total, start: null, end: null }, t('analytics.explorer.total')),
  ];
}
