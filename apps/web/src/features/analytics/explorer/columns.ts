import type { AnalyticsField, ExplorerGroup, ExplorerGroupRow, FieldOutcome } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { type AnalyticsView, periodWithin } from '../../../shared/analytics/view';
import type { AnalysisFilters } from '../../../shared/api/analysisListQuery';
import {
  fieldKind,
  formatAverage,
  formatCount,
  formatPeriod,
  formatShare,
} from '../../../shared/format/analytics';
import type { CsvValue } from '../csv';
import { csvNumber, csvPercent } from '../csv';

/**
 * The explorer's table as columns, so that the table and its CSV export show the same figures. Each value
 * column may name the analyses behind a cell (list filters beyond the row's group and the field).
 */

/** Category columns: the most frequent values, the rest summed up as 'Other'. */
export const TOP_VALUES = 6;

export interface ExplorerColumn {
  id: string;
  header: string;
  text: (row: ExplorerGroupRow) => string;
  csv: (row: ExplorerGroupRow) => CsvValue;
  /** The list filters of a cell's analyses (beyond the row's group and the field), or none. */
  link?: (row: ExplorerGroupRow) => AnalysisFilters | null;
}

const TIME_GROUPS: readonly ExplorerGroup[] = ['day', 'week', 'month'];
export const isTimeGroup = (group: ExplorerGroup) => TIME_GROUPS.includes(group);

/** The most frequent values of a category field (over all groups), most frequent first. */
export function topValues(total: ExplorerGroupRow): string[] {
  return total.values.slice(0, TOP_VALUES).map((entry) => entry.value);
}

/**
 * The figures of a field's groups, and its knockouts (answers that failed their conversation; for the final
 * score, knocked-out conversations) when the range has any.
 */
export function valueColumns(
  field: AnalyticsField,
  total: ExplorerGroupRow,
  t: TFunction,
  language: string,
): ExplorerColumn[] {
  const columns = figureColumns(field, total, t, language);
  if (!total.knockouts) return columns;
  const knockouts = (row: ExplorerGroupRow) => row.knockouts ?? 0;
  return [
    ...columns,
    {
      id: 'knockouts',
      header: t('knockouts.analytics.column'),
      text: (row) => formatCount(knockouts(row), language),
      csv: knockouts,
    },
  ];
}

function figureColumns(
  field: AnalyticsField,
  total: ExplorerGroupRow,
  t: TFunction,
  language: string,
): ExplorerColumn[] {
  const count = (value: number) => formatCount(value, language);
  const analyses: ExplorerColumn = {
    id: 'count',
    header: t('analytics.explorer.analyses'),
    text: (row) => count(row.count),
    csv: (row) => row.count,
    link: () => ({}),
  };
  const outcome = (id: FieldOutcome, key: 'passed' | 'missed' | 'na'): ExplorerColumn => ({
    id,
    header: t(`analytics.outcome.${id}`),
    text: (row) => count(row[key]),
    csv: (row) => row[key],
    link: (row) => (row[key] > 0 ? { field_outcome: id } : null),
  });
  const kind = fieldKind(field.type);
  if (kind === 'checklist') {
    return [
      analyses,
      outcome('passed', 'passed'),
      outcome('missed', 'missed'),
      outcome('na', 'na'),
      {
        id: 'rate',
        header: t('analytics.explorer.passRate'),
        text: (row) => formatShare(row.average, language),
        csv: (row) => csvPercent(row.average),
      },
    ];
  }
  if (kind === 'score') {
    const stat = (id: 'average' | 'min' | 'max'): ExplorerColumn => ({
      id,
      header: t(`analytics.explorer.${id}`),
      text: (row) => formatAverage(row[id], language),
      csv: (row) => csvNumber(row[id]),
    });
    return [analyses, stat('average'), stat('min'), stat('max')];
  }
  const values = topValues(total);
  const countOf = (row: ExplorerGroupRow, value: string) =>
    row.values.find((entry) => entry.value === value)?.count ?? 0;
  const share = (row: ExplorerGroupRow, part: number) =>
    row.count > 0 ? `${count(part)} (${formatShare(part / row.count, language)})` : count(part);
  const columns: ExplorerColumn[] = values.map((value, index) => ({
    id: `value-${index}`,
    header: value,
    text: (row) => share(row, countOf(row, value)),
    csv: (row) => countOf(row, value),
    link: (row) => (countOf(row, value) > 0 ? { field_value: value } : null),
  }));
  if (total.values.length > values.length) {
    const other = (row: ExplorerGroupRow) =>
      row.values
        .filter((entry) => !values.includes(entry.value))
        .reduce((sum, entry) => sum + entry.count, 0);
    columns.push({
      id: 'other',
      header: t('analytics.explorer.other'),
      text: (row) => share(row, other(row)),
      csv: other,
    });
  }
  return [analyses, ...columns];
}

/** The name of a group: the person or department ('(none)' when not given), or the period. */
export function groupLabel(
  group: ExplorerGroup,
  row: ExplorerGroupRow,
  t: TFunction,
  language: string,
): string {
  if (isTimeGroup(group) && row.start)
    return formatPeriod(group as 'day' | 'week' | 'month', row.start, row.end, language);
  return row.key ?? t('analytics.explorer.none');
}

/** The list filters of a group's analyses (a period within the view's range), or null when there are none. */
export function groupFilters(
  group: ExplorerGroup,
  row: ExplorerGroupRow,
  view: AnalyticsView,
): AnalysisFilters | null {
  if (isTimeGroup(group)) return row.start && row.end ? periodWithin(view, row.start, row.end) : null;
  if (row.key === null) return null;
  return group === 'representative' ? { representative: row.key } : { department: row.key };
}
