import { type TaskError, type TaskStage, taskError, taskErrorText } from '@parley/contracts';
import { ProviderUnavailable } from '../../ai/catalog.ts';
import { EmloFailure } from '../../ai/emlo.ts';
import { AiFailedError } from '../../ai/generate.ts';
import { TranscriptionFailure, TranscriptionUnavailable } from '../../ai/transcriber.ts';
import { AppError } from '../../errors.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import { ObjectNotFoundError } from '../../storage/index.ts';

/**
 * A failure the pipeline decided on itself, with its reason. `retryable`: a later attempt may succeed.
 * `stage`: the stage it belongs to, when found before that stage runs (a missing key).
 */
export class PipelineFailure extends Error {
  override name = 'PipelineFailure';
  readonly reason: TaskError;
  readonly retryable: boolean;
  readonly stage: TaskStage | undefined;

  constructor(reason: TaskError, retryable = false, stage?: TaskStage) {
    super(taskErrorText(reason));
    this.reason = reason;
    this.retryable = retryable;
    this.stage = stage;
  }
}

export interface ClassifiedFailure {
  /** Why, as the task stores it (a code with parameters). */
  reason: TaskError;
  /** Worth another attempt (rate limits, server errors, timeouts, answers that did not fit the schema). */
  retryable: boolean;
  /** The stage that failed, when it is not the one running. */
  stage?: TaskStage;
}

const providerFailed = (error: Error) => taskError('provider_failed', { message: error.message });

/** Sorts an error into 'try again later' or 'give up now', with the reason a person reads. */
export function classifyFailure(error: unknown): ClassifiedFailure {
  if (error instanceof PipelineFailure) {
    return { reason: error.reason, retryable: error.retryable, ...(error.stage && { stage: error.stage }) };
  }
  if (error instanceof MediaError) return { reason: error.reason, retryable: false };
  if (error instanceof TranscriptionUnavailable) return { reason: error.reason, retryable: false };
  if (error instanceof ProviderUnavailable) return { reason: error.reason, retryable: error.retryable };
  if (error instanceof TranscriptionFailure)
    return { reason: providerFailed(error), retryable: error.retryable };
  if (error instanceof EmloFailure) return { reason: providerFailed(error), retryable: error.retryable };
  if (error instanceof AiFailedError) return { reason: providerFailed(error), retryable: error.retryable };
  if (error instanceof AppError)
    return { reason: taskError('other', { message: error.message }), retryable: error.retryable };
  if (error instanceof ObjectNotFoundError) return { reason: taskError('media_missing'), retryable: false };
  const message = error instanceof Error ? error.message : String(error);
  return { reason: taskError('unexpected', { message }), retryable: true };
}
