import type { PiiPolicy, SpeechModel, Transcript, TranscriptService } from 'assemblyai';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { providerFetch } from './provider-fetch.ts';
import {
  isTimeout,
  pieceUpload,
  type TimedWord,
  type TranscribedSegment,
  type Transcriber,
  type TranscriptionResult,
  transcriptionFailure,
} from './transcriber.ts';

const DEFAULT_BASE_URL = 'https://api.assemblyai.com';

/** AssemblyAI's error answer: { error: '…' }. */
const ErrorBody = z.object({ error: z.string() });

/**
 * AssemblyAI's transcript API through the `assemblyai` SDK: the piece is uploaded (POST /v2/upload), a
 * transcript asked for (POST /v2/transcript, with speaker labels for mono audio) and polled until it is
 * completed or failed (GET /v2/transcript/:id). The SDK takes no `fetch`: its services are given one that
 * sends every request through providerFetch (shared rate limit, timeout, 429s waited out) and turns an
 * error answer into a failure naming the provider; the polling as a whole is bounded by
 * TRANSCRIPTION_TIMEOUT_MS. AssemblyAI does not translate: a prompt that asks for English gets the
 * spoken language.
 */
export function assemblyaiTranscriber(
  ctx: Pick<AppContext, 'config' | 'db' | 'logger'>,
  model: string,
  apiKey: string,
): Transcriber {
  const config = ctx.config;
  const baseUrl = (config.providers.assemblyaiBaseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const send = providerFetch(ctx, 'transcription', config.transcription.timeoutMs, {
    provider: 'assemblyai',
    model,
  });

  /** The SDK's request, sent through providerFetch with the caller's signal. */
  const request = async (input: string, init: RequestInit | undefined, signal: AbortSignal | undefined) => {
    const url = input.startsWith('http') ? input : `${baseUrl}${input}`;
    const headers = new Headers({
      Authorization: apiKey,
      ...(typeof init?.body === 'string' && { 'Content-Type': 'application/json' }),
    });
    // The SDK's own headers win.
    for (const [name, value] of new Headers(init?.headers)) headers.set(name, value);
    let response: Response;
    try {
      response = await send(url, { ...init, headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (isTimeout(error)) throw transcriptionFailure(config, 'assemblyai', { timeout: true });
      const unreachable = error instanceof Error ? error.message : String(error);
      throw transcriptionFailure(config, 'assemblyai', { unreachable });
    }
    if (response.ok) return response;
    const body = ErrorBody.safeParse(await response.json().catch(() => null)).data;
    const detail = body?.error ?? (response.statusText || 'no reason given');
    throw transcriptionFailure(config, 'assemblyai', { status: response.status, detail });
  };

  return {
    provider: 'assemblyai',
    model,
    async transcribe(piecePath, options) {
      const transcripts = await transcriptService(apiKey, baseUrl, (input, init) =>
        request(input, init, options.signal),
      );
      const language = options.language && options.language !== 'auto' ? options.language : undefined;
      let transcript: Transcript;
      try {
        transcript = await transcripts.transcribe(
          {
            audio: (await pieceUpload(piecePath)).blob,
            speech_model: model as SpeechModel,
            punctuate: true,
            format_text: true,
            speaker_labels: options.diarize,
            ...(language ? { language_code: language } : { language_detection: true }),
            // A second net under Parley's redaction of the text; each value becomes its type's name.
            ...(options.redact && {
              redact_pii: true,
              redact_pii_policies: ASSEMBLYAI_REDACT,
              redact_pii_sub: 'entity_name' as const,
            }),
          },
          {
            pollingInterval: config.transcription.pollIntervalMs,
            pollingTimeout: config.transcription.timeoutMs,
          },
        );
      } catch (error) {
        if (error instanceof Error && error.message === 'Polling timeout') {
          throw transcriptionFailure(config, 'assemblyai', { timeout: true });
        }
        throw error;
      }
      if (transcript.status === 'error') {
        const failed = transcript.error ?? 'the transcript failed without a reason';
        throw transcriptionFailure(config, 'assemblyai', { failed, retryable: false });
      }
      return assemblyaiResult(transcript, language ?? null, options.words === true);
    },
  };
}

/** The SDK's transcript service whose requests (upload, submit, polls) go through `fetchResponse`. */
async function transcriptService(
  apiKey: string,
  baseUrl: string,
  fetchResponse: (input: string, init?: RequestInit) => Promise<Response>,
): Promise<TranscriptService> {
  const sdk = await import('assemblyai');
  class Files extends sdk.FileService {
    protected override fetchResponse(input: string, init?: RequestInit): Promise<Response> {
      return fetchResponse(input, init);
    }
  }
  class Transcripts extends sdk.TranscriptService {
    protected override fetchResponse(input: string, init?: RequestInit): Promise<Response> {
      return fetchResponse(input, init);
    }
  }
  const params = { apiKey, baseUrl };
  return new Transcripts(params, new Files(params));
}

type Word = { start: number; end: number; text: string };

/** What AssemblyAI is asked to redact: card data, bank and identity numbers. */
const ASSEMBLYAI_REDACT: PiiPolicy[] = [
  'credit_card_number',
  'credit_card_expiration',
  'credit_card_cvv',
  'banking_information',
  'us_social_security_number',
  'account_number',
];

/** The words of an answer as zod reads them (times in milliseconds); a malformed word is left out. */
const AnswerWords = z
  .array(z.object({ text: z.string(), start: z.number(), end: z.number() }).nullable().catch(null))
  .nullish()
  .catch(null);

/** Utterances (times in milliseconds) when speakers were labelled, else the words cut into sentences. */
export function assemblyaiResult(
  transcript: Pick<Transcript, 'utterances' | 'words' | 'text' | 'language_code'>,
  language: string | null,
  /** Keep each segment's timed words. */
  withWords = false,
): TranscriptionResult {
  const detected = language ?? transcript.language_code ?? null;
  const seconds = (ms: number) => Math.round(ms) / 1000;
  const timed = (words: unknown): TimedWord[] =>
    (AnswerWords.parse(words) ?? []).flatMap((word) =>
      word?.text.trim()
        ? [
            {
              text: word.text.trim(),
              start: seconds(word.start),
              end: seconds(Math.max(word.start, word.end)),
            },
          ]
        : [],
    );
  if (transcript.utterances && transcript.utterances.length > 0) {
    const segments = transcript.utterances
      .map((u) => ({
        start: seconds(u.start),
        end: seconds(u.end),
        text: u.text.trim(),
        speaker: u.speaker || null,
        ...(withWords && { words: timed(u.words) }),
      }))
      .filter((segment) => segment.text !== '');
    return { segments, language: detected };
  }
  const words: Word[] = transcript.words ?? [];
  if (words.length === 0) {
    const text = transcript.text?.trim();
    return { segments: text ? [{ start: 0, end: 0, text, speaker: null }] : [], language: detected };
  }
  const segments: TranscribedSegment[] = [];
  let open = true;
  for (const word of words) {
    const last = segments.at(-1);
    const own = withWords ? timed([word]) : [];
    if (last && open) {
      last.text = `${last.text} ${word.text}`;
      last.end = seconds(word.end);
      last.words?.push(...own);
    } else {
      segments.push({
        start: seconds(word.start),
        end: seconds(word.end),
        text: word.text,
        speaker: null,
        ...(withWords && { words: own }),
      });
    }
    open = !/[.?!]$/.test(word.text);
  }
  return { segments, language: detected };
}
