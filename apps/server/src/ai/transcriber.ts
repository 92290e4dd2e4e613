import { openAsBlob } from 'node:fs';
import {
  type TaskError,
  TRANSCRIPTION_PROVIDER_NAMES,
  type TranscriptionProviderId,
  taskError,
  taskErrorText,
} from '@parley/contracts';
import type { Config } from '../config.ts';
import { PIECE_FORMAT } from '../media/pieces.ts';
import { configuredSecrets } from './providers.ts';
import { transcriptionCredentialEnv } from './transcription-catalog.ts';

/** What every speech-to-text provider offers the pipeline (ai/transcription.ts picks one). */
export interface TranscribeOptions {
  task: 'transcribe' | 'translate';
  /** 'auto' or an ISO-639-1 code; ignored by translation (always into English). */
  language: string;
  /** Guidance for the recogniser: names, terms, spelling (the prompt's transcription instructions). */
  prompt?: string;
  /** Whether to tell speakers apart (mono audio); a channel of a stereo call has one speaker. */
  diarize: boolean;
  /** Ask for each word's times (the project redacts: the recording's redacted spans are found by them). */
  words?: boolean;
  /**
   * Ask the service to redact card and identity numbers itself, where it can (Deepgram, AssemblyAI): a second
   * net under Parley's own redaction of the text, never the only one.
   */
  redact?: boolean;
  signal?: AbortSignal;
}

/** A word the service timed (seconds from the start of the file sent). */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

export interface TranscribedSegment {
  /** Seconds from the start of the file sent. */
  start: number;
  end: number;
  text: string;
  /** The provider's speaker label when the model diarizes, else null. */
  speaker: string | null;
  /** The segment's words with their times, when asked for and the service gives them. */
  words?: TimedWord[];
}

export interface TranscriptionResult {
  segments: TranscribedSegment[];
  /** Language the provider detected ('english' after translation), when it says. */
  language: string | null;
}

export interface Transcriber {
  provider: TranscriptionProviderId;
  model: string;
  /** Transcribes one piece of a recording (media/pieces.ts). */
  transcribe(piecePath: string, options: TranscribeOptions): Promise<TranscriptionResult>;
}

/** A piece as the providers get it: its bytes (read as they are sent), its name and its type. */
export async function pieceUpload(piecePath: string): Promise<{ blob: Blob; name: string; type: string }> {
  const { extension, contentType } = PIECE_FORMAT;
  return {
    blob: await openAsBlob(piecePath, { type: contentType }),
    name: `audio${extension}`,
    type: contentType,
  };
}

/** A failed transcription request; `retryable` for rate limits, server errors and timeouts. */
export class TranscriptionFailure extends Error {
  override name = 'TranscriptionFailure';
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** The transcription provider has no key: `reason` names the variable to set. */
export class TranscriptionUnavailable extends Error {
  override name = 'TranscriptionUnavailable';
  readonly reason: TaskError;

  constructor(provider: TranscriptionProviderId) {
    const reason = taskError('transcription_unavailable', {
      provider: TRANSCRIPTION_PROVIDER_NAMES[provider],
      variable: transcriptionCredentialEnv(provider),
    });
    super(taskErrorText(reason));
    this.reason = reason;
  }
}

/** Longer than any attempt may run (jobs/boss.ts): the SDKs leave timing out to providerFetch. */
export const SDK_TIMEOUT_MS = 6 * 3600_000;

export const isRetryableStatus = (status: number) =>
  status === 408 || status === 409 || status === 429 || status >= 500;

/**
 * The failure a person reads, naming the provider: an HTTP answer, a timeout or a lost connection. Any
 * configured key an upstream echoes back is masked.
 */
export function transcriptionFailure(
  config: Config,
  provider: TranscriptionProviderId,
  what:
    | { status: number; detail: string }
    | { timeout: true }
    | { unreachable: string }
    | { failed: string; retryable: boolean },
): TranscriptionFailure {
  const name = `${TRANSCRIPTION_PROVIDER_NAMES[provider]} transcription`;
  let failure: TranscriptionFailure;
  if ('status' in what) {
    failure = new TranscriptionFailure(
      `${name} answered ${what.status}: ${what.detail}`,
      isRetryableStatus(what.status),
    );
  } else if ('timeout' in what) {
    const seconds = config.transcription.timeoutMs / 1000;
    failure = new TranscriptionFailure(
      `${name} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`,
      true,
    );
  } else if ('unreachable' in what) {
    failure = new TranscriptionFailure(`${name} could not be reached: ${what.unreachable}`, true);
  } else {
    failure = new TranscriptionFailure(`${name} failed: ${what.failed}`, what.retryable);
  }
  let message = failure.message;
  for (const secret of configuredSecrets(config)) message = message.replaceAll(secret, '***');
  return new TranscriptionFailure(message, failure.retryable);
}

/** Whether an error is the request's timeout (providerFetch) rather than the caller's abort. */
export const isTimeout = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'));

/**
 * Gives each segment the words said within it, for services that time the words of the whole answer apart
 * from its segments (OpenAI's verbose_json): a word belongs to the first segment its middle does not pass.
 */
export function wordsIntoSegments(
  segments: TranscribedSegment[],
  words: readonly TimedWord[],
): TranscribedSegment[] {
  if (words.length === 0) return segments;
  let next = 0;
  return segments.map((segment, index) => {
    const own: TimedWord[] = [];
    const last = index === segments.length - 1;
    while (next < words.length && (last || (words[next]!.start + words[next]!.end) / 2 <= segment.end)) {
      own.push(words[next]!);
      next++;
    }
    return own.length > 0 ? { ...segment, words: own } : segment;
  });
}
