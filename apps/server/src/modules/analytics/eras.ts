import { eraPath, type FieldEra, fieldEras, type PromptField, parseEraPath } from '@parley/contracts';
import { and, type Column, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { promptVersions } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { PROMPT_VERSION_NEEDS_PROMPT } from '../analyses/filters.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { VERSION_TEXTS } from '../prompts/version-service.ts';
import { groupBy } from './tally.ts';

/**
 * Scorecard versions in the reports (contracts analytics/eras.ts): the sums carry the version that answered
 * (migration 0038), so a report filters by one, and counts a field whose meaning changed between versions per
 * era. The era is chosen in SQL by the row's version (a CASE over the few changed fields: the report keeps
 * its plan and its index), the rest of the report sees an era as a field of its own (its eraPath).
 */

/** What the reports filter by: the version asked as its id. */
export interface VersionScope {
  prompt_version_id?: number;
}

/** The id of the prompt's version numbered `number` (404 when the project's prompt has none). */
export async function askedVersion(
  db: Executor,
  access: ProjectAccess,
  query: { prompt_id?: number; prompt_version?: number },
): Promise<VersionScope> {
  if (query.prompt_version === undefined) return {};
  if (!query.prompt_id) throw badRequest(PROMPT_VERSION_NEEDS_PROMPT, 'bad_request', 'prompt_version');
  const [row] = await db
    .select({ id: promptVersions.id })
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.projectId, access.project.id),
        eq(promptVersions.promptId, query.prompt_id),
        eq(promptVersions.number, query.prompt_version),
      ),
    );
  if (!row) throw notFound(VERSION_TEXTS.notFound);
  return { prompt_version_id: row.id };
}

/**
 * The eras of the prompt's fields that changed meaning between its versions (drafts never answered); none when
 * one version is asked (its figures are of one meaning).
 */
export async function promptEras(
  db: Executor,
  projectId: number,
  promptId: number,
  scope: VersionScope,
): Promise<FieldEra[]> {
  if (scope.prompt_version_id !== undefined) return [];
  const rows = await db
    .select({
      id: promptVersions.id,
      number: promptVersions.number,
      content: sql<PromptField[] | null>`${promptVersions.data}->'content'`,
      finalScore: sql<string | null>`${promptVersions.data}->>'finalScore'`,
      maxScore: sql<number | null>`(${promptVersions.data}->>'maxScore')::float8`,
    })
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.projectId, projectId),
        eq(promptVersions.promptId, promptId),
        ne(promptVersions.state, 'draft'),
      ),
    );
  return fieldEras(rows.map((row) => ({ ...row, content: row.content ?? [] })));
}

type VersionedTable = { promptVersionId: Column };

/** Rows of the era's versions (the first era: values without a version too, they are older than versions). */
function eraVersions(table: VersionedTable, era: FieldEra, first: boolean): SQL {
  const ids = sql`${table.promptVersionId} IN (${sql.join(
    era.versionIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
  return first ? sql`(${ids} OR ${table.promptVersionId} IS NULL)` : ids;
}

/**
 * A row's path, or for a field of several eras its era's eraPath (values without a version count in the
 * first era: they are older than versions). Group by its position in the select list: its parameters make
 * another copy of it a different expression to PostgreSQL.
 */
export function eraPathColumn(table: VersionedTable & { path: Column }, eras: FieldEra[]): SQL<string> {
  if (eras.length === 0) return sql<string>`${table.path}`;
  const cases = [...groupBy(eras, (era) => era.path)].flatMap(([, ofPath]) =>
    ofPath.map(
      (era, index) =>
        sql`WHEN ${table.path} = ${era.path} AND ${eraVersions(table, era, index === 0)} THEN ${eraPath(era.path, era.from)}`,
    ),
  );
  return sql<string>`(CASE ${sql.join(cases, sql` `)} ELSE ${table.path} END)`;
}

/** Rows of a changed field that all fall in one era need no split: they take the field's own path back. */
export function joinLoneEras<T extends { path: string }>(rows: T[]): T[] {
  const erasOf = new Map<string, Set<string>>();
  for (const row of rows) {
    const { path } = parseEraPath(row.path);
    erasOf.set(path, (erasOf.get(path) ?? new Set()).add(row.path));
  }
  return rows.map((row) => {
    const { path, from } = parseEraPath(row.path);
    return from !== null && erasOf.get(path)!.size === 1 ? { ...row, path } : row;
  });
}

/**
 * The explorer's field: its path and, for an era of a changed field (eraPath), the era's first version and the
 * condition on the rows' versions. Null when the field has no such era.
 */
export function eraCondition(
  table: VersionedTable,
  eras: FieldEra[],
  field: string,
): { path: string; from: number | null; condition: SQL | undefined } | null {
  const asked = parseEraPath(field);
  if (asked.from === null) return { ...asked, condition: undefined };
  const ofPath = eras.filter((era) => era.path === asked.path);
  const index = ofPath.findIndex((era) => era.from === asked.from);
  if (index < 0) return null;
  return { ...asked, condition: eraVersions(table, ofPath[index]!, index === 0) };
}
