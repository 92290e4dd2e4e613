import type { DeepgramClient } from '@deepgram/sdk';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { providerFetch } from './provider-fetch.ts';
import {
  isTimeout,
  pieceUpload,
  SDK_TIMEOUT_MS,
  type TimedWord,
  type TranscribedSegment,
  type Transcriber,
  type TranscriptionResult,
  transcriptionFailure,
} from './transcriber.ts';

/** The parts of Deepgram's pre-recorded answer (POST /v1/listen) that make segments (it holds more). */
const Word = z.object({
  start: z.number().nullish(),
  end: z.number().nullish(),
  word: z.string().nullish(),
  punctuated_word: z.string().nullish(),
  speaker: z.number().nullish(),
});
const ListenAnswer = z.object({
  results: z
    .object({
      channels: z
        .array(
          z.object({
            detected_language: z.string().nullish(),
            alternatives: z
              .array(z.object({ transcript: z.string().nullish(), words: z.array(Word).nullish() }))
              .nullish(),
          }),
        )
        .nullish(),
      utterances: z
        .array(
          z.object({
            start: z.number().nullish(),
            end: z.number().nullish(),
            transcript: z.string().nullish(),
            speaker: z.number().nullish(),
            words: z.array(Word).nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
type ListenAnswer = z.output<typeof ListenAnswer>;

/** The fields of Deepgram's error bodies that describe the error. */
const ErrorBody = z.object({
  err_msg: z.unknown().optional(),
  message: z.unknown().optional(),
  err_code: z.unknown().optional(),
  category: z.unknown().optional(),
});

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
        fetch: providerFetch(ctx, 'transcription', config.transcription.timeoutMs, {
          provider: 'deepgram',
          model,
        }),
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
            // Card data and social security numbers: a second net under Parley's redaction of the text.
            ...(options.redact && { redact: DEEPGRAM_REDACT }),
          },
          { abortSignal: options.signal },
        );
        return deepgramResult(ListenAnswer.parse(answer), language ?? null, options.words === true);
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

/**
 * What Deepgram is asked to redact (sent as repeated `redact` parameters): card numbers, expiry dates and
 * security codes, and social security numbers. Not `numbers`: it would take every order number and price
 * from the analysis.
 */
const DEEPGRAM_REDACT = ['pci', 'ssn'] as unknown as string;

type DeepgramWord = z.output<typeof Word>;

const timedWords = (words: readonly DeepgramWord[] | null | undefined): TimedWord[] =>
  (words ?? []).flatMap((word) => {
    const text = (word.punctuated_word ?? word.word ?? '').trim();
    if (!text) return [];
    const start = word.start ?? 0;
    return [{ text, start, end: Math.max(start, word.end ?? start) }];
  });

/** Utterances when diarized (speakers 0, 1 … named A, B … as OpenAI and AssemblyAI name them), else words. */
export function deepgramResult(
  answer: ListenAnswer,
  language: string | null,
  /** Keep each segment's timed words. */
  withWords = false,
): TranscriptionResult {
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
        ...(withWords && u.words && { words: timedWords(u.words) }),
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
    const timed = withWords ? timedWords([word]) : [];
    if (last && last.speaker === speaker) {
      last.text = `${last.text} ${text}`;
      last.end = word.end ?? last.end;
      last.words?.push(...timed);
    } else {
      segments.push({
        start: word.start ?? 0,
        end: word.end ?? 0,
        text,
        speaker,
        ...(withWords && { words: timed }),
      });
    }
  }
  return { segments, language: detected };
}

const speakerName = (index: number) => (index < 26 ? String.fromCharCode(65 + index) : String(index + 1));

/** Deepgram's error bodies: { err_code, err_msg } (older) or { category, message }. */
function errorDetail(body: unknown): string {
  if (typeof body === 'string') return body;
  const { err_msg, message, err_code, category } = ErrorBody.safeParse(body).data ?? {};
  const text = err_msg ?? message;
  const code = err_code ?? category;
  if (typeof text === 'string') return typeof code === 'string' ? `${text} (${code})` : text;
  return JSON.stringify(body);
}
