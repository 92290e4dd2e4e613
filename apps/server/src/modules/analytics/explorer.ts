import {
  type AnalyticsField,
  CATEGORY_TYPES,
  type ExplorerGroupRow,
  type ExplorerQuery,
  type ExplorerResponse,
  fieldPathLabel,
} from '@parley/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisFieldValues as values } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { ANALYTICS_TEXTS, rowsCondition } from './filters.ts';
import { type Period, periodKeyOfDay, periodRange } from './periods.ts';
import { contentFields, promptContent, resolveFields } from './prompt-fields.ts';
import { groupBy, most, rating, statsOf, sumTallies, type TallyRow, valueTallyColumns } from './tally.ts';

/** Most values listed per group (the most frequent). */
export const EXPLORER_VALUES_CAP = 50;

const VALUE_COUNTED: readonly string[] = [...CATEGORY_TYPES, 'marks'];
const NAME_GROUPS = { representative: values.representative, department: values.department } as const;

type Data = ExplorerResponse['data'];
type Values = ExplorerGroupRow['values'];
/** A day's or a name's tally with its lowest and highest score. */
type GroupTally = TallyRow & { key: string | null; min: number | null; max: number | null };

const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * What rows are grouped by in SQL: the name, or the day (days are folded into weeks and months by the contracts
 * date helper, which is cheaper than keying each row in SQL and names periods exactly as the web does).
 */
function groupColumn(query: ExplorerQuery): SQL<string | null> {
  if (query.group_by === 'representative' || query.group_by === 'department') {
    return sql<string | null>`${NAME_GROUPS[query.group_by]}`;
  }
  return sql<string>`${values.analysisDate}::text`;
}

const periodOf = (query: ExplorerQuery): Period | null =>
  query.group_by in NAME_GROUPS ? null : (query.group_by as Period);

/** When the rows of the range have no value of the path: its type from the prompt or its newest value. */
async function fieldWithoutValues(
  db: Executor,
  access: ProjectAccess,
  query: ExplorerQuery,
  order: ReturnType<typeof contentFields>,
): Promise<AnalyticsField> {
  const [newest] = await db
    .select({ type: valueTallyColumns.type, max: values.maxScore })
    .from(values)
    .where(
      and(
        eq(values.projectId, access.project.id),
        eq(values.promptId, query.prompt_id),
        eq(values.path, query.field),
      ),
    )
    .orderBy(desc(values.analysisDate))
    .limit(1);
  const type = order.get(query.field) ?? newest?.type;
  if (!type) throw notFound(ANALYTICS_TEXTS.fieldNotFound);
  const max = type === 'bool' || type === 'ok' ? 1 : (newest?.max ?? null);
  return { path: query.field, label: fieldPathLabel(query.field), type, max, count: 0 };
}

function countValues(rows: Array<{ value: string | null; count: number }>): Values {
  const counts = new Map<string, number>();
  for (const row of rows)
    if (row.value !== null) counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, EXPLORER_VALUES_CAP);
}

function groupRow(
  field: AnalyticsField,
  key: string | null,
  tallies: GroupTally[],
  valueRows: Array<{ value: string | null; count: number }>,
  period: Period | null,
  query: ExplorerQuery,
): ExplorerGroupRow {
  const range = period && key !== null ? periodRange(period, key, query.week_start) : null;
  const tally = sumTallies(tallies);
  return {
    key,
    start: range?.start ?? null,
    end: range?.end ?? null,
    count: tally.count,
    average: rating(field.type, tally),
    min: tallies.reduce<number | null>((low, row) => least(low, row.min), null),
    max: tallies.reduce<number | null>((high, row) => most(high, row.max), null),
    passed: tally.passed,
    missed: tally.missed,
    na: tally.na,
    values: countValues(valueRows),
  };
}

const byName = (a: ExplorerGroupRow, b: ExplorerGroupRow) =>
  a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key);
const byTime = (a: ExplorerGroupRow, b: ExplorerGroupRow) => (a.key! < b.key! ? -1 : 1);

/**
 * One field of a prompt grouped by representative, department, day, week or month, with the total. The field
 * counts with one type: the prompt's current one, else its newest values' (contentFields, resolveFields).
 */
export async function exploreField(
  ctx: AppContext,
  access: ProjectAccess,
  query: ExplorerQuery,
): Promise<Data> {
  const where = and(rowsCondition(values, access, query), eq(values.path, query.field))!;
  const column = groupColumn(query);
  const period = periodOf(query);
  const keyOf = (raw: string | null) =>
    period && raw !== null ? periodKeyOfDay(period, raw, query.week_start) : raw;
  const [content, tallies] = await Promise.all([
    promptContent(ctx.db, access.project.id, query.prompt_id),
    ctx.db
      .select({ key: column, ...valueTallyColumns })
      .from(values)
      .where(where)
      .groupBy(column, values.valueType) as Promise<GroupTally[]>,
  ]);
  const order = contentFields(content ?? []);
  const [resolved] = resolveFields(order, statsOf(query.field, tallies));
  const field = resolved ?? (await fieldWithoutValues(ctx.db, access, query, order));
  const valueRows = VALUE_COUNTED.includes(field.type)
    ? await ctx.db
        .select({ key: column, value: values.value, count: sql<number>`count(*)::int` })
        .from(values)
        .where(and(where, eq(values.valueType, field.type)))
        .groupBy(column, values.value)
    : [];
  const valuesOf = groupBy(valueRows, (row) => keyOf(row.key));
  const chosen = groupBy(
    tallies.filter((row) => row.type === field.type),
    (row) => keyOf(row.key),
  );
  const groups = [...chosen]
    .map(([key, rows]) => groupRow(field, key, rows, valuesOf.get(key) ?? [], period, query))
    .sort(period ? byTime : byName);
  const total = groupRow(field, null, [...chosen.values()].flat(), valueRows, null, query);
  return { field, groups, total };
}
