import {
  type AnalyticsField,
  type FieldDirection,
  fieldDirection,
  type ManagerFigures,
  type ManagerRow,
  type PeriodChange,
  periodChange,
} from '@parley/contracts';
import { isChecklistType } from '../../../shared/format/analytics';

/**
 * The comparison's columns: a measure (the average final score, the number of analyses, or an item of the
 * prompt) per period. Each figure is compared with the same measure in the period before.
 */
export type Measure =
  | { kind: 'average'; key: 'average' }
  | { kind: 'analyses'; key: 'analyses' }
  /** index: the item's place in the answer's fields (and so in its figures' values and counts). */
  | { kind: 'item'; key: string; item: AnalyticsField; index: number };
export type ItemMeasure = Extract<Measure, { kind: 'item' }>;

/** How a change is written: pass rates in percentage points, counts as whole numbers, scores in points. */
export type ChangeUnit = 'pp' | 'count' | 'points';

export interface Figure {
  value: number | null;
  /** The analyses the figure is based on (none for the count of analyses itself). */
  count: number | null;
}

/**
 * The final score and the number of analyses first, then the prompt's items: those chosen, or all when none
 * of the chosen is an item of this prompt.
 */
export function measuresOf(fields: AnalyticsField[], shown: readonly string[] = []): Measure[] {
  const items = fields.map(itemMeasure);
  const chosen = items.filter((measure) => shown.includes(measure.key));
  return [
    { kind: 'average', key: 'average' },
    { kind: 'analyses', key: 'analyses' },
    ...(chosen.length > 0 ? chosen : items),
  ];
}

export const itemMeasure = (item: AnalyticsField, index: number): ItemMeasure => ({
  kind: 'item',
  key: item.path,
  item,
  index,
});

/** A group's figure of a measure in one period (none for a period the answer does not have). */
export function figureOf(measure: Measure, figures: ManagerFigures, period: number): Figure {
  const analyses = figures.analyses[period];
  if (analyses === undefined) return { value: null, count: null };
  if (measure.kind === 'average') return { value: figures.average_score[period] ?? null, count: analyses };
  if (measure.kind === 'analyses') return { value: analyses, count: null };
  return {
    value: figures.values[measure.index]?.[period] ?? null,
    // No counts: every analysis of the group has a value of the item.
    count: (figures.counts[measure.index] ?? figures.analyses)[period] ?? 0,
  };
}

export function directionOf(measure: Measure): FieldDirection {
  if (measure.kind === 'average') return fieldDirection('final');
  if (measure.kind === 'analyses') return 'none';
  return fieldDirection(measure.item.type);
}

export function changeUnitOf(measure: Measure): ChangeUnit {
  if (measure.kind === 'analyses') return 'count';
  return measure.kind === 'item' && isChecklistType(measure.item.type) ? 'pp' : 'points';
}

/** A pass rate (yes/no items), or a number with the decimals its kind shows. */
export const isRate = (measure: Measure) => changeUnitOf(measure) === 'pp';

/** The change of a figure from the period before (none for the first period, or without both figures). */
export function changeOf(measure: Measure, figures: ManagerFigures, period: number): PeriodChange | null {
  if (period === 0) return null;
  return periodChange(
    figureOf(measure, figures, period - 1).value,
    figureOf(measure, figures, period).value,
    directionOf(measure),
  );
}

// ---------- sorting ----------

export type SortDirection = 'asc' | 'desc';

/** 'representative', or a measure in a period: '<period index>:<measure key>'. */
export const columnId = (periodIndex: number, measure: Measure) => `${periodIndex}:${measure.key}`;

function parseColumn(column: string): { periodIndex: number; key: string } | null {
  const colon = column.indexOf(':');
  const periodIndex = Number(column.slice(0, colon));
  return colon > 0 && Number.isInteger(periodIndex) ? { periodIndex, key: column.slice(colon + 1) } : null;
}

function sortValue(row: ManagerRow, column: string, measures: Measure[]): string | number | null {
  if (column === 'representative') return row.representative;
  const parsed = parseColumn(column);
  const measure = measures.find((entry) => entry.key === parsed?.key);
  return parsed && measure ? figureOf(measure, row, parsed.periodIndex).value : null;
}

/** Rows ordered by a column; rows without a value come last either way, ties by name. */
export function sortRows(
  rows: ManagerRow[],
  measures: Measure[],
  column: string,
  direction: SortDirection,
  locale: string,
): ManagerRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: ManagerRow, b: ManagerRow) =>
    (a.representative ?? '').localeCompare(b.representative ?? '', locale, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const [x, y] = [sortValue(a, column, measures), sortValue(b, column, measures)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order =
      typeof x === 'string' && typeof y === 'string'
        ? x.localeCompare(y, locale, { sensitivity: 'base' })
        : Number(x) - Number(y);
    return order === 0 ? byName(a, b) : sign * order;
  });
}
