import {
  ANALYSES_COUNT_CAP,
  type AnalysisListItem,
  type AnalysisListQuery,
  type FinalScoreMode,
} from '@parley/contracts';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mediaFiles, prompts, tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskErrorFields } from '../tasks/rows.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

type Query = z.output<typeof AnalysisListQuery>;
type Item = z.infer<typeof AnalysisListItem>;

/** Analyses whose field (dotted path) has this outcome or value: where an analytics figure links to. */
function fieldCondition(path: string, outcome: Query['field_outcome'], value: string | undefined): SQL {
  const matches = [
    sql`f.task_id = ${tasks.id}`,
    sql`f.path = ${path}`,
    ...(outcome ? [sql`f.outcome = ${outcome}`] : []),
    ...(value !== undefined ? [sql`f.value = ${value}`] : []),
  ];
  return sql`EXISTS (SELECT 1 FROM analysis_field_values f WHERE ${sql.join(matches, sql` AND `)})`;
}

function filters(access: ProjectAccess, query: Query): SQL {
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
  if (query.field) conditions.push(fieldCondition(query.field, query.field_outcome, query.field_value));
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

/**
 * A page of the project's analyses, newest first, with the list's filters and full-text search. The total is
 * counted up to `countCap` (one more row is read to know whether there are more): an exact count of a
 * million rows on every page was most of the list's time.
 */
export async function listAnalyses(
  ctx: AppContext,
  access: ProjectAccess,
  query: Query,
  countCap = ANALYSES_COUNT_CAP,
) {
  const where = filters(access, query);
  const matching = ctx.db
    .select({ one: sql`1` })
    .from(tasks)
    .where(where)
    .limit(countCap + 1)
    .as('matching');
  const [counted] = await ctx.db.select({ total: count() }).from(matching);
  const found = counted?.total ?? 0;
  // Few matches (a rare search word, one representative): sort them after their own indexes found them.
  // Many: walk the (project, conversation_at) index newest first and stop at the page. The planner can't tell
  // the two apart for a search word, and walking a million rows for a word that is in none took 0.3 s.
  const newestFirst =
    found <= countCap
      ? [sql`${tasks.conversationAt} + interval '0 s' DESC`, desc(tasks.id)]
      : [desc(tasks.conversationAt), desc(tasks.id)];
  // Only what a row shows: transcripts and results stay on disk.
  const rows =
    found === 0
      ? []
      : await ctx.db
          .select({
            task: {
              id: tasks.id,
              createdAt: tasks.createdAt,
              conversationAt: tasks.conversationAt,
              title: tasks.title,
              representative: tasks.representative,
              department: tasks.department,
              promptId: tasks.promptId,
              finalScore: tasks.finalScore,
              status: tasks.status,
              stage: tasks.stage,
              progress: tasks.progress,
              errorReason: tasks.errorReason,
            },
            fileName: mediaFiles.fileName,
            durationMs: mediaFiles.durationMs,
            promptName: prompts.scriptName,
            scoreMode: sql<FinalScoreMode | null>`${tasks.result}->'score'->>'mode'`,
          })
          .from(tasks)
          .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
          .leftJoin(prompts, eq(prompts.id, tasks.promptId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size);
  const items: Item[] = rows.map(({ task, fileName, durationMs, promptName, scoreMode }) => ({
    id: task.id,
    created_at: task.createdAt.toISOString(),
    conversation_at: task.conversationAt.toISOString(),
    title: task.title,
    representative: task.representative,
    department: task.department,
    prompt_id: task.promptId,
    prompt_name: promptName,
    final_score: task.finalScore,
    score_mode: scoreMode,
    duration_seconds: durationMs === null ? null : durationMs / 1000,
    status: task.status,
    stage: task.stage,
    progress: Math.min(100, Math.max(0, task.progress)),
    ...taskErrorFields(task.errorReason),
    file_name: fileName,
  }));
  return {
    items,
    total: Math.min(found, countCap),
    total_capped: found > countCap,
    page: query.page,
    page_size: query.page_size,
  };
}
