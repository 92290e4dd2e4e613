import type { TaskStage } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { Transcriber } from '../../ai/transcription.ts';
import type { AppContext } from '../../context.ts';
import { type mediaFiles, tasks } from '../../db/schema/index.ts';
import type { PreparedAudio } from '../../media/audio.ts';
import type { Storage } from '../../storage/index.ts';
import { notifyTaskEvent, taskEventOf } from '../analyses/events.ts';
import type { PipelineState } from './state.ts';

/** Progress (0-100) at which each stage starts; transcription moves on within its share. */
export const PROGRESS: Record<TaskStage, number> = {
  media: 5,
  transcription: 15,
  analysis: 60,
  lva: 85,
  done: 100,
};

/** What the pipeline needs from outside; tests replace parts. */
export interface PipelineDeps {
  storage?: Pick<Storage, 'get'>;
  transcriber?: (ctx: AppContext) => Transcriber;
  /** Called after a stage has stored its output (tests simulate a crash here). */
  afterStage?: (stage: TaskStage, taskId: number) => void | Promise<void>;
}

export interface RunOptions {
  /** No retry follows: a failure that could pass later fails the task now. */
  lastAttempt: boolean;
  /** Aborted when the job is cancelled or expires. */
  signal?: AbortSignal;
}

/** Files of one run on local disk: a temporary folder and the recording decoded into it. */
export interface WorkFiles {
  dir: string | null;
  audio: PreparedAudio | null;
}

/** One run of one task through the stages; `task` and `state` follow every write. */
export interface TaskRun {
  readonly ctx: AppContext;
  readonly taskId: number;
  readonly options: RunOptions;
  readonly deps: PipelineDeps;
  readonly storage: Pick<Storage, 'get'>;
  readonly media: typeof mediaFiles.$inferSelect;
  readonly work: WorkFiles;
  task: typeof tasks.$inferSelect;
  state: PipelineState;
}

/** The task row disappeared while running (deleted). */
export class TaskGone extends Error {}

export const isAudio = (run: TaskRun): boolean => run.media.kind !== 'text';

export async function update(
  run: TaskRun,
  values: Partial<typeof tasks.$inferInsert> | Record<string, unknown>,
  notify = false,
): Promise<void> {
  // A job whose claim is gone (cancelled by a restart, expired) must not write over the task any more.
  run.options.signal?.throwIfAborted();
  const [row] = await run.ctx.db
    .update(tasks)
    .set({ ...(values as Partial<typeof tasks.$inferInsert>), updatedAt: new Date() })
    .where(eq(tasks.id, run.taskId))
    .returning();
  if (!row) throw new TaskGone();
  run.task = row;
  if (notify) await notifyRun(run);
}

export async function notifyRun(run: TaskRun): Promise<void> {
  await notifyTaskEvent(run.ctx.db, taskEventOf(run.task)).catch((error) =>
    run.ctx.logger.warn({ err: error, taskId: run.taskId }, 'Task event not sent'),
  );
}

export async function setStage(run: TaskRun, stage: TaskStage, progress: number): Promise<void> {
  await update(
    run,
    { stage, progress: Math.max(progress, stage === run.task.stage ? run.task.progress : 0) },
    true,
  );
}

export async function saveState(
  run: TaskRun,
  patch: Partial<PipelineState>,
  columns: Record<string, unknown> = {},
): Promise<void> {
  run.state = { ...run.state, ...patch };
  await update(run, { ...columns, pipeline: run.state });
}
