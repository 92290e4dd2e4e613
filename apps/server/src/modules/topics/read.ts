import {
  changePercent,
  TOPIC_TEXTS,
  type Topic,
  type TopicRun,
  type TopicRunDetail,
} from '@parley/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tasks, topicExamples, topicRuns, topicSettings, topics } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import type { TopicRunRow } from './start.ts';

/** Runs listed, newest first. */
const RUNS_LISTED = 50;

export function toRun(row: TopicRunRow): TopicRun {
  return {
    id: row.id,
    project_id: row.projectId,
    trigger: row.trigger,
    status: row.status,
    stage: row.stage,
    start_date: row.startDate,
    end_date: row.endDate,
    previous_start_date: row.previousStartDate,
    previous_end_date: row.previousEndDate,
    conversations: row.conversations,
    previous_conversations: row.previousConversations,
    provider: row.provider,
    model: row.model,
    units_milli: row.unitsMilli,
    charged: row.status === 'completed',
    error_code: row.errorCode,
    error_message: row.errorMessage,
    requested_by_name: row.requestedByName,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export async function monthlyOf(ctx: AppContext, projectId: number): Promise<boolean> {
  const [row] = await ctx.db.select().from(topicSettings).where(eq(topicSettings.projectId, projectId));
  return row?.monthly ?? false;
}

export async function listTopicRuns(ctx: AppContext, access: ProjectAccess) {
  const rows = await ctx.db
    .select()
    .from(topicRuns)
    .where(eq(topicRuns.projectId, access.project.id))
    .orderBy(desc(topicRuns.id))
    .limit(RUNS_LISTED);
  return { data: rows.map(toRun), monthly: await monthlyOf(ctx, access.project.id) };
}

/**
 * A run of the project (404 another project's) with its topics; each topic's examples are the ones the reader
 * may see (the analyses list's visibility: a team leader sees their teams'), the most typical first; a deleted
 * analysis's example is gone with it (cascade), an expired or erased one's is left out.
 */
export async function getTopicRun(
  ctx: AppContext,
  access: ProjectAccess,
  runId: number,
): Promise<TopicRunDetail> {
  const [row] = await ctx.db
    .select()
    .from(topicRuns)
    .where(and(eq(topicRuns.id, runId), eq(topicRuns.projectId, access.project.id)));
  if (!row) throw notFound(TOPIC_TEXTS.notFound);
  const found = await ctx.db
    .select()
    .from(topics)
    .where(eq(topics.runId, row.id))
    .orderBy(asc(topics.position));
  const examples =
    found.length === 0
      ? []
      : await ctx.db
          .select({
            topicId: topicExamples.topicId,
            taskId: tasks.id,
            title: tasks.title,
            conversationAt: tasks.conversationAt,
          })
          .from(topicExamples)
          .innerJoin(tasks, eq(tasks.id, topicExamples.taskId))
          .where(
            and(
              inArray(
                topicExamples.topicId,
                found.map((topic) => topic.id),
              ),
              eq(tasks.projectId, access.project.id),
              // Retention or a person's erasure emptied it: nothing left to show of the conversation.
              isNull(tasks.expiredAt),
              taskVisibilityCondition(access),
            ),
          )
          .orderBy(asc(topicExamples.rank));
  const topicsOf: Topic[] = found.map((topic) => ({
    id: topic.id,
    name: topic.name,
    description: topic.description,
    count: topic.count,
    previous_count: topic.previousCount,
    change_percent: changePercent(topic.count, topic.previousCount),
    emerging: topic.emerging,
    phrases: topic.phrases,
    terms: topic.terms,
    examples: examples
      .filter((example) => example.topicId === topic.id)
      .map((example) => ({
        analysis_id: example.taskId,
        title: example.title,
        conversation_at: example.conversationAt.toISOString(),
      })),
  }));
  return { ...toRun(row), topics: topicsOf };
}

export async function saveTopicSettings(ctx: AppContext, access: ProjectAccess, monthly: boolean) {
  await ctx.db
    .insert(topicSettings)
    .values({ projectId: access.project.id, monthly })
    .onConflictDoUpdate({ target: topicSettings.projectId, set: { monthly, updatedAt: new Date() } });
  return { monthly };
}
