import {
  DEFAULT_USAGE,
  FakeUpstream,
  type RecordedRequest,
  type Reply,
  type WireFormat,
} from './scripted.ts';

/** One stretch of speech a scripted AssemblyAI transcript holds (seconds from the start of the upload). */
export interface FakeUtterance {
  start: number;
  end: number;
  text: string;
  /** AssemblyAI's speaker label ('A', 'B' …), given only when speaker_labels was asked for. */
  speaker?: string;
  /** The utterance's words with their times (seconds); without them they are spread evenly. */
  words?: Array<{ text: string; start: number; end: number }>;
}

/** The transcript POST /v2/transcript starts; its polls answer it once completed. */
export const assemblyaiTranscript = (utterances: FakeUtterance[], language = 'en'): Reply => ({
  kind: 'object',
  value: { utterances, language },
  usage: DEFAULT_USAGE,
});

/** A transcript that ends with status 'error' (the submit itself succeeds). */
export const assemblyaiFailedTranscript = (error: string): Reply => ({
  kind: 'object',
  value: { error },
  usage: DEFAULT_USAGE,
});

interface Job {
  id: string;
  params: Record<string, unknown>;
  outcome: { utterances: FakeUtterance[]; language: string } | { error: string };
  polls: number;
}

const ms = (seconds: number) => Math.round(seconds * 1000);

function wordsOf(utterance: FakeUtterance, labelled: boolean) {
  if (utterance.words) {
    return utterance.words.map((timed) => ({
      text: timed.text,
      start: ms(timed.start),
      end: ms(timed.end),
      confidence: 0.97,
      speaker: labelled ? (utterance.speaker ?? 'A') : null,
      channel: null,
    }));
  }
  const words = utterance.text.split(/\s+/).filter(Boolean);
  const step = (utterance.end - utterance.start) / Math.max(1, words.length);
  return words.map((text, i) => ({
    text,
    start: ms(utterance.start + i * step),
    end: ms(utterance.start + (i + 1) * step),
    confidence: 0.97,
    speaker: labelled ? (utterance.speaker ?? 'A') : null,
    channel: null,
  }));
}

/** The transcript object at a status (GET /v2/transcript/:id). */
function transcriptObject(job: Job, status: 'queued' | 'processing' | 'completed' | 'error') {
  const base = {
    id: job.id,
    status,
    audio_url: job.params.audio_url,
    speech_model: job.params.speech_model ?? null,
    speaker_labels: job.params.speaker_labels ?? false,
    language_detection: job.params.language_detection ?? false,
    language_code: job.params.language_code ?? null,
    text: null,
    words: null,
    utterances: null,
    audio_duration: null,
    error: undefined as string | undefined,
  };
  if (status === 'error' && 'error' in job.outcome) return { ...base, error: job.outcome.error };
  if (status !== 'completed' || 'error' in job.outcome) return base;
  const { utterances, language } = job.outcome;
  const labelled = job.params.speaker_labels === true;
  return {
    ...base,
    language_code: job.params.language_code ?? language,
    text: utterances.map((u) => u.text).join(' '),
    words: utterances.flatMap((u) => wordsOf(u, labelled)),
    utterances: labelled
      ? utterances.map((u) => ({
          speaker: u.speaker ?? 'A',
          start: ms(u.start),
          end: ms(u.end),
          text: u.text,
          confidence: 0.97,
          words: wordsOf(u, true),
        }))
      : null,
    audio_duration: Math.ceil(utterances.reduce((max, u) => Math.max(max, u.end), 0)),
    confidence: 0.97,
  };
}

/**
 * AssemblyAI's asynchronous API: POST /v2/upload (the recording as the body) answers an upload_url;
 * POST /v2/transcript takes the next scripted reply (an error reply fails the submit); each transcript is
 * then 'queued', 'processing' on its first poll and 'completed' (or 'error') from its second.
 */
function assemblyaiFormat(): WireFormat {
  const jobs = new Map<string, Job>();
  let uploads = 0;
  return {
    serves: (method, path) =>
      (method === 'POST' && (path === '/v2/upload' || path === '/v2/transcript')) ||
      (method === 'GET' && /^\/v2\/transcript\/[\w-]+$/.test(path)),
    automatic: (request: RecordedRequest) => {
      if (request.path === '/v2/upload') {
        uploads += 1;
        return { upload_url: `https://cdn.assemblyai.com/upload/fake-${uploads}` };
      }
      if (request.method !== 'GET') return undefined;
      const job = jobs.get(request.path.split('/').at(-1)!);
      if (!job) return undefined;
      job.polls += 1;
      if (job.polls === 1) return transcriptObject(job, 'processing');
      return transcriptObject(job, 'error' in job.outcome ? 'error' : 'completed');
    },
    success: (reply, request) => {
      const id = `fake-transcript-${jobs.size + 1}`;
      const outcome =
        reply.kind === 'object'
          ? (reply.value as Job['outcome'])
          : { utterances: [{ start: 0, end: 1, text: reply.text }], language: 'en' };
      const job: Job = { id, params: request.body ?? {}, outcome, polls: 0 };
      jobs.set(id, job);
      return transcriptObject(job, 'queued');
    },
    error: (_status, message) => ({ error: message }),
    retryAfter: 'seconds',
  };
}

/** Base URL for the SDK (ASSEMBLYAI_BASE_URL): the origin. */
export async function startFakeAssemblyAI(): Promise<FakeUpstream> {
  return FakeUpstream.start(assemblyaiFormat());
}
