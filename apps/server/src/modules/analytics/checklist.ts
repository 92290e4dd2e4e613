import {
  type AnalyticsField,
  type AnalyticsValueType,
  type ChecklistCell,
  type ChecklistQuery,
  type ChecklistResponse,
  type ChecklistRow,
  FINAL_SCORE_PATH,
} from '@parley/contracts';
import { and, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { rowsCondition } from './filters.ts';
import { contentFields, type FieldStat, promptContent, promptPaths, resolveFields } from './prompt-fields.ts';
import {
  addTally,
  dayTallyColumns,
  emptyTally,
  groupBy,
  rating,
  statsOf,
  type Tally,
  type TallyRow,
} from './tally.ts';

/** The items of the report: yes/no items, marks and numbers. */
const ITEM_TYPES: ReadonlySet<AnalyticsValueType> = new Set(['bool', 'ok', 'marks', 'int', 'float']);

type RepTally = TallyRow & { representative: string | null; path: string };

function cell(item: AnalyticsField, tally: Tally): ChecklistCell {
  const value = rating(item.type, tally);
  const ratio = value !== null && item.max !== null && item.max > 0 ? value / item.max : null;
  return { count: tally.count, value, ratio, na: tally.na };
}

/** One row of the report from a representative's tallies by path (of the chosen types only). */
function reportRow(
  representative: string | null,
  byPath: Map<string, Tally>,
  items: AnalyticsField[],
): ChecklistRow {
  const final = byPath.get(FINAL_SCORE_PATH) ?? emptyTally();
  const cells: ChecklistRow['cells'] = {};
  for (const item of items) {
    const tally = byPath.get(item.path);
    if (tally) cells[item.path] = cell(item, tally);
  }
  return { representative, analyses: final.count, average_score: rating('final', final), cells };
}

const byRepresentative = (a: ChecklistRow, b: ChecklistRow) =>
  a.representative === null
    ? 1
    : b.representative === null
      ? -1
      : a.representative.localeCompare(b.representative);

/**
 * Representatives × the prompt's checklist items (yes/no, marks, numbers; in the prompt's order): per cell the
 * pass rate or mean score, its share of the item's highest score and the count behind it; per row the
 * analyses and their average final score; a row for analyses without a representative; the whole team's total.
 */
export async function checklistReport(
  ctx: AppContext,
  access: ProjectAccess,
  query: ChecklistQuery,
): Promise<ChecklistResponse['data']> {
  const [content, paths] = await Promise.all([
    promptContent(ctx.db, access.project.id, query.prompt_id),
    promptPaths(ctx.db, access.project.id, query.prompt_id),
  ]);
  const tallies =
    paths.length === 0
      ? []
      : ((await ctx.db
          .select({ representative: days.representative, path: days.path, ...dayTallyColumns })
          .from(days)
          .where(and(rowsCondition(days, access, query), inArray(days.path, paths)))
          .groupBy(days.representative, days.path, days.valueType)) as RepTally[]);
  const byPath = groupBy(tallies, (row) => row.path);
  const stats: FieldStat[] = [...byPath].flatMap(([path, rows]) => statsOf(path, rows));
  const fields = resolveFields(contentFields(content ?? []), stats);
  const typeOf = new Map(fields.map((field) => [field.path, field.type]));
  const items = fields.filter((field) => ITEM_TYPES.has(field.type));
  const reps = new Map<string | null, Map<string, Tally>>();
  const total = new Map<string, Tally>();
  for (const row of tallies) {
    if (typeOf.get(row.path) !== row.type) continue;
    const rep = reps.get(row.representative) ?? new Map<string, Tally>();
    reps.set(row.representative, rep);
    rep.set(row.path, addTally(rep.get(row.path) ?? emptyTally(), row));
    total.set(row.path, addTally(total.get(row.path) ?? emptyTally(), row));
  }
  const rows = [...reps].map(([representative, tallyOf]) => reportRow(representative, tallyOf, items));
  return { items, rows: rows.sort(byRepresentative), total: reportRow(null, total, items) };
}
