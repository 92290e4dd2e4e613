import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { conversationAtSql, type TaskConversationTime } from './conversation-time.ts';
import type { TaskRow } from './rows.ts';

/** How a new task is asked for (upload, reanalysis). */
export interface TaskRequest {
  projectId: number;
  mediaId: number;
  promptId: number;
  createdBy: number | null;
  /** The API key it was uploaded with, if any. */
  apiKeyId?: number | null;
  priority: number;
  scheduledAt: Date | null;
  metadata: Record<string, string>;
  /** Title, representative and department from the metadata with the project's rep mapping (reps' taskPeople). */
  people: { title: string | null; representative: string | null; department: string | null };
  /** When the conversation took place; null: the upload time. */
  conversation: TaskConversationTime | null;
}

const conversationColumns = (request: TaskRequest) =>
  request.conversation && {
    conversationAt: conversationAtSql(request.projectId, request.conversation.time),
    conversationAtSource: request.conversation.source,
  };

const requestColumns = (request: TaskRequest) => ({
  promptId: request.promptId,
  priority: request.priority,
  scheduledAt: request.scheduledAt,
  metadata: request.metadata,
  ...request.people,
});

/** A new task, queued (its job is sent in the same transaction: see queueTaskIn). */
export async function createTask(db: Executor, request: TaskRequest): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      projectId: request.projectId,
      mediaId: request.mediaId,
      createdBy: request.createdBy,
      apiKeyId: request.apiKeyId ?? null,
      status: 'queued',
      ...requestColumns(request),
      ...conversationColumns(request),
    })
    .returning();
  return row!;
}

const queuedAgain = {
  status: 'queued' as const,
  progress: 0,
  errorReason: null,
  attempts: 0,
  startedAt: null,
  completedAt: null,
  updatedAt: sql`now()`,
};

/**
 * A force reanalysis of a queued or running task: every result is cleared and the new request's prompt,
 * priority, schedule and metadata are taken. A charge already made stays (charges are per task).
 */
export async function restartTask(db: Executor, taskId: number, request: TaskRequest): Promise<TaskRow> {
  const [row] = await db
    .update(tasks)
    .set({
      ...queuedAgain,
      ...requestColumns(request),
      ...(conversationColumns(request) ?? {
        conversationAt: sql`${tasks.createdAt}`,
        conversationAtSource: 'upload' as const,
      }),
      stage: null,
      pipeline: {},
      promptVersionId: null,
      chosenPromptVersionId: null,
      transcript: null,
      transcriptText: null,
      result: null,
      metrics: null,
      lva: null,
      finalScore: null,
      scoreMode: null,
      unsurePaths: null,
    })
    .where(eq(tasks.id, taskId))
    .returning();
  return row!;
}

/**
 * Puts a failed task back to queued (null when it is not failed any more). It keeps its stage and what
 * earlier stages stored, so the worker resumes where it failed. In the transaction that queues it again.
 */
export async function retryTask(tx: Transaction, taskId: number): Promise<TaskRow | null> {
  const [row] = await tx
    .select({ status: tasks.status })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .for('update');
  if (row?.status !== 'failed') return null;
  const [reset] = await tx.update(tasks).set(queuedAgain).where(eq(tasks.id, taskId)).returning();
  return reset ?? null;
}
