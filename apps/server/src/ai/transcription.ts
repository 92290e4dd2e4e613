import { openAsBlob } from 'node:fs';
import { type TaskError, taskError, taskErrorText } from '@parley/contracts';
import type OpenAI from 'openai';
import type { TranscriptionDiarized } from 'openai/resources/audio/transcriptions';
import type { TranslationVerbose } from 'openai/resources/audio/translations';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { providerFetch } from './provider-fetch.ts';
import { configuredSecrets } from './providers.ts';

/**
 * Speech to text through the `openai` SDK: OpenAI itself, or Groq at its OpenAI-compatible address
 * (TRANSCRIPTION_PROVIDER). Both offer the two tasks prompts name: transcribe (in the spoken language)
 * and translate (into English). Segments come with timestamps (verbose_json), and with speakers when the
 * model diarizes (gpt-4o-transcribe-diarize: diarized_json).
 */
export type TranscriptionProvider = Config['transcription']['provider'];

export const TRANSCRIPTION_PROVIDERS: Record<
  TranscriptionProvider,
  { name: string; credentialEnv: string; defaultBaseUrl: string | undefined }
> = {
  openai: { name: 'OpenAI', credentialEnv: 'OPENAI_API_KEY', defaultBaseUrl: undefined },
  groq: { name: 'Groq', credentialEnv: 'GROQ_API_KEY', defaultBaseUrl: 'https://api.groq.com/openai/v1' },
};

/** Longer than any attempt may run (jobs/boss.ts): the SDK leaves timing out to providerFetch. */
const SDK_TIMEOUT_MS = 6 * 3600_000;

/** Whisper's prompt takes about 224 tokens; longer guidance is cut. */
const PROMPT_MAX_CHARS = 800;

export interface TranscribeOptions {
  task: 'transcribe' | 'translate';
  /** 'auto' or an ISO-639-1 code; ignored by translation (always into English). */
  language: string;
  /** Guidance for the recogniser: names, terms, spelling (the prompt's transcription instructions). */
  prompt?: string;
  signal?: AbortSignal;
}

export interface TranscribedSegment {
  /** Seconds from the start of the file sent. */
  start: number;
  end: number;
  text: string;
  /** The provider's speaker label when the model diarizes, else null. */
  speaker: string | null;
}

export interface TranscriptionResult {
  segments: TranscribedSegment[];
  /** Language the provider detected ('english' after translation), when it says. */
  language: string | null;
}

export interface Transcriber {
  provider: TranscriptionProvider;
  model: string;
  transcribe(wavPath: string, options: TranscribeOptions): Promise<TranscriptionResult>;
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

  constructor(config: Config) {
    const info = TRANSCRIPTION_PROVIDERS[config.transcription.provider];
    const reason = taskError('transcription_unavailable', {
      provider: info.name,
      variable: info.credentialEnv,
    });
    super(taskErrorText(reason));
    this.reason = reason;
  }
}

export function transcriptionCredential(config: Config): string | undefined {
  return config.transcription.provider === 'groq'
    ? config.providers.groqApiKey
    : config.providers.openaiApiKey;
}

/**
 * The transcriber of TRANSCRIPTION_PROVIDER. Its requests wait for their turn within TRANSCRIPTION_RPM
 * (shared by all workers) and 429s are waited out (ai/provider-fetch.ts); each is bounded by
 * TRANSCRIPTION_TIMEOUT_MS.
 */
export function createTranscriber(ctx: Pick<AppContext, 'config' | 'db' | 'logger'>): Transcriber {
  const config = ctx.config;
  const provider = config.transcription.provider;
  const apiKey = transcriptionCredential(config);
  if (!apiKey) throw new TranscriptionUnavailable(config);
  const info = TRANSCRIPTION_PROVIDERS[provider];
  const model = config.transcription.model;
  const diarize = /diariz/i.test(model);
  let client: OpenAI | null = null;

  return {
    provider,
    model,
    async transcribe(wavPath, options) {
      // The SDK is large (some 800 modules): it loads with the first transcription, not with the server.
      const sdk = await import('openai');
      client ??= new sdk.default({
        apiKey,
        baseURL:
          (provider === 'groq' ? config.providers.groqBaseUrl : config.providers.openaiBaseUrl) ??
          info.defaultBaseUrl,
        // The SDK's own timeout would count the wait for the rate limit: the fetch bounds each request.
        timeout: SDK_TIMEOUT_MS,
        maxRetries: config.ai.maxRetries,
        fetch: providerFetch(ctx, 'transcription', config.transcription.timeoutMs),
      });
      const file = await sdk.toFile(await openAsBlob(wavPath, { type: 'audio/wav' }), 'audio.wav', {
        type: 'audio/wav',
      });
      const prompt = options.prompt?.trim().slice(0, PROMPT_MAX_CHARS) || undefined;
      try {
        if (options.task === 'translate') {
          const result = (await client.audio.translations.create(
            { file, model, response_format: 'verbose_json', prompt },
            { signal: options.signal },
          )) as unknown as TranslationVerbose;
          return { segments: segmentsOf(result.segments, result.text), language: result.language ?? null };
        }
        const language = options.language && options.language !== 'auto' ? options.language : undefined;
        if (diarize) {
          const result = (await client.audio.transcriptions.create(
            { file, model, response_format: 'diarized_json', chunking_strategy: 'auto', language },
            { signal: options.signal },
          )) as unknown as TranscriptionDiarized;
          return { segments: segmentsOf(result.segments, result.text), language: language ?? null };
        }
        const result = await client.audio.transcriptions.create(
          {
            file,
            model,
            response_format: 'verbose_json',
            timestamp_granularities: ['segment'],
            language,
            prompt,
          },
          { signal: options.signal },
        );
        return { segments: segmentsOf(result.segments, result.text), language: result.language ?? null };
      } catch (error) {
        throw describeTranscriptionFailure(sdk, config, error);
      }
    },
  };
}

interface RawSegment {
  start?: unknown;
  end?: unknown;
  text?: unknown;
  speaker?: unknown;
}

function segmentsOf(
  raw: ReadonlyArray<RawSegment> | undefined,
  text: string | undefined,
): TranscribedSegment[] {
  if (!raw || raw.length === 0) {
    // A provider without segments: the whole text as one untimed piece is still a transcript.
    return text?.trim() ? [{ start: 0, end: 0, text: text.trim(), speaker: null }] : [];
  }
  return raw
    .map((segment) => ({
      start: Number(segment.start) || 0,
      end: Number(segment.end) || 0,
      text: String(segment.text ?? '').trim(),
      speaker: typeof segment.speaker === 'string' && segment.speaker ? segment.speaker : null,
    }))
    .filter((segment) => segment.text !== '');
}

function describeTranscriptionFailure(sdk: typeof import('openai'), config: Config, error: unknown): Error {
  const { APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (error instanceof APIUserAbortError) return error;
  const name = `${TRANSCRIPTION_PROVIDERS[config.transcription.provider].name} transcription`;
  let failure: TranscriptionFailure;
  if (error instanceof APIConnectionTimeoutError) {
    const seconds = config.transcription.timeoutMs / 1000;
    failure = new TranscriptionFailure(
      `${name} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`,
      true,
    );
  } else if (error instanceof APIError && error.status !== undefined) {
    const status = error.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const detail = (error.error as { message?: string } | undefined)?.message ?? error.message;
    failure = new TranscriptionFailure(`${name} answered ${status}: ${detail}`, retryable);
  } else if (error instanceof APIError) {
    failure = new TranscriptionFailure(`${name} could not be reached: ${error.message}`, true);
  } else {
    failure = new TranscriptionFailure(
      `${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  let message = failure.message;
  for (const secret of configuredSecrets(config)) message = message.replaceAll(secret, '***');
  return new TranscriptionFailure(message, failure.retryable);
}
