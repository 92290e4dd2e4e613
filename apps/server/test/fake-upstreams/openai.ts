import {
  DEFAULT_USAGE,
  FakeUpstream,
  type RecordedRequest,
  type Reply,
  type SuccessReply,
  type WireFormat,
} from './scripted.ts';

const replyText = (reply: SuccessReply) =>
  reply.kind === 'object' ? JSON.stringify(reply.value) : reply.text;

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  429: 'rate_limit_exceeded',
};

/** One segment a scripted transcription returns (seconds from the start of the uploaded file). */
export interface FakeSegment {
  start: number;
  end: number;
  text: string;
  /** Only in diarized_json answers. */
  speaker?: string;
  /**
   * The segment's words with their times, answered (as verbose_json's top-level `words`) when the request asks
   * for timestamp_granularities[]=word; without them the segment's words are spread evenly over its time.
   */
  words?: FakeWord[];
}

/** A word of verbose_json's `words` (seconds from the start of the uploaded file). */
export interface FakeWord {
  word: string;
  start: number;
  end: number;
}

/** The segment's words: as scripted, else spread evenly over its time. */
function wordsOf(segment: FakeSegment): FakeWord[] {
  if (segment.words) return segment.words;
  const words = segment.text.split(/\s+/).filter(Boolean);
  const step = (segment.end - segment.start) / Math.max(1, words.length);
  return words.map((word, i) => ({
    word: word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
    start: Math.round((segment.start + i * step) * 100) / 100,
    end: Math.round((segment.start + (i + 1) * step) * 100) / 100,
  }));
}

/** Whether a multipart request asks for word timestamps (the SDK sends `timestamp_granularities[]` fields). */
const asksForWords = (request: RecordedRequest) =>
  Object.entries((request.body ?? {}) as Record<string, unknown>).some(
    ([name, value]) => name.startsWith('timestamp_granularities') && String(value).includes('word'),
  );

/** A scripted answer of /v1/audio/transcriptions or /v1/audio/translations. */
export const transcription = (segments: FakeSegment[], language = 'english'): Reply => ({
  kind: 'object',
  value: { segments, language },
  usage: DEFAULT_USAGE,
});

const AUDIO_PATH = /^\/v1\/audio\/(transcriptions|translations)$/;

/** What the audio endpoints answer: verbose_json (timestamped segments) or diarized_json (speakers). */
function audioAnswer(reply: SuccessReply, request: RecordedRequest) {
  const { segments, language } =
    reply.kind === 'object'
      ? (reply.value as { segments: FakeSegment[]; language: string })
      : { segments: [{ start: 0, end: 0, text: reply.text }], language: 'english' };
  const text = segments.map((segment) => segment.text).join(' ');
  const duration = segments.reduce((max, segment) => Math.max(max, segment.end), 0);
  const format = request.body?.response_format ?? 'json';
  if (format === 'diarized_json') {
    return {
      task: 'transcribe',
      duration,
      text,
      segments: segments.map((segment, index) => ({
        type: 'transcript.text.segment',
        id: `seg_${index}`,
        start: segment.start,
        end: segment.end,
        text: segment.text,
        speaker: segment.speaker ?? 'A',
      })),
      usage: { type: 'duration', seconds: Math.ceil(duration) },
    };
  }
  if (format !== 'verbose_json') return { text };
  return {
    ...(asksForWords(request) && { words: segments.flatMap(wordsOf) }),
    task: request.path.endsWith('translations') ? 'translate' : 'transcribe',
    language: request.path.endsWith('translations') ? 'english' : language,
    duration,
    text,
    segments: segments.map((segment, index) => ({
      id: index,
      seek: 0,
      start: segment.start,
      end: segment.end,
      text: ` ${segment.text}`,
      tokens: [50364, 50414],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.2,
      no_speech_prob: 0.01,
    })),
  };
}

/** What the fake's GET /v1/models lists: text models (one the built-in catalog lacks) and others. */
export const FAKE_OPENAI_MODELS = [
  'gpt-4.1',
  'gpt-5.5',
  'gpt-4o-mini',
  'text-embedding-3-small',
  'whisper-1',
  'tts-1',
  'dall-e-3',
  'gpt-4o-transcribe',
  'omni-moderation-latest',
];

const modelList = () => ({
  object: 'list',
  data: FAKE_OPENAI_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })),
});

/**
 * OpenAI's API under /v1: the model list (GET /v1/models), chat completions (also spoken by Groq and OpenAI-compatible servers), the
 * Responses API, non-streaming, with structured output returned as the message text, and the audio
 * transcriptions and translations (multipart upload in; json, verbose_json or diarized_json out).
 */
export const openaiFormat: WireFormat = {
  serves: (method, path) =>
    (method === 'GET' && path === '/v1/models') ||
    (method === 'POST' && (/^\/v1\/(chat\/completions|responses)$/.test(path) || AUDIO_PATH.test(path))),
  automatic: (request) =>
    request.method === 'GET' && request.path === '/v1/models' ? modelList() : undefined,
  success: (reply, request) => {
    if (AUDIO_PATH.test(request.path)) return audioAnswer(reply, request);
    const created = Math.floor(Date.now() / 1000);
    if (request.path === '/v1/responses') {
      return {
        id: `resp_${created}`,
        object: 'response',
        created_at: created,
        status: 'completed',
        model: request.body.model,
        output: [
          {
            type: 'message',
            id: `msg_${created}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: replyText(reply), annotations: [] }],
          },
        ],
        incomplete_details: null,
        usage: {
          input_tokens: reply.usage.input,
          output_tokens: reply.usage.output,
          total_tokens: reply.usage.input + reply.usage.output,
        },
      };
    }
    return {
      id: `chatcmpl-${created}`,
      object: 'chat.completion',
      created,
      model: request.body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: replyText(reply), refusal: null },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: reply.usage.input,
        completion_tokens: reply.usage.output,
        total_tokens: reply.usage.input + reply.usage.output,
      },
    };
  },
  error: (status, message) => ({
    error: { message, type: ERROR_TYPES[status] ?? 'server_error', param: null, code: null },
  }),
};

/** Base URL for the SDKs: `${origin}/v1`. */
export async function startFakeOpenAI(): Promise<FakeUpstream> {
  return FakeUpstream.start(openaiFormat);
}

/** Groq speaks the same API under /openai/v1. */
export const groqFormat: WireFormat = {
  ...openaiFormat,
  serves: (method, path) => openaiFormat.serves(method, path.replace(/^\/openai/, '')),
  success: (reply, request) =>
    openaiFormat.success(reply, { ...request, path: request.path.replace(/^\/openai/, '') }),
};

/** Base URL for the openai SDK: `${origin}/openai/v1`. */
export async function startFakeGroq(): Promise<FakeUpstream> {
  return FakeUpstream.start(groqFormat);
}
