import type OpenAI from 'openai';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { providerFetch } from './provider-fetch.ts';
import {
  pieceUpload,
  SDK_TIMEOUT_MS,
  type TimedWord,
  type TranscribedSegment,
  type Transcriber,
  transcriptionFailure,
  wordsIntoSegments,
} from './transcriber.ts';
import { isDiarizingOpenAIModel } from './transcription-catalog.ts';

/** Whisper's prompt takes about 224 tokens; longer guidance is cut. */
const PROMPT_MAX_CHARS = 800;

const GROQ_BASE_URL = 'https://api.groq.com/openai/v1';

/** OpenAI translates with Whisper only (its gpt-4o transcription models do not translate). */
const OPENAI_TRANSLATION_MODEL = 'whisper-1';

/**
 * Speech to text through the `openai` SDK: OpenAI itself, or Groq at its OpenAI-compatible address.
 * Both offer the two tasks prompts name: transcribe (in the spoken language) and translate (into
 * English). Segments come with timestamps (verbose_json), and with speakers when the model diarizes
 * (gpt-4o-transcribe-diarize: diarized_json).
 */
export function openaiTranscriber(
  ctx: Pick<AppContext, 'config' | 'db' | 'logger'>,
  provider: 'openai' | 'groq',
  model: string,
  apiKey: string,
): Transcriber {
  const config = ctx.config;
  const diarize = isDiarizingOpenAIModel(model);
  let client: OpenAI | null = null;

  return {
    provider,
    model,
    async transcribe(piecePath, options) {
      // The SDK is large (some 800 modules): it loads with the first transcription, not with the server.
      const sdk = await import('openai');
      client ??= new sdk.default({
        apiKey,
        baseURL:
          provider === 'groq'
            ? (config.providers.groqBaseUrl ?? GROQ_BASE_URL)
            : config.providers.openaiBaseUrl,
        // The SDK's own timeout would count the wait for the rate limit: the fetch bounds each request.
        timeout: SDK_TIMEOUT_MS,
        maxRetries: config.ai.maxRetries,
        fetch: providerFetch(ctx, 'transcription', config.transcription.timeoutMs, { provider, model }),
      });
      const piece = await pieceUpload(piecePath);
      const file = await sdk.toFile(piece.blob, piece.name, { type: piece.type });
      const prompt = options.prompt?.trim().slice(0, PROMPT_MAX_CHARS) || undefined;
      try {
        if (options.task === 'translate') {
          const translator = provider === 'openai' ? OPENAI_TRANSLATION_MODEL : model;
          const result = TimedAnswer.parse(
            await client.audio.translations.create(
              { file, model: translator, response_format: 'verbose_json', prompt },
              { signal: options.signal },
            ),
          );
          return { segments: segmentsOf(result.segments, result.text), language: result.language ?? null };
        }
        const language = options.language && options.language !== 'auto' ? options.language : undefined;
        if (diarize) {
          const result = TimedAnswer.parse(
            await client.audio.transcriptions.create(
              { file, model, response_format: 'diarized_json', chunking_strategy: 'auto', language },
              { signal: options.signal },
            ),
          );
          return { segments: segmentsOf(result.segments, result.text), language: language ?? null };
        }
        // Whisper times words when asked; other models' words are placed within their segment later
        // (modules/privacy/audio-spans.ts spreads a segment's time over its characters).
        const withWords = options.words === true && timesWords(model);
        const result = await client.audio.transcriptions.create(
          {
            file,
            model,
            response_format: 'verbose_json',
            timestamp_granularities: withWords ? ['segment', 'word'] : ['segment'],
            language,
            prompt,
          },
          { signal: options.signal },
        );
        const segments = segmentsOf(result.segments, result.text);
        const words = withWords ? wordsOf(WordsAnswer.parse(result).words) : [];
        return { segments: wordsIntoSegments(segments, words), language: result.language ?? null };
      } catch (error) {
        throw describeFailure(sdk, config, provider, error);
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

/**
 * The fields a translation (verbose_json) or a diarized transcription (diarized_json) is read from: the SDK's
 * overloads type both answers as the plain one, without segments.
 */
const TimedAnswer = z.object({
  text: z.string().optional(),
  language: z.string().nullish(),
  segments: z
    .array(
      z.object({
        start: z.unknown().optional(),
        end: z.unknown().optional(),
        text: z.unknown().optional(),
        speaker: z.unknown().optional(),
      }),
    )
    .optional(),
});

/** The words of a verbose_json answer asked with timestamp_granularities[]=word. */
const WordsAnswer = z.object({
  words: z
    .array(z.object({ word: z.string().catch(''), start: z.number().catch(0), end: z.number().catch(0) }))
    .nullish()
    .catch(null),
});

/** Whisper models (OpenAI's whisper-1, Groq's whisper-large-v3…) time words; gpt-4o transcription models do not. */
const timesWords = (model: string) => model.startsWith('whisper');

function wordsOf(raw: z.output<typeof WordsAnswer>['words']): TimedWord[] {
  return (raw ?? [])
    .map((word) => ({ text: word.word.trim(), start: word.start, end: Math.max(word.start, word.end) }))
    .filter((word) => word.text !== '');
}

/** The error body of an API error, as far as it is read. */
const ErrorBody = z.object({ message: z.string().optional() });

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

function describeFailure(
  sdk: typeof import('openai'),
  config: Config,
  provider: 'openai' | 'groq',
  error: unknown,
): Error {
  const { APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError)
    return transcriptionFailure(config, provider, { timeout: true });
  if (error instanceof APIError && error.status !== undefined) {
    const detail = ErrorBody.safeParse(error.error).data?.message ?? error.message;
    return transcriptionFailure(config, provider, { status: error.status, detail });
  }
  if (error instanceof APIError)
    return transcriptionFailure(config, provider, { unreachable: error.message });
  const failed = error instanceof Error ? error.message : String(error);
  return transcriptionFailure(config, provider, { failed, retryable: true });
}
