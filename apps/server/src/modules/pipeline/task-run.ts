import type { PrivacySettings, TaskStage, TranscriptionChoice } from '@parley/contracts';
import type { Transcriber } from '../../ai/transcriber.ts';
import type { AppContext } from '../../context.ts';
import type { Storage } from '../../storage/index.ts';
import { notifyTask } from '../tasks/notify.ts';
import type { MediaRow, TaskRow } from '../tasks/rows.ts';
import { saveTaskWork, type TaskWork } from '../tasks/state.ts';
import type { PromptSnapshot } from './analysis.ts';
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
  transcriber?: (ctx: AppContext, choice: TranscriptionChoice) => Transcriber;
  /** Called after a stage has stored its output (tests simulate a crash here). */
  afterStage?: (stage: TaskStage, taskId: number) => void | Promise<void>;
}

/** One attempt at a task, as the queue hands it over (or a test runs it). */
export interface RunOptions {
  /** No retry follows: a failure that could pass later fails the task now. */
  lastAttempt: boolean;
  /** Aborted when the job is cancelled or expires. */
  signal?: AbortSignal;
}

/** Files of one run on local disk: its work folder and the stored file copied into it. */
export interface WorkFiles {
  dir: string | null;
  input: string | null;
}

/** One run of one task through the stages; `task` and `state` follow every write. */
export interface TaskRun {
  readonly ctx: AppContext;
  readonly taskId: number;
  readonly options: RunOptions;
  readonly deps: PipelineDeps;
  readonly storage: Pick<Storage, 'get'>;
  /** The task's media row; replaced when the recording is redacted. */
  media: MediaRow;
  readonly work: WorkFiles;
  task: TaskRow;
  state: PipelineState;
  /** The provider and model the recording is transcribed with (the project's, else the server's default). */
  readonly transcription: TranscriptionChoice;
  /** The project's privacy settings: what is redacted before any prompt is built. */
  readonly privacy: PrivacySettings;
  /** A classification's chosen prompt as it runs (tasks.chosen_prompt_version_id), once chosen. */
  chosenPrompt: PromptSnapshot | null;
}

/** The task row disappeared while running (deleted), or another attempt finished it meanwhile. */
export class TaskGone extends Error {}

export const isAudio = (run: Pick<TaskRun, 'media'>): boolean => run.media.kind !== 'text';

/**
 * Writes through the tasks module and follows the row. A job whose claim is gone (cancelled by a restart,
 * expired, taken over after a missed heartbeat) must not write over the task any more; a task deleted or
 * finished by another attempt meanwhile ends the run (TaskGone).
 */
export async function write(run: TaskRun, change: () => Promise<TaskRow | null>): Promise<void> {
  run.options.signal?.throwIfAborted();
  const row = await change();
  if (!row) throw new TaskGone();
  run.task = row;
}

export async function update(run: TaskRun, values: TaskWork, notify = false): Promise<void> {
  await write(run, () => saveTaskWork(run.ctx, run.taskId, values));
  if (notify) await notifyRun(run);
}

export async function notifyRun(run: TaskRun): Promise<void> {
  await notifyTask(run.ctx, run.task);
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
  columns: TaskWork = {},
): Promise<void> {
  run.state = { ...run.state, ...patch };
  await update(run, { ...columns, pipeline: run.state });
}
