import type { DeepgramClient } from '@deepgram/sdk';
import type { AppContext } from '../context.ts';
import { providerFetch } from './provider-fetch.ts';
import {
  isTimeout,
  pieceUpload,
  SDK_TIMEOUT_MS,
  type TranscribedSegment,
  type Transcriber,
  type TranscriptionResult,
  transcriptionFailure,
} from './transcriber.ts';

/** The parts of Deepgram's pre-recorded answer (POST /v1/listen) that make segments. */
interface ListenAnswer {
  results?: {
    channels?: Array<{
      detected_language?: string;
      alternatives?: Array<{
        transcript?: string;
        words?: Array<{
          start?: number;
          end?: number;
          word?: string;
          punctuated_word?: string;
          speaker?: number;
        }>;
      }>;
    }>;
    utterances?: Array<{ start?: number; end?: number; transcript?: string; speaker?: number }>;
  };
}

/**
 * Deepgram's pre-recorded API through @deepgram/sdk: the piece is uploaded as it is, with punctuation and
 * smart formatting, and, for mono audio, diarization and utterances (a speaker's consecutive words).
 * Deepgram does not translate: a prompt that asks for English gets the spoken language.
 */
export function deepgramTranscriber(
  ctx: Pick<AppContext, 'config' | 'db' | 'logger'>,
  model: string,
  apiKey: string,
): Transcriber {
  const config = ctx.config;
  let client: DeepgramClient | null = null;

  return {
    provider: 'deepgram',
    model,
    async transcribe(piecePath, options) {
      const sdk = await import('@deepgram/sdk');
      client ??= new sdk.DeepgramClient({
        apiKey,
        baseUrl: config.providers.deepgramBaseUrl,
        timeoutInSeconds: SDK_TIMEOUT_MS / 1000,
        maxRetries: config.ai.maxRetries,
        fetch: providerFetch(ctx, 'transcription', config.transcription.timeoutMs),
      });
      const language = options.language && options.language !== 'auto' ? options.language : undefined;
      try {
        const answer = await client.listen.v1.media.transcribeFile(
          (await pieceUpload(piecePath)).blob,
          {
            model,
            punctuate: true,
            smart_format: true,
            diarize: options.diarize,
            utterances: options.diarize,
            ...(language ? { language } : { detect_language: true }),
          },
          { abortSignal: options.signal },
        );
        return deepgramResult(answer as ListenAnswer, language ?? null);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (error instanceof sdk.DeepgramError && error.statusCode !== undefined) {
          const detail = errorDetail(error.body);
          throw transcriptionFailure(config, 'deepgram', { status: error.statusCode, detail });
        }
        if (error instanceof sdk.DeepgramTimeoutError || isTimeout(error)) {
          throw transcriptionFailure(config, 'deepgram', { timeout: true });
        }
        throw transcriptionFailure(config, 'deepgram', {
          unreachable: error instanceof Error ? error.message : String(error),
        });
      }
    },
  };
}

/** Utterances when diarized (speakers 0, 1 … named A, B … as OpenAI and AssemblyAI name them), else words. */
export function deepgramResult(answer: ListenAnswer, language: string | null): TranscriptionResult {
  const channel = answer.results?.channels?.[0];
  const detected = language ?? channel?.detected_language ?? null;
  const utterances = answer.results?.utterances ?? [];
  if (utterances.length > 0) {
    const segments = utterances
      .map((u) => ({
        start: u.start ?? 0,
        end: u.end ?? 0,
        text: (u.transcript ?? '').trim(),
        speaker: typeof u.speaker === 'number' ? speakerName(u.speaker) : null,
      }))
      .filter((segment) => segment.text !== '');
    return { segments, language: detected };
  }
  const alternative = channel?.alternatives?.[0];
  const words = alternative?.words ?? [];
  if (words.length === 0) {
    const text = alternative?.transcript?.trim();
    return { segments: text ? [{ start: 0, end: 0, text, speaker: null }] : [], language: detected };
  }
  // Without utterances: one segment per run of words of one speaker.
  const segments: TranscribedSegment[] = [];
  for (const word of words) {
    const speaker = typeof word.speaker === 'number' ? speakerName(word.speaker) : null;
    const text = word.punctuated_word ?? word.word ?? '';
    const last = segments.at(-1);
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${text}`;
      last.end = word.end ?? last.end;
    } else {
      segments.push({ start: word.start ?? 0, end: word.end ?? 0, text, speaker });
    }
  }
  return { segments, language: detected };
}

const speakerName = (index: number) => (index < 26 ? String.fromCharCode(65 + index) : String(index + 1));

/** Deepgram's error bodies: { err_code, err_msg } (older) or { category, message }. */
function errorDetail(body: unknown): string {
  if (typeof body === 'string') return body;
  const { err_msg, message, err_code, category } = (body ?? {}) as Record<string, unknown>;
  const text = err_msg ?? message;
  const code = err_code ?? category;
  if (typeof text === 'string') return typeof code === 'string' ? `${text} (${code})` : text;
  return JSON.stringify(body);
}
