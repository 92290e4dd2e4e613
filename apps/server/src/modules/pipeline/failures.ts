import { EmloFailure } from '../../ai/emlo.ts';
import { AiFailedError } from '../../ai/generate.ts';
import { TranscriptionFailure, TranscriptionUnavailable } from '../../ai/transcription.ts';
import { HttpError } from '../../http/errors.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import { ObjectNotFoundError } from '../../storage/index.ts';

/** Reasons the pipeline gives (stored in tasks.error and shown on the failed-tasks screen). */
export const PIPELINE_TEXTS = {
  promptMissing: 'The prompt of this task no longer exists. Reanalyse the file with another prompt.',
  mediaMissing: 'The stored file of this task is missing.',
  noSpeech: 'No speech was found in the recording.',
  noFunds:
    "Insufficient funds: the project's unit bundles and allowed balance are used up. Add funds or buy units, then retry the task.",
  insufficientFunds: (units: string) =>
    `Insufficient funds: this analysis needs ${units} units, more than the project's unit bundles and allowed balance cover. Add funds or buy units, then retry the task.`,
  classificationUnanswered: 'The model did not choose one of the classification options.',
  classificationTarget: (name: string) =>
    `The classification chose "${name}", but that prompt no longer exists in this project.`,
  unexpected: (message: string) => `The analysis failed unexpectedly: ${message}`,
} as const;

/** A failure the pipeline decided on itself. `retryable`: a later attempt may succeed. */
export class PipelineFailure extends Error {
  override name = 'PipelineFailure';
  readonly retryable: boolean;

  constructor(message: string, retryable = false) {
    super(message);
    this.retryable = retryable;
  }
}

export interface ClassifiedFailure {
  message: string;
  /** Worth another attempt (rate limits, server errors, timeouts, answers that did not fit the schema). */
  retryable: boolean;
}

/** Sorts an error into 'try again later' or 'give up now', with the message a person reads. */
export function classifyFailure(error: unknown): ClassifiedFailure {
  if (error instanceof PipelineFailure) return { message: error.message, retryable: error.retryable };
  if (error instanceof MediaError) return { message: error.message, retryable: false };
  if (error instanceof TranscriptionUnavailable) return { message: error.message, retryable: false };
  if (error instanceof TranscriptionFailure) return { message: error.message, retryable: error.retryable };
  if (error instanceof EmloFailure) return { message: error.message, retryable: error.retryable };
  if (error instanceof AiFailedError) return { message: error.message, retryable: error.retryable };
  // 503 provider_unavailable: the provider has no credentials; the message names the variable.
  if (error instanceof HttpError)
    return { message: error.message, retryable: error.statusCode >= 500 && error.statusCode !== 503 };
  if (error instanceof ObjectNotFoundError) return { message: PIPELINE_TEXTS.mediaMissing, retryable: false };
  const message = error instanceof Error ? error.message : String(error);
  return { message: PIPELINE_TEXTS.unexpected(message), retryable: true };
}
