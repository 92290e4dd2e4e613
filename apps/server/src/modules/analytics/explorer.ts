import {
  ANALYTICS_LIMITS,
  type AnalyticsField,
  type AnalyticsValueType,
  CHECKLIST_TYPES,
  type ExplorerGroupRow,
  type ExplorerQuery,
  type ExplorerResponse,
  fieldPathLabel,
  parseEraPath,
} from '@parley/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisFieldDays as days, analysisFieldValues as values } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import {
  askedVersion,
  eraCondition,
  eraPathColumn,
  joinLoneEras,
  promptEras,
  type VersionScope,
} from './eras.ts';
import { ANALYTICS_TEXTS, type AnalyticsTable, rowsCondition } from './filters.ts';
import { type Period, periodKeyOfDay, periodRange } from './periods.ts';
import { contentFields, promptContent, resolveFields } from './prompt-fields.ts';
import {
  dayTallyColumns,
  groupBy,
  most,
  rating,
  statsOf,
  sumTallies,
  type Tally,
  type TallyRow,
} from './tally.ts';

type Data = ExplorerResponse['data'];
/** The query with the version asked as its id and the field as its path. */
type Asked = ExplorerQuery & VersionScope;
type Values = ExplorerGroupRow['values'];
type GroupTally = TallyRow & { key: string | null };
/** Beyond yes/no items: analyses per value (categories, marks) and the lowest and highest score of a group. */
type Detail = {
  key: string | null;
  value: string | null;
  count: number;
  min: number | null;
  max: number | null;
};

const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * What rows are grouped by in SQL: the name, or the day (days are folded into weeks and months by the contracts
 * date helper, which names periods exactly as the web does). Grouped by the column itself, keyed as text.
 */
function groupColumn(table: AnalyticsTable, query: ExplorerQuery): { key: SQL<string | null>; by: PgColumn } {
  if (query.group_by === 'representative')
    return { key: sql`${table.representative}`, by: table.representative };
  if (query.group_by === 'department') return { key: sql`${table.department}`, by: table.department };
  return { key: sql<string>`${table.analysisDate}::text`, by: table.analysisDate };
}

const periodOf = (query: ExplorerQuery): Period | null =>
  query.group_by === 'representative' || query.group_by === 'department' ? null : query.group_by;

/** When the range has no value of the path: its type from the prompt or its newest value, else 404. */
async function fieldWithoutValues(
  db: Executor,
  access: ProjectAccess,
  query: ExplorerQuery,
  order: ReturnType<typeof contentFields>,
): Promise<AnalyticsField> {
  const [newest] = await db
    .select({ type: dayTallyColumns.type, max: days.maxScore })
    .from(days)
    .where(
      and(
        eq(days.projectId, access.project.id),
        eq(days.promptId, query.prompt_id),
        eq(days.path, query.field),
      ),
    )
    .orderBy(desc(days.analysisDate))
    .limit(1);
  const type = order.get(query.field) ?? newest?.type;
  if (!type) throw notFound(ANALYTICS_TEXTS.fieldNotFound);
  const max = CHECKLIST_TYPES.includes(type) ? 1 : (newest?.max ?? null);
  return { path: query.field, label: fieldPathLabel(query.field), type, max, count: 0 };
}

function countValues(details: Detail[]): Values {
  const counts = new Map<string, number>();
  for (const row of details) {
    if (row.value !== null) counts.set(row.value, (counts.get(row.value) ?? 0) + row.count);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, ANALYTICS_LIMITS.explorerValues);
}

function groupRow(
  field: AnalyticsField,
  key: string | null,
  tallies: Tally[],
  details: Detail[],
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
    min: details.reduce<number | null>((low, row) => least(low, row.min), null),
    max: details.reduce<number | null>((high, row) => most(high, row.max), null),
    passed: tally.passed,
    missed: tally.missed,
    na: tally.na,
    knockouts: tally.knockouts,
    values: countValues(details),
  };
}

const byName = (a: ExplorerGroupRow, b: ExplorerGroupRow) =>
  a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key);
const byTime = (a: ExplorerGroupRow, b: ExplorerGroupRow) => (a.key! < b.key! ? -1 : 1);

/** The values themselves of a field other than a yes/no item, per group and value. */
function details(
  ctx: AppContext,
  access: ProjectAccess,
  query: Asked,
  type: AnalyticsValueType,
  era: SQL | undefined,
) {
  const group = groupColumn(values, query);
  return ctx.db
    .select({
      key: group.key,
      value: values.value,
      count: sql<number>`count(*)::int`,
      min: sql<number | null>`min(${values.score})`,
      max: sql<number | null>`max(${values.score})`,
    })
    .from(values)
    .where(
      and(
        rowsCondition(values, access, query),
        eq(values.path, query.field),
        eq(values.valueType, type),
        era,
      ),
    )
    .groupBy(group.by, values.value);
}

/**
 * One field of a prompt grouped by representative, department, day, week or month, with the total. The field
 * counts with one type: the prompt's current one, else its newest values' (contentFields, resolveFields). Counts
 * and rates come from the day sums; lowest and highest scores and the values' counts from the values.
 */
export async function exploreField(
  ctx: AppContext,
  access: ProjectAccess,
  explored: ExplorerQuery,
): Promise<Data> {
  const versioned = { ...explored, ...(await askedVersion(ctx.db, access, explored)) };
  const eras = await promptEras(ctx.db, access.project.id, explored.prompt_id, versioned);
  const asked = eraCondition(days, eras, explored.field);
  if (!asked) throw notFound(ANALYTICS_TEXTS.fieldNotFound);
  // From here on the field is its path; an era asked narrows the rows to its versions. A changed field asked
  // by its path is counted by era: when the range has several, the newest is shown (one meaning at a time).
  const query: Asked = { ...versioned, field: asked.path };
  const group = groupColumn(days, query);
  const era = eraPathColumn(days, asked.from === null ? eras : []);
  const [content, counted] = await Promise.all([
    promptContent(ctx.db, access.project.id, query.prompt_id),
    ctx.db
      .select({ key: group.key, era, ...dayTallyColumns })
      .from(days)
      .where(and(rowsCondition(days, access, query), eq(days.path, query.field), asked.condition))
      .groupBy(group.by, days.valueType, sql`2`) as Promise<Array<GroupTally & { era: string }>>,
  ]);
  const counts = joinLoneEras(counted.map((row) => ({ ...row, path: row.era })));
  const shown = counts.reduce<string>(
    (newest, row) =>
      (parseEraPath(row.path).from ?? 0) > (parseEraPath(newest).from ?? 0) ? row.path : newest,
    asked.from === null ? query.field : explored.field,
  );
  const tallies = counts.filter((row) => asked.from !== null || row.path === shown);
  const order = contentFields(content);
  const [resolved] = resolveFields(order, statsOf(shown, tallies));
  const field = resolved ?? (await fieldWithoutValues(ctx.db, access, query, order));
  const eraOfValues = eraCondition(values, eras, shown)!.condition;
  const detailed = CHECKLIST_TYPES.includes(field.type)
    ? []
    : await details(ctx, access, query, field.type, eraOfValues);
  const period = periodOf(query);
  const keyOf = (raw: string | null) =>
    period && raw !== null ? periodKeyOfDay(period, raw, query.week_start) : raw;
  const detailsOf = groupBy(detailed, (row) => keyOf(row.key));
  const chosen = groupBy(
    tallies.filter((row) => row.type === field.type),
    (row) => keyOf(row.key),
  );
  const groups = [...chosen]
    .map(([key, rows]) => groupRow(field, key, rows, detailsOf.get(key) ?? [], period, query))
    .sort(period ? byTime : byName);
  const total = groupRow(field, null, [...chosen.values()].flat(), detailed, null, query);
  return { field, groups, total };
}
