import { type TaskStage, TaskStageSchema, type TaskStatus, TaskStatusSchema } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { TaskRow } from './rows.ts';

/** PostgreSQL channel of task changes: any process (API or worker) notifies, every API process listens. */
export const TASK_EVENTS_CHANNEL = 'task_events';

/** A change of a task's status, stage or progress, as sent to the project's SSE listeners. */
export const TaskEventMessage = z.object({
  project_id: z.number(),
  task_id: z.number(),
  status: TaskStatusSchema,
  stage: TaskStageSchema.nullable(),
  progress: z.number(),
});
export type TaskEventMessage = z.output<typeof TaskEventMessage>;

/**
 * Tells every API process that a task changed. Inside a transaction the event is delivered when it commits
 * (and not at all when it rolls back), so call it with the transaction that wrote the change.
 */
export async function notifyTaskEvent(db: Executor, event: TaskEventMessage): Promise<void> {
  const payload: TaskEventMessage = {
    project_id: event.project_id,
    task_id: event.task_id,
    status: event.status,
    stage: event.stage,
    progress: event.progress,
  };
  await db.execute(sql`SELECT pg_notify(${TASK_EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** The event of a task row (after an update). */
function taskEventOf(task: {
  projectId: number;
  id: number;
  status: TaskStatus;
  stage: TaskStage | null;
  progress: number;
}): TaskEventMessage {
  return {
    project_id: task.projectId,
    task_id: task.id,
    status: task.status,
    stage: task.stage,
    progress: task.progress,
  };
}

/** Sends the event of a task row that just changed; a failure to send is logged, never thrown. */
export async function notifyTask(ctx: Pick<AppContext, 'db' | 'logger'>, task: TaskRow): Promise<void> {
  await notifyTaskEvent(ctx.db, taskEventOf(task)).catch((error) =>
    ctx.logger.warn({ err: error, taskId: task.id }, 'Task event not sent'),
  );
}
