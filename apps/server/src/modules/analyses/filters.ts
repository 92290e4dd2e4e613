import { type AnalysisListQuery, FINAL_SCORE_PATH } from '@parley/contracts';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
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

/** Analyses whose field (dotted path) has this outcome or value: where an analytics figure links to. */
function fieldCondition(path: string, outcome: ListFilters['field_outcome'], value: string | undefined): SQL {
  const matches = [
    sql`f.task_id = ${tasks.id}`,
    sql`f.path = ${path}`,
    ...(outcome ? [sql`f.outcome = ${outcome}`] : []),
    ...(value !== undefined ? [sql`f.value = ${value}`] : []),
  ];
  return sql`EXISTS (SELECT 1 FROM analysis_field_values f WHERE ${sql.join(matches, sql` AND `)})`;
}

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
  // A prompt's analyses include those a classification prompt handed to it (what analytics counts).
  if (query.prompt_id) {
    conditions.push(sql`(${tasks.promptId} = ${query.prompt_id} OR ${tasks.chosenPromptVersionId} IN
      (SELECT id FROM prompt_versions WHERE project_id = ${access.project.id} AND prompt_id = ${query.prompt_id}))`);
  }
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
  // The final score's analytics row says whether any answer knocked the analysis out (one primary-key probe).
  if (query.knocked_out) {
    conditions.push(sql`EXISTS (SELECT 1 FROM analysis_field_values f
      WHERE f.task_id = ${tasks.id} AND f.path = ${FINAL_SCORE_PATH} AND f.knockout)`);
  }
  if (query.reviewed) conditions.push(reviewedCondition(query.reviewed));
  if (query.department?.trim()) {
    conditions.push(sql`lower(${tasks.department}) = lower(${query.department.trim()})`);
  }
  if (query.representative?.trim()) {
    conditions.push(sql`lower(${tasks.representative}) = lower(${query.representative.trim()})`);
  }
  if (query.status) conditions.push(eq(tasks.status, query.status));
  if (query.score_min !== undefined) conditions.push(gte(tasks.finalScore, query.score_min));
  if (query.score_max !== undefined) conditions.push(lte(tasks.finalScore, query.score_max));
  if (query.q) conditions.push(sql`${tasks.search} @@ websearch_to_tsquery('simple', ${query.q})`);
  return and(...conditions)!;
}
