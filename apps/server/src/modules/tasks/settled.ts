import type { TaskStatus } from '@parley/contracts';
import type { AppContext } from '../../context.ts';

/** A task that reached an end state: completed, failed or skipped. */
export interface SettledTask {
  id: number;
  projectId: number;
  status: TaskStatus;
}

export type TaskSettledListener = (ctx: AppContext, task: SettledTask) => Promise<void>;

const listeners = new Set<TaskSettledListener>();

/**
 * Subscribes to 'task settled', emitted in the process where a task settles (the worker that ran it, or
 * the API process that skipped or failed it), once its row is written. Every process that can settle a
 * task subscribes at start; subscribing the same listener again changes nothing. Returns the unsubscribe.
 */
export function onTaskSettled(listener: TaskSettledListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs every listener to its end (a listener's failure is logged, never thrown). */
export async function emitTaskSettled(ctx: AppContext, task: SettledTask): Promise<void> {
  for (const listener of listeners) {
    await listener(ctx, task).catch((error) =>
      ctx.logger.warn({ err: error, taskId: task.id }, "A 'task settled' listener failed"),
    );
  }
}
