import {
  type AnalyticsField,
  type AnalyticsValueType,
  type ChecklistCell,
  type ChecklistQuery,
  type ChecklistResponse,
  type ChecklistRow,
  FINAL_SCORE_PATH,
  type FieldEra,
  type PromptField,
  parseEraPath,
} from '@parley/contracts';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { analysisFieldDays as days, analysisFieldMonths as months } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { askedVersion, eraPathColumn, joinLoneEras, promptEras, type VersionScope } from './eras.ts';
import { checkedDays, daysCondition, rowsCondition, scopeConditions } from './filters.ts';
import { monthsCondition, rangeParts } from './months.ts';
import { contentFields, promptWithPaths, resolveFields } from './prompt-fields.ts';
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

type VersionedQuery = ChecklistQuery & VersionScope;

/** The items of the report: yes/no items, marks and numbers. */
const ITEM_TYPES: ReadonlySet<AnalyticsValueType> = new Set(['bool', 'ok', 'marks', 'int', 'float']);

/** A representative's values of one path and type, added up. */
export type RepTally = TallyRow & { representative: string | null; path: string };

/**
 * What a group of analyses (a representative, the team) scores: the row of a report without its name, and its
 * knocked-out analyses.
 */
export type ReportFigures = Omit<ChecklistRow, 'representative'> & { knockouts: number };

/** The report's items and each field's type (values of another type, a field's former one, are left out). */
export interface ReportItems {
  items: AnalyticsField[];
  typeOf: ReadonlyMap<string, AnalyticsValueType>;
}

function cell(item: AnalyticsField, tally: Tally): ChecklistCell {
  const value = rating(item.type, tally);
  const ratio = value !== null && item.max !== null && item.max > 0 ? value / item.max : null;
  return { count: tally.count, value, ratio, na: tally.na };
}

/** The fields the tallies have values of, resolved against the prompt's content; the items among them. */
export function reportItems(content: PromptField[], tallies: readonly RepTally[]): ReportItems {
  const stats = [...groupBy(tallies, (row) => row.path)].flatMap(([path, rows]) => statsOf(path, rows));
  const fields = resolveFields(contentFields(content), stats);
  return {
    items: fields.filter((field) => ITEM_TYPES.has(field.type)),
    typeOf: new Map(fields.map((field) => [field.path, field.type])),
  };
}

/** A group's tallies added up by path, of each field's resolved type only. */
function talliesByPath(tallies: readonly RepTally[], { typeOf }: ReportItems): Map<string, Tally> {
  const byPath = new Map<string, Tally>();
  for (const row of tallies) {
    if (typeOf.get(row.path) !== row.type) continue;
    byPath.set(row.path, addTally(byPath.get(row.path) ?? emptyTally(), row));
  }
  return byPath;
}

/** A group's analyses, their average final score and a cell per item it has values of. */
export function reportFigures(tallies: readonly RepTally[], report: ReportItems): ReportFigures {
  const byPath = talliesByPath(tallies, report);
  const final = byPath.get(FINAL_SCORE_PATH) ?? emptyTally();
  const cells: ReportFigures['cells'] = {};
  for (const item of report.items) {
    const tally = byPath.get(item.path);
    if (tally) cells[item.path] = cell(item, tally);
  }
  return { analyses: final.count, average_score: rating('final', final), knockouts: final.knockouts, cells };
}

/** Alphabetically, analyses without a representative last. */
export const byRepresentative = (
  a: { representative: string | null },
  b: { representative: string | null },
) =>
  a.representative === null
    ? 1
    : b.representative === null
      ? -1
      : a.representative.localeCompare(b.representative);

/**
 * Each representative's tallies per path and type within the filters: whole months from the month sums, the
 * days around them from the day sums added, or taken off where the range leaves out fewer days of a month than
 * it takes in (rangeParts). One statement: the parts are added up per highest score (part of the sums' key), a
 * group that the days taken off empty is dropped, then the groups per type.
 */
async function repTallies(
  db: Executor,
  access: ProjectAccess,
  query: VersionedQuery,
  paths: string[],
  eras: FieldEra[],
): Promise<RepTally[]> {
  const parts = rangeParts(checkedDays(query));
  const part = (table: typeof days | typeof months, range: SQL | undefined, sign: 1 | -1, latest: SQL) => sql`
    SELECT ${table.representative} AS representative, ${eraPathColumn(table, eras)} AS path,
      ${table.valueType} AS value_type,
      ${table.maxScore} AS max_score, ${sign} * ${table.analyses} AS analyses, ${sign} * ${table.scoreSum} AS score_sum,
      ${sign} * ${table.scored} AS scored, ${sign} * ${table.passed} AS passed, ${sign} * ${table.missed} AS missed,
      ${sign} * ${table.na} AS na, ${sign} * ${table.knockouts} AS knockouts, ${latest} AS latest
    FROM ${table}
    WHERE ${and(...scopeConditions(table, access, query), range, inArray(table.path, paths))}`;
  const monthEnd = sql`(${months.month} + interval '1 month' - interval '1 day')::date`;
  const reads: SQL[] = [];
  if (parts.months)
    reads.push(part(months, and(...monthsCondition(months.month, parts.months)), 1, monthEnd));
  for (const asked of parts.days)
    reads.push(part(days, and(...daysCondition(days, asked)), 1, sql`${days.analysisDate}`));
  for (const left of parts.lessDays)
    reads.push(part(days, and(...daysCondition(days, left)), -1, sql`NULL::date`));
  const { rows } = await db.execute<RepTally & Record<string, unknown>>(sql`
    SELECT representative, path, value_type AS type, sum(analyses)::int AS count, sum(score_sum)::float8 AS "scoreSum",
      sum(scored)::int AS scored, sum(passed)::int AS passed, sum(missed)::int AS missed, sum(na)::int AS na,
      sum(knockouts)::int AS knockouts, max(max_score) AS "maxScore", max(latest)::text AS latest
    FROM (
      SELECT representative, path, value_type, max_score, sum(analyses) AS analyses, sum(score_sum) AS score_sum,
        sum(scored) AS scored, sum(passed) AS passed, sum(missed) AS missed, sum(na) AS na,
        sum(knockouts) AS knockouts, max(latest) AS latest
      FROM (${sql.join(reads, sql` UNION ALL `)}) AS parts
      GROUP BY representative, path, value_type, max_score
      HAVING sum(analyses) <> 0
    ) AS groups
    GROUP BY representative, path, value_type`);
  const tallies = joinLoneEras(rows);
  return parts.months ? exactTypeDays(db, access, query, tallies, eras) : tallies;
}

/**
 * The month sums know a value's day to the month: where a path has values of several types (its type changed),
 * which type is newest is read from the day sums, so the field's type is resolved as by days.
 */
async function exactTypeDays(
  db: Executor,
  access: ProjectAccess,
  query: VersionedQuery,
  tallies: RepTally[],
  eras: FieldEra[],
): Promise<RepTally[]> {
  const typesOf = groupBy(tallies, (row) => row.path);
  const mixed = [...typesOf].filter(([, rows]) => new Set(rows.map((row) => row.type)).size > 1);
  if (mixed.length === 0) return tallies;
  const path = eraPathColumn(days, eras);
  const newest = await db
    .select({ path, type: dayTallyColumns.type, latest: dayTallyColumns.latest })
    .from(days)
    .where(
      and(
        rowsCondition(days, access, query),
        inArray(
          days.path,
          mixed.map(([key]) => parseEraPath(key).path),
        ),
      ),
    )
    .groupBy(sql`1`, days.valueType); // the path's expression, by its position
  const latestOf = new Map(joinLoneEras(newest).map((row) => [`${row.path}\n${row.type}`, row.latest]));
  return tallies.map((row) => ({ ...row, latest: latestOf.get(`${row.path}\n${row.type}`) ?? row.latest }));
}

/** The report of a prompt's content from its representatives' tallies. */
export function checklistOf(content: PromptField[], tallies: readonly RepTally[]): ChecklistResponse['data'] {
  const report = reportItems(content, tallies);
  const rows = [...groupBy(tallies, (row) => row.representative)].map(
    ([representative, rows]): ChecklistRow => ({ representative, ...reportFigures(rows, report) }),
  );
  return {
    items: report.items,
    rows: rows.sort(byRepresentative),
    total: { representative: null, ...reportFigures(tallies, report) },
  };
}

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
  const versioned = { ...query, ...(await askedVersion(ctx.db, access, query)) };
  const [{ content, paths }, eras] = await Promise.all([
    promptWithPaths(ctx.db, access.project.id, query.prompt_id),
    promptEras(ctx.db, access.project.id, query.prompt_id, versioned),
  ]);
  return checklistOf(
    content,
    paths.length === 0 ? [] : await repTallies(ctx.db, access, versioned, paths, eras),
  );
}
