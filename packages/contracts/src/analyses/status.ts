/** Where a task is. `skipped` is final: the conversation was not analysed (e.g. a blacklisted number). */
export const TASK_STATUSES = ['queued', 'processing', 'completed', 'failed', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The stage a processing task is in; each is idempotent and resumable. */
export const TASK_STAGES = ['media', 'transcription', 'analysis', 'lva', 'done'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'skipped'];
