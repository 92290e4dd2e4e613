import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server tests' fake upstreams: the real Anthropic Messages wire format and the scripted-reply model.
import { anthropicFormat } from '../../apps/server/test/fake-upstreams/anthropic.ts';
import {
  answer,
  failure,
  type RecordedRequest,
  type Reply,
} from '../../apps/server/test/fake-upstreams/scripted.ts';
import {
  analysisAnswer,
  isAnalysisRequest,
  isStatementQuestion,
  isTranslationRequest,
  statementQuestionAnswer,
  translationAnswer,
  userText,
} from './fake-analysis.ts';

export { answer, failure, rawText, slow } from '../../apps/server/test/fake-upstreams/scripted.ts';
export { FAKE_JUSTIFICATION, fakeText, said } from './fake-analysis.ts';

/**
 * A fake Anthropic API for the app under test, started by global setup (ANTHROPIC_BASE_URL points at it).
 *
 * The tests run in worker processes, two at a time, so a single FIFO queue of answers (as the server
 * tests' FakeUpstream keeps) would hand one test's answer to the other. Instead every answer is chosen by
 * the request itself:
 *  - a test that wants a particular answer scripts it under a marker (POST /__script) and puts that
 *    marker in its task description (prompt generation) or in its prompt's basic instruction (an
 *    analysis: the instruction is in the system prompt); each request that mentions the marker takes the
 *    next reply;
 *  - a request with FAIL_MARKER gets a 400 error;
 *  - an insight (the server's insight request: an <evidence_sample> section) gets insightAnswer, which cites
 *    the first analysis of the sample it was sent;
 *  - a topic run's naming (the server's topic request: a <clusters> section) gets topicAnswer, every cluster a
 *    topic of its own named by its first words;
 *  - an analysis of a conversation (the pipeline's request: 'Conversation details' and a 'Transcript')
 *    gets an answer derived from the JSON schema it asks for, the speakers' roles read from the
 *    transcript (fake-analysis.ts analysisAnswer);
 *  - a smart tracker run's question about one past analysis (its statement, then the transcript) gets the
 *    answer the analysis's smart_trackers would give it (fake-analysis.ts statementQuestionAnswer);
 *  - a translation of a transcript's numbered segments gets them back as they are (translationAnswer);
 *  - anything else gets DEFAULT_GENERATED, a valid generated prompt.
 * GET /__requests?marker= lists the recorded requests that mention a marker.
 */

/** A task description containing this makes the fake answer 400 with FAIL_MESSAGE. */
export const FAIL_MARKER = '[fake-llm: fail]';
export const FAIL_MESSAGE = 'The fake upstream was told to fail.';
/** The API key global setup gives the server; it must never reach the browser. */
export const FAKE_ANTHROPIC_KEY = 'sk-ant-e2e-fake-key-0000';
/** Where global setup tells the workers the fake listens. */
const ORIGIN_ENV = 'E2E_FAKE_LLM_URL';

/** An answer in the structure the prompt generator asks for (apps/server/.../generation-schema.ts). */
export interface GeneratedAnswer {
  scriptName: string;
  role: string;
  basicInstruction: string;
  transcribeInstructions: string;
  companyDetails: string;
  responseLanguage: string;
  finalScore: 'sum' | 'percent' | 'descending' | 'no';
  maxScore: number | null;
  content: GeneratedAnswerField[];
  metadataFields: string[];
}

export interface GeneratedAnswerField {
  key: string;
  type: string;
  explanation: string;
  includeInScore: boolean;
  options: Array<{ value: string; explanation: string }>;
  marks: Array<{ value: number; explanation: string }>;
  content?: GeneratedAnswerField[];
}

const leaf = (key: string, type: string, explanation: string, extra: Partial<GeneratedAnswerField> = {}) => ({
  key,
  type,
  explanation,
  includeInScore: false,
  options: [],
  marks: [],
  content: [],
  ...extra,
});

export const DEFAULT_GENERATED: GeneratedAnswer = {
  scriptName: 'AI drafted prompt',
  role: 'Sales',
  basicInstruction: 'You review sales calls and judge how well the representative sells.',
  transcribeInstructions: '',
  companyDetails: '',
  responseLanguage: 'English',
  finalScore: 'sum',
  maxScore: null,
  content: [
    leaf('Greeting', 'ok', 'Did the representative greet the customer?'),
    leaf('Needs discovery', 'marks', 'How well were the needs explored?', {
      includeInScore: true,
      marks: [
        { value: 0, explanation: 'not at all' },
        { value: 2, explanation: 'thoroughly' },
      ],
    }),
  ],
  metadataFields: ['Customer ID'],
};

// ---- Analyses of conversations (fake-analysis.ts) and insights ----

/** A section of an insight request (apps/server/src/modules/insights/ask.ts insightPrompt), parsed. */
function insightSection<T>(body: unknown, tag: string): T | null {
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(userText(body));
  return match ? (JSON.parse(match[1]!) as T) : null;
}

interface SampledAnalysis {
  analysis_id: number;
  representative: string | null;
  department: string | null;
}

/** Whether a request is the server's insight request (its figures and evidence sample). */
export function isInsightRequest(body: unknown): boolean {
  return insightSection(body, 'evidence_sample') !== null;
}

export const FAKE_INSIGHT_SUMMARY = 'The fake model answered from the figures it was given.';

interface SearchedAnalysis {
  analysis_id: number;
  moments: Array<{ segment: number | null; seconds: number | null }>;
}

/** The first moment of the insight request's transcript search (a `<transcript_search phrase="…">` section), if any. */
function firstSearchedMoment(
  body: unknown,
): { analysis_id: number; segment: number; seconds: number | null } | null {
  const match = /<transcript_search [^>]*>\n([\s\S]*?)\n<\/transcript_search>/.exec(userText(body));
  const found = match ? (JSON.parse(match[1]!) as SearchedAnalysis[]) : [];
  const analysis = found.find((candidate) => candidate.moments.some((moment) => moment.segment !== null));
  const moment = analysis?.moments.find((candidate) => candidate.segment !== null);
  return analysis && moment
    ? { analysis_id: analysis.analysis_id, segment: moment.segment!, seconds: moment.seconds }
    : null;
}

/**
 * A valid insight answer (contracts InsightAnswer): one finding with the number of analyses as its figure,
 * citing the first analysis of the sample (with its representative and department) and, when the transcripts
 * were searched, the first moment found; and one action.
 */
export function insightAnswer(body: unknown): Record<string, unknown> {
  const figures = insightSection<{ analyses: number; fields: Array<{ field: string }> }>(body, 'figures');
  const first = insightSection<SampledAnalysis[]>(body, 'evidence_sample')?.[0];
  const moment = firstSearchedMoment(body);
  return {
    summary: FAKE_INSIGHT_SUMMARY,
    findings: [
      {
        title: 'Finding of the fake model',
        detail: 'The newest analysis shows it.',
        figures: [{ label: 'Analyses', value: String(figures?.analyses ?? 0) }],
        citations: [
          {
            label: 'The newest analysis',
            analysis_ids: first ? [first.analysis_id] : [],
            representative: first?.representative ?? null,
            department: first?.department ?? null,
            field: figures?.fields[0]?.field ?? null,
            field_outcome: null,
            moments: moment ? [moment] : [],
          },
        ],
      },
    ],
    actions: [{ title: 'Action of the fake model', detail: 'Coach the team on it.' }],
  };
}

/** Whether a request is the server's topic request (apps/server/src/modules/topics/name.ts: a <clusters> section). */
export function isTopicRequest(body: unknown): boolean {
  return insightSection(body, 'clusters') !== null;
}

/** A valid topic answer (contracts TopicModelAnswer): every cluster a topic of its own, named by its first words. */
export function topicAnswer(body: unknown): Record<string, unknown> {
  const clusters = insightSection<Array<{ cluster: number; words: string[] }>>(body, 'clusters') ?? [];
  return {
    topics: clusters.map((cluster) => ({
      name: `Topic ${cluster.words.slice(0, 2).join(' ')}`,
      description: 'Named by the fake model.',
      clusters: [cluster.cluster],
      phrases: cluster.words.slice(0, 2),
    })),
  };
}

interface FakeLlm {
  origin: string;
  close: () => Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeLlm(): Promise<FakeLlm> {
  const scripts = new Map<string, Reply[]>();
  const requests: Array<RecordedRequest & { text: string }> = [];

  const choose = (text: string, body: unknown): Reply => {
    for (const [marker, queue] of scripts) {
      if (queue.length && text.includes(marker)) return queue.shift()!;
    }
    if (text.includes(FAIL_MARKER)) return failure(400, FAIL_MESSAGE);
    if (isInsightRequest(body)) return answer(insightAnswer(body));
    if (isTopicRequest(body)) return answer(topicAnswer(body));
    if (isAnalysisRequest(body)) return answer(analysisAnswer(body));
    if (isStatementQuestion(body)) return answer(statementQuestionAnswer(body));
    if (isTranslationRequest(body)) return answer(translationAnswer(body));
    return answer(DEFAULT_GENERATED);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await readJson(req);

    if (method === 'POST' && url.pathname === '/__script') {
      const { marker, replies } = body as { marker: string; replies: Reply[] };
      scripts.set(marker, [...(scripts.get(marker) ?? []), ...replies]);
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'GET' && url.pathname === '/__requests') {
      const marker = url.searchParams.get('marker') ?? '';
      return sendJson(
        res,
        200,
        requests.filter((request) => request.text.includes(marker)).map(({ text, ...request }) => request),
      );
    }
    if (!anthropicFormat.serves(method, url.pathname)) {
      return sendJson(res, 404, anthropicFormat.error(404, `No such endpoint: ${method} ${url.pathname}`));
    }

    const request: RecordedRequest = { method, path: url.pathname, headers: req.headers, body };
    // The model list (GET /v1/models) is answered as the real API pages it, never scripted.
    const listed = anthropicFormat.automatic?.({ ...request, query: url.searchParams });
    if (listed !== undefined) return sendJson(res, 200, listed);
    // What the model is asked: the messages (a generator's task description, a conversation) and the
    // system prompt (an analysis prompt's instructions).
    const { system, messages } = (body ?? {}) as { system?: unknown; messages?: unknown };
    const text = JSON.stringify({ system: system ?? null, messages: messages ?? null });
    requests.push({ ...request, text });
    const reply = choose(text, body);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    if (reply.kind === 'error') {
      return sendJson(res, reply.status, anthropicFormat.error(reply.status, reply.message));
    }
    return sendJson(res, 200, anthropicFormat.success(reply, request));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, anthropicFormat.error(500, String(error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env[ORIGIN_ENV] = origin; // inherited by the test workers
  return {
    origin,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- For tests (in the worker processes) ----

function fakeOrigin(): string {
  const origin = process.env[ORIGIN_ENV];
  if (!origin) throw new Error(`${ORIGIN_ENV} is not set: the fake LLM is started by e2e global setup`);
  return origin;
}

let markers = 0;

/** A marker no other test uses, to put into a task description. */
export function uniqueMarker(label = 'llm'): string {
  markers += 1;
  return `[e2e-${label}-${process.pid}-${Date.now().toString(36)}-${markers}]`;
}

/** The next request(s) whose task description contains `marker` get these replies, in order. */
export async function scriptLlm(marker: string, ...replies: Reply[]): Promise<void> {
  const response = await fetch(`${fakeOrigin()}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marker, replies }),
  });
  if (!response.ok) throw new Error(`Scripting the fake LLM failed: ${response.status}`);
}

/** The requests the app sent to the fake whose messages contain `marker`. */
export async function llmRequests(marker: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${fakeOrigin()}/__requests?marker=${encodeURIComponent(marker)}`);
  return (await response.json()) as RecordedRequest[];
}
