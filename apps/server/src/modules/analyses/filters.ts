import { type AnalysisListQuery, FINAL_SCORE_PATH } from '@parley/contracts';
import { and, type Column, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { tasks } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { reviewedCondition } from '../reviews/service.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

/** The list's filters; the export takes the same without paging. */
export type ListFilters = Omit<z.output<typeof AnalysisListQuery>, 'page' | 'page_size'>;

export const PROMPT_VERSION_NEEDS_PROMPT =
  'prompt_version is a version number of a prompt: send prompt_id with it.';

/**
 * Analyses whose field (dotted path) has this outcome or value: where an analytics figure links to (and an
 * automation rule's field condition).
 */
export function fieldCondition(
  path: string,
  outcome: ListFilters['field_outcome'],
  value: string | undefined,
): SQL {
  const matches = [
    sql`f.task_id = ${tasks.id}`,
    sql`f.path = ${path}`,
    ...(outcome ? [sql`f.outcome = ${outcome}`] : []),
    ...(value !== undefined ? [sql`f.value = ${value}`] : []),
  ];
  return sql`EXISTS (SELECT 1 FROM analysis_field_values f WHERE ${sql.join(matches, sql` AND `)})`;
}

/** The columns a prompt condition compares: the tasks' own, or a sum's that keeps them (trackers' day sums). */
export interface PromptColumns {
  promptId: Column;
  chosenPromptVersionId: Column;
}

/** A prompt's analyses, with those a classification prompt handed to it (what analytics counts). */
export const promptCondition = (projectId: number, promptId: number, columns: PromptColumns = tasks): SQL =>
  sql`(${columns.promptId} = ${promptId} OR ${columns.chosenPromptVersionId} IN
    (SELECT id FROM prompt_versions WHERE project_id = ${projectId} AND prompt_id = ${promptId}))`;

/** Analyses an answer knocked out: the final score's analytics row says so (one primary-key probe). */
export const knockedOutCondition = (): SQL => sql`EXISTS (SELECT 1 FROM analysis_field_values f
  WHERE f.task_id = ${tasks.id} AND f.path = ${FINAL_SCORE_PATH} AND f.knockout)`;

/**
 * Analyses that hit a tracker (modules/trackers): one probe of tracker_hits' primary key per analysis, so the
 * list still picks its page's ids from the tasks indexes alone. Another project's tracker has no hits here.
 */
export const trackerCondition = (trackerId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM tracker_hits h WHERE h.tracker_id = ${trackerId} AND h.task_id = ${tasks.id})`;

/** A department or representative, whatever its case and surrounding spaces. */
export const sameText = (column: typeof tasks.department | typeof tasks.representative, text: string): SQL =>
  sql`lower(${column}) = lower(${text.trim()})`;

/**
 * The analyses of the project the caller may see (visibility.ts) that match the list's filters: the one
 * condition of the list and its export.
 */
export function listFilters(access: ProjectAccess, query: ListFilters): SQL {
  const tz = access.project.timezone;
  const conditions: SQL[] = [eq(tasks.projectId, access.project.id)];
  const visible = taskVisibilityCondition(access);
  if (visible) conditions.push(visible);
  // Dates are days of the conversations in the project's time zone; `to` includes its whole day.
  if (query.from)
    conditions.push(sql`${tasks.conversationAt} >= (${query.from}::date::timestamp AT TIME ZONE ${tz})`);
  if (query.to)
    conditions.push(sql`${tasks.conversationAt} < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  if (query.prompt_id) conditions.push(promptCondition(access.project.id, query.prompt_id));
  if (query.prompt_version !== undefined) {
    if (!query.prompt_id) throw badRequest(PROMPT_VERSION_NEEDS_PROMPT, 'bad_request', 'prompt_version');
    // The version numbers are the prompt's own; a classification's chosen prompt counts as for prompt_id.
    const version = sql`(SELECT id FROM prompt_versions WHERE project_id = ${access.project.id}
      AND prompt_id = ${query.prompt_id} AND number = ${query.prompt_version})`;
    conditions.push(
      sql`(${tasks.promptVersionId} IN ${version} OR ${tasks.chosenPromptVersionId} IN ${version})`,
    );
  }
  if (query.field) conditions.push(fieldCondition(query.field, query.field_outcome, query.field_value));
  if (query.knocked_out) conditions.push(knockedOutCondition());
  if (query.reviewed) conditions.push(reviewedCondition(query.reviewed));
  if (query.department?.trim()) conditions.push(sameText(tasks.department, query.department));
  if (query.representative?.trim()) conditions.push(sameText(tasks.representative, query.representative));
  if (query.status) conditions.push(eq(tasks.status, query.status));
  if (query.score_min !== undefined) conditions.push(gte(tasks.finalScore, query.score_min));
  if (query.score_max !== undefined) conditions.push(lte(tasks.finalScore, query.score_max));
  if (query.q) conditions.push(sql`${tasks.search} @@ websearch_to_tsquery('simple', ${query.q})`);
  if (query.tracker_id) conditions.push(trackerCondition(query.tracker_id));
  return and(...conditions)!;
}
