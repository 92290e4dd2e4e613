import type { ConversationTime, ConversationTimeSource } from '@parley/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projects, tasks } from '../../db/schema/index.ts';

export interface TaskConversationTime {
  time: ConversationTime;
  source: Exclude<ConversationTimeSource, 'upload'>;
}

/** A conversation time as a timestamp: a time without a zone is one of the project's zone. */
export function conversationAtSql(projectId: number, time: ConversationTime): SQL {
  return time.zoned
    ? sql`${time.at}::timestamptz`
    : sql`(${time.at}::timestamp AT TIME ZONE (SELECT ${projects.timezone} FROM ${projects} WHERE ${projects.id} = ${projectId}))`;
}

/**
 * The conversation itself says when it took place (a chat's first message): that dates the task unless its
 * upload declared a time. Called before the task completes, so its analytics rows take that day.
 */
export async function dateByConversation(
  db: Executor,
  task: { id: number; projectId: number },
  time: ConversationTime,
): Promise<void> {
  await db
    .update(tasks)
    .set({ conversationAt: conversationAtSql(task.projectId, time), conversationAtSource: 'conversation' })
    .where(and(eq(tasks.id, task.id), inArray(tasks.conversationAtSource, ['file', 'upload'])));
}
