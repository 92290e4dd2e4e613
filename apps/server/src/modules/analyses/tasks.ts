import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { taskPeople } from '../reps/lookup.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type MediaRow = typeof mediaFiles.$inferSelect;

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
}

/**
 * The request's columns; title, representative and department come from metadata keys of any case, with the
 * project's rep mapping applied (a mapped name, extension, email or phone gives the canonical representative
 * and department).
 */
async function requestColumns(db: Executor, request: TaskRequest) {
  return {
    promptId: request.promptId,
    priority: request.priority,
    scheduledAt: request.scheduledAt,
    metadata: request.metadata,
    ...(await taskPeople(db, request.projectId, request.metadata)),
  };
}

export async function insertTask(db: Executor, request: TaskRequest): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({
      projectId: request.projectId,
      mediaId: request.mediaId,
      createdBy: request.createdBy,
      apiKeyId: request.apiKeyId ?? null,
      status: 'queued',
      ...(await requestColumns(db, request)),
    })
    .returning();
  return row!;
}

/**
 * Puts a task back in the queue state.
 * - `retry` (a failed task): keeps its stage and what earlier stages stored, so the worker may resume.
 * - `restart` (force reanalysis of a queued or running task): clears every result and takes the new
 *   request's prompt, priority, schedule and metadata. A charge already made stays (charges are per task).
 */
export async function resetTask(
  db: Executor,
  taskId: number,
  mode: 'retry' | 'restart',
  request?: TaskRequest,
): Promise<TaskRow> {
  const common = {
    status: 'queued' as const,
    progress: 0,
    error: null,
    attempts: 0,
    startedAt: null,
    completedAt: null,
    updatedAt: sql`now()`,
  };
  const values =
    mode === 'retry'
      ? common
      : {
          ...common,
          ...(request ? await requestColumns(db, request) : {}),
          stage: null,
          pipeline: {},
          promptSnapshot: null,
          transcript: null,
          transcriptText: null,
          result: null,
          metrics: null,
          lva: null,
          finalScore: null,
        };
  const [row] = await db.update(tasks).set(values).where(eq(tasks.id, taskId)).returning();
  return row!;
}

/**
 * The newest stored file of the project with these bytes and its newest analysis on any such file; `visible` narrows the
 * analysis to those the caller may see.
 */
export async function findBySha(
  db: Executor,
  projectId: number,
  sha256: string,
  visible?: SQL,
): Promise<{ media: MediaRow | null; task: TaskRow | null }> {
  const [media] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.sha256, sha256)))
    .orderBy(desc(mediaFiles.id))
    .limit(1);
  if (!media) return { media: null, task: null };
  const [row] = await db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.sha256, sha256), visible))
    .orderBy(desc(tasks.id))
    .limit(1);
  return { media, task: row?.task ?? null };
}

/** A task of the project with its file; `visible` narrows it to what the caller may see. */
export async function findProjectTask(db: Executor, projectId: number, taskId: number, visible?: SQL) {
  const [row] = await db
    .select({ task: tasks, media: mediaFiles })
    .from(tasks)
    .innerJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .where(and(eq(tasks.projectId, projectId), eq(tasks.id, taskId), visible));
  return row ?? null;
}
