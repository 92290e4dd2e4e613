import {
  DEFAULT_USAGE,
  FakeUpstream,
  type RecordedRequest,
  type Reply,
  type WireFormat,
} from './scripted.ts';

/** One stretch of speech a scripted Deepgram answer returns (seconds from the start of the upload). */
export interface FakeUtterance {
  start: number;
  end: number;
  text: string;
  /** Deepgram's speaker number (0, 1 …), given only when the request asks to diarize. */
  speaker?: number;
  /** The utterance's words with their times (punctuated as said); without them they are spread evenly. */
  words?: Array<{ word: string; start: number; end: number }>;
}

/** A scripted answer of POST /v1/listen. */
export const deepgramTranscript = (utterances: FakeUtterance[], language = 'en'): Reply => ({
  kind: 'object',
  value: { utterances, language },
  usage: DEFAULT_USAGE,
});

/** The utterance's words, spread evenly over its time. */
function wordsOf(utterance: FakeUtterance, diarize: boolean) {
  if (utterance.words) {
    return utterance.words.map((timed) => ({
      word: timed.word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
      start: timed.start,
      end: timed.end,
      confidence: 0.98,
      punctuated_word: timed.word,
      ...(diarize && { speaker: utterance.speaker ?? 0, speaker_confidence: 0.9 }),
    }));
  }
  const words = utterance.text.split(/\s+/).filter(Boolean);
  const step = (utterance.end - utterance.start) / Math.max(1, words.length);
  return words.map((punctuated, i) => ({
    word: punctuated.toLowerCase().replace(/[^\p{L}\p{N}']/gu, ''),
    start: utterance.start + i * step,
    end: utterance.start + (i + 1) * step,
    confidence: 0.98,
    punctuated_word: punctuated,
    ...(diarize && { speaker: utterance.speaker ?? 0, speaker_confidence: 0.9 }),
  }));
}

/** Deepgram's pre-recorded answer: results.channels[].alternatives[].words, and utterances when asked. */
function listenAnswer(value: { utterances: FakeUtterance[]; language: string }, request: RecordedRequest) {
  const diarize = request.query?.get('diarize') === 'true';
  const withUtterances = request.query?.get('utterances') === 'true';
  const words = value.utterances.flatMap((u) => wordsOf(u, diarize));
  const duration = value.utterances.reduce((max, u) => Math.max(max, u.end), 0);
  return {
    metadata: {
      transaction_key: 'deprecated',
      request_id: '5d1f7a3e-0c1b-4c56-9a2e-7c3b1f0e9d11',
      sha256: '0'.repeat(64),
      created: new Date().toISOString(),
      duration,
      channels: 1,
      models: ['30089e05-99d1-4376-b32e-c263170674af'],
      model_info: {},
    },
    results: {
      channels: [
        {
          ...(request.query?.get('detect_language') === 'true' && {
            detected_language: value.language,
            language_confidence: 0.97,
          }),
          alternatives: [
            { transcript: value.utterances.map((u) => u.text).join(' '), confidence: 0.98, words },
          ],
        },
      ],
      ...(withUtterances && {
        utterances: value.utterances.map((u, i) => ({
          start: u.start,
          end: u.end,
          confidence: 0.97,
          channel: 0,
          transcript: u.text,
          words: wordsOf(u, diarize),
          speaker: diarize ? (u.speaker ?? 0) : undefined,
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        })),
      }),
    },
  };
}

/** Deepgram's API: POST /v1/listen with the recording as the body, options in the query. */
export const deepgramFormat: WireFormat = {
  serves: (method, path) => method === 'POST' && path === '/v1/listen',
  success: (reply, request) =>
    listenAnswer(
      reply.kind === 'object'
        ? (reply.value as { utterances: FakeUtterance[]; language: string })
        : { utterances: [{ start: 0, end: 1, text: reply.text }], language: 'en' },
      request,
    ),
  error: (status, message) => ({
    err_code:
      status === 401 ? 'INVALID_AUTH' : status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR',
    err_msg: message,
    request_id: '5d1f7a3e-0c1b-4c56-9a2e-7c3b1f0e9d12',
  }),
  retryAfter: 'seconds',
};

/** Base URL for the SDK (DEEPGRAM_BASE_URL): the origin. */
export async function startFakeDeepgram(): Promise<FakeUpstream> {
  return FakeUpstream.start(deepgramFormat);
}
