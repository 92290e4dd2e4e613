import { type AnalysisListItem, type AnalysisListQuery, analysesCountCap } from '@parley/contracts';
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { mediaFiles, prompts, tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { humanScores } from '../reviews/service.ts';
import { taskErrorFields } from '../tasks/rows.ts';
import { listFilters } from './filters.ts';

type Query = z.output<typeof AnalysisListQuery>;
type Item = z.infer<typeof AnalysisListItem>;

/** What a row of the list shows: transcripts and results stay on disk. */
const listColumns = {
  task: {
    id: tasks.id,
    createdAt: tasks.createdAt,
    conversationAt: tasks.conversationAt,
    title: tasks.title,
    representative: tasks.representative,
    department: tasks.department,
    promptId: tasks.promptId,
    finalScore: tasks.finalScore,
    scoreMode: tasks.scoreMode,
    status: tasks.status,
    stage: tasks.stage,
    progress: tasks.progress,
    errorReason: tasks.errorReason,
  },
  fileName: mediaFiles.fileName,
  durationMs: mediaFiles.durationMs,
  promptName: prompts.scriptName,
};

/** Tasks with the list's columns and `extra` ones, for a where clause and an order to narrow. */
export function selectListRows<E extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra: E) {
  return db
    .select({ ...listColumns, ...extra })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .leftJoin(prompts, eq(prompts.id, tasks.promptId));
}

type ListRow = Awaited<ReturnType<typeof selectListRows<Record<never, SQL>>>>[number];

/** A row as the list answers it. */
export function listItem({ task, fileName, durationMs, promptName }: ListRow): Item {
  return {
    id: task.id,
    created_at: task.createdAt.toISOString(),
    conversation_at: task.conversationAt.toISOString(),
    title: task.title,
    representative: task.representative,
    department: task.department,
    prompt_id: task.promptId,
    prompt_name: promptName,
    final_score: task.finalScore,
    score_mode: task.scoreMode,
    duration_seconds: durationMs === null ? null : durationMs / 1000,
    status: task.status,
    stage: task.stage,
    progress: Math.min(100, Math.max(0, task.progress)),
    ...taskErrorFields(task.errorReason),
    file_name: fileName,
  };
}

/**
 * A page of the project's analyses, newest first, with the list's filters and full-text search. The total is
 * counted up to `countCap` (10,000; 1,000 with a search word; one more row is read to know whether there are more): an exact count of a
 * million rows on every page was most of the list's time. The page's ids are chosen first, from the indexes
 * alone where the filters allow (tasks schema), and only those rows are read with their joins: reading the
 * rows that an offset skips took half of a far page's time.
 */
/**
 * The list's items of these rows, each with the human score of its reviews (null when none is submitted or the
 * viewer reviews the analysis blind; null viewer: not a person).
 */
export async function listItemsWithReviews(db: Executor, rows: ListRow[], viewerId: number | null) {
  const human = await humanScores(
    db,
    rows.map((row) => row.task.id),
    viewerId,
  );
  return rows.map((row) => ({ ...listItem(row), human_score: human.get(row.task.id) ?? null }));
}

export async function listAnalyses(
  ctx: AppContext,
  access: ProjectAccess,
  query: Query,
  viewerId: number | null,
  countCap = analysesCountCap(query),
) {
  const where = listFilters(access, query);
  const found = await countUpTo(ctx.db, where, countCap + 1, Boolean(query.q));
  const page = ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(where)
    .orderBy(...newestFirst(found, countCap))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const rows =
    found === 0
      ? []
      : await selectListRows(ctx.db, {})
          .where(inArray(tasks.id, page))
          .orderBy(desc(tasks.conversationAt), desc(tasks.id));
  return {
    items: await listItemsWithReviews(ctx.db, rows, viewerId),
    total: Math.min(found, countCap),
    total_capped: found > countCap,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * The order of a page, newest first, for `found` matching rows (as countUpTo counted them, up to `countCap` + 1).
 * Few matches (a rare search word, one representative): sort them after their own indexes found them.
 * Many: walk the (project, conversation_at) index newest first and stop at the page. The planner can't tell
 * the two apart for a search word, and walking a million rows for a word that is in none took 0.3 s.
 */
export const newestFirst = (found: number, countCap: number): SQL[] =>
  found <= countCap
    ? [sql`${tasks.conversationAt} + interval '0 s' DESC`, desc(tasks.id)]
    : [desc(tasks.conversationAt), desc(tasks.id)];

/**
 * How many tasks match, counting no further than `limit`. A search word is counted from the indexes, never by
 * reading the whole table: the planner guesses a word's frequency from every project's rows, so for a word
 * frequent elsewhere and rare here it read the table to its end hoping for `limit` matches (0.6 s at 1.2 M rows).
 */
export async function countUpTo(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  searched: boolean,
): Promise<number> {
  const counted = async (tx: Executor) => {
    const matching = tx.select({ one: sql`1` }).from(tasks).where(where).limit(limit).as('matching');
    const [row] = await tx.select({ total: count() }).from(matching);
    return row?.total ?? 0;
  };
  if (!searched) return counted(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return counted(tx);
  });
}
