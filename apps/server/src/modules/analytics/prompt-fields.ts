import {
  type AnalyticsField,
  type AnalyticsValueType,
  analyticsFields,
  FINAL_SCORE_PATH,
  fieldPathLabel,
  type PromptField,
  parseEraPath,
} from '@parley/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  analysisFieldDays as days,
  prompts,
  promptVersions,
  analysisFieldValues as values,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { PROMPT_TEXTS } from '../prompts/service.ts';
import { groupBy } from './tally.ts';

/** The analytics fields of a prompt's content and their types, in the prompt's order (contracts analyticsFields). */
export function contentFields(content: PromptField[]): Map<string, AnalyticsValueType> {
  return new Map([...analyticsFields(content)].map(([path, { type }]) => [path, type]));
}

/** What the rows say about one path and one type of value (a field's type may have changed over time). */
export interface FieldStat {
  path: string;
  type: AnalyticsValueType;
  count: number;
  max: number | null;
  /** The last day with such a value. */
  latest: string;
}

/**
 * The fields the rows have values for, one type each: the prompt's current type when the rows have it, else
 * the type of the newest values. In the prompt's order; fields it no longer has follow alphabetically, and the
 * final score comes last when the prompt has none. A changed field's eras (eraPath) follow each other in its
 * place, oldest first, each with its first version's number.
 */
export function resolveFields(order: Map<string, AnalyticsValueType>, stats: FieldStat[]): AnalyticsField[] {
  const byPath = groupBy(stats, (stat) => stat.path);
  const positions = [...order.keys()];
  const rank = (path: string) => {
    const index = positions.indexOf(path);
    if (index >= 0) return index;
    return positions.length + (path === FINAL_SCORE_PATH ? 1 : 0);
  };
  const fields = [...byPath].map(([key, candidates]): AnalyticsField & { field: string } => {
    const { path, from } = parseEraPath(key);
    const newest = candidates.reduce((a, b) => (b.latest > a.latest ? b : a));
    const chosen = candidates.find((stat) => stat.type === order.get(path)) ?? newest;
    const resolved = {
      path: key,
      label: fieldPathLabel(path),
      type: chosen.type,
      max: chosen.max,
      count: chosen.count,
    };
    return { ...resolved, ...(from !== null && { version: from }), field: path };
  });
  return fields
    .sort(
      (a, b) =>
        rank(a.field) - rank(b.field) ||
        a.field.localeCompare(b.field) ||
        (a.version ?? 0) - (b.version ?? 0),
    )
    .map(({ field: _field, ...resolved }) => resolved);
}

/** What the version a deleted prompt's newest analysis ran with says (its name and fields), if any. */
async function newestVersion(db: Executor, projectId: number, promptId: number) {
  const [version] = await db
    .select({
      name: sql<string | null>`${promptVersions.data}->>'scriptName'`,
      content: sql<PromptField[] | null>`${promptVersions.data}->'content'`,
    })
    .from(values)
    .innerJoin(promptVersions, eq(promptVersions.id, values.promptVersionId))
    .where(
      and(eq(values.projectId, projectId), eq(values.promptId, promptId), eq(values.path, FINAL_SCORE_PATH)),
    )
    .orderBy(desc(values.analysisDate))
    .limit(1);
  return version ?? null;
}

/**
 * A prompt's current content; for a deleted prompt, the content of the version its newest analysis ran with;
 * 404 when the project has neither (another project's prompt included).
 */
export async function promptContent(
  db: Executor,
  projectId: number,
  promptId: number,
): Promise<PromptField[]> {
  const [prompt] = await db
    .select({ content: prompts.content })
    .from(prompts)
    .where(and(eq(prompts.projectId, projectId), eq(prompts.id, promptId)));
  if (prompt) return prompt.content;
  const version = await newestVersion(db, projectId, promptId);
  if (!version) throw notFound(PROMPT_TEXTS.notFound);
  return version.content ?? [];
}

/**
 * Every path a prompt's analyses have values for, by a skip scan of the day sums' key (one probe per path).
 * Asking for `path = ANY(paths)` lets a report over all of a prompt's fields read each path's days instead of
 * every day sum the prompt ever had.
 */
async function promptPaths(db: Executor, projectId: number, promptId: number): Promise<string[]> {
  const first = (after: SQL) => sql`
    SELECT d.path FROM ${days} d WHERE d.project_id = ${projectId} AND d.prompt_id = ${promptId} AND ${after}
    ORDER BY d.path LIMIT 1`;
  const { rows } = await db.execute<{ path: string }>(sql`
    WITH RECURSIVE paths AS (
      (${first(sql`true`)})
      UNION ALL
      SELECT (${first(sql`d.path > paths.path`)}) FROM paths WHERE paths.path IS NOT NULL
    )
    SELECT path FROM paths WHERE path IS NOT NULL`);
  return rows.map((row) => row.path);
}

/** A prompt's content (404: the project has no such prompt) and every path its analyses have values for. */
export async function promptWithPaths(db: Executor, projectId: number, promptId: number) {
  const [content, paths] = await Promise.all([
    promptContent(db, projectId, promptId),
    promptPaths(db, projectId, promptId),
  ]);
  return { content, paths };
}

/** The names of prompts that answered: the prompt's name, or the name its version had when it is deleted. */
export async function promptNames(
  db: Executor,
  projectId: number,
  promptIds: number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(promptIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: prompts.id, name: prompts.scriptName })
    .from(prompts)
    .where(and(eq(prompts.projectId, projectId), inArray(prompts.id, ids)));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  for (const id of ids) {
    if (names.has(id)) continue;
    const name = (await newestVersion(db, projectId, id))?.name;
    if (name) names.set(id, name);
  }
  return names;
}
