import { Writable } from 'node:stream';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { analysisRoutes, promptRoutes, uploadRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../test/analysis-app.ts';
import { answer, DEFAULT_USAGE } from '../../test/fake-upstreams/scripted.ts';
import { createProject } from '../../test/harness.ts';
import { GREETING_ANSWER, waitUntil } from '../../test/tasks.ts';
import { fund, multipart } from '../../test/uploads.ts';
import { tasks } from '../db/schema/index.ts';
import { QUEUES } from '../jobs/boss.ts';
import { createLogger } from '../logger.ts';
import { analysisJob } from '../modules/pipeline/jobs.ts';
import { startTracing, type Tracing } from './sdk.ts';
import { inSpan } from './spans.ts';

// What a person wrote or said, and who they are: none of it may reach a span.
const TRANSCRIPT_WORDS = ['Marmalade', 'periwinkle', 'Quixote'];
const CHAT = [
  '12/31/23, 9:41 PM - Sarah: Hi, is the Marmalade plan still on offer?',
  '12/31/23, 9:43 PM - Tom: Only in periwinkle, said Quixote.',
].join('\n');
const PROMPT_NAME = 'Zanzibar retention script';
const PROMPT_TEXT = 'Check that the agent greeted the caller by the Obsidian protocol';
const METADATA = { Department: 'Xylophone desk', Representative: 'Wilhelmina Fairweather' };

const exporter = new InMemorySpanExporter();
let tracing: Tracing | null;
let app: AnalysisApp;
let spans: ReadableSpan[];
let taskId: number;
let uploadTraceId: string;

beforeAll(async () => {
  tracing = await startTracing(
    { role: 'all', tracing: { sampler: 'always_on', samplerRatio: undefined } },
    exporter,
  );
  // The endpoint turns tracing on in the app's configuration (its hooks, pg-boss's spans); the spans stay here.
  app = await startAnalysisApp('tracing', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
  const projectId = await createProject(app.owner, 'Traced');
  await fund(app.t, projectId);
  const prompt = await app.owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: PROMPT_NAME,
      content: [{ key: 'Greeting', type: 'ok', explanation: PROMPT_TEXT, includeInScore: true }],
    },
  });
  expect(prompt.statusCode, prompt.body).toBe(201);
  const uploaded = await app.owner.call(uploadRoutes.file, {
    params: { id: projectId },
    form: multipart([
      { name: 'prompt_id', value: String(prompt.json().data.id) },
      { name: 'metadata', value: JSON.stringify(METADATA) },
      { name: 'file', filename: 'chat.txt', contentType: 'text/plain', data: Buffer.from(CHAT) },
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  uploadTraceId = uploaded.headers['x-request-id'] as string;
  taskId = uploaded.json().data.task_id;

  // The queued analysis, worked by the job queue's worker as a worker process does.
  app.anthropic.script(answer(GREETING_ANSWER));
  await analysisJob.work(app.t.ctx);
  try {
    const taskStatus = async () =>
      (await app.t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]?.status;
    await waitUntil(taskStatus, (status) => status === 'completed' || status === 'failed', 30_000);
    expect(await taskStatus()).toBe('completed');
  } finally {
    await app.t.ctx.boss.offWork(QUEUES.analysis);
  }
  await tracing!.flush();
  spans = exporter.getFinishedSpans();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await tracing?.stop();
});

const named = (name: string) => spans.filter((span) => span.name === name);
const only = (name: string) => {
  const found = named(name);
  expect(found, `one span named ${name} among ${spans.map((s) => s.name).join(', ')}`).toHaveLength(1);
  return found[0]!;
};

describe('a traced analysis', () => {
  it('the upload request is a span named by its route template, its trace id its request id', () => {
    const request = only('POST /api/projects/:id/uploads');
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/projects/:id/uploads',
      'http.response.status_code': 201,
    });
    expect(request.spanContext().traceId).toBe(uploadTraceId);
    expect(request.resource.attributes['service.name']).toBe('parley');
  });

  it('the analysis job continues the upload trace, with its queue, id and attempt', () => {
    const job = only('process analysis');
    expect(job.spanContext().traceId).toBe(uploadTraceId);
    expect(job.attributes).toMatchObject({
      'messaging.system': 'pg-boss',
      'messaging.destination.name': 'analysis',
      'pgboss.job.retry_count': 0,
    });
    expect(job.attributes['messaging.message.id']).toEqual(expect.any(String));
  });

  it('each pipeline stage is a span of the job with the task and project ids', () => {
    const job = only('process analysis');
    for (const stage of ['media', 'hold', 'transcription', 'audioRedaction', 'analysis', 'lva', 'charge']) {
      const span = only(`stage ${stage}`);
      expect(span.parentSpanContext?.spanId).toBe(job.spanContext().spanId);
      expect(span.attributes).toMatchObject({ 'parley.stage': stage, 'parley.task.id': taskId });
      expect(span.attributes['parley.project.id']).toEqual(expect.any(Number));
    }
  });

  it('the model call follows the GenAI conventions: provider, model, tokens, finish reason', () => {
    const [chat] = spans.filter((span) => span.name.startsWith('chat '));
    expect(chat).toBeDefined();
    expect(chat!.parentSpanContext?.spanId).toBe(only('stage analysis').spanContext().spanId);
    expect(chat!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.usage.input_tokens': DEFAULT_USAGE.input,
      'gen_ai.usage.output_tokens': DEFAULT_USAGE.output,
      'parley.purpose': 'analysis',
    });
    expect(chat!.attributes['gen_ai.request.model']).toEqual(expect.any(String));
    expect(chat!.attributes['gen_ai.response.finish_reasons']).toEqual([expect.any(String)]);
    // Its HTTP request (beside the rate limiter's queries), and the provider's answer.
    const http = only('POST');
    expect(http.parentSpanContext?.spanId).toBe(chat!.spanContext().spanId);
    expect(http.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
    });
  });

  it("database queries are spans of the request or job they ran for, with the statement's placeholders only", () => {
    const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    const jobQueries = queries.filter((span) => span.spanContext().traceId === uploadTraceId);
    expect(jobQueries.length).toBeGreaterThan(10);
    expect(queries.some((span) => /\$1\b/.test(String(span.attributes['db.query.text'])))).toBe(true);
    for (const query of queries) {
      expect(Object.keys(query.attributes).filter((key) => /param|values/i.test(key))).toEqual([]);
    }
  });

  it('pool checkouts and statements that only open a transaction or a savepoint make no span; commits do', () => {
    const names = spans.map((span) => span.name);
    expect(names.filter((name) => /^pg-pool|^pg\.query:(BEGIN|SAVEPOINT|RELEASE)\b/.test(name))).toEqual([]);
    expect(names.some((name) => name.startsWith('pg.query:COMMIT'))).toBe(true);
  });

  it('no span nor log line holds the transcript, the prompt, the metadata values or the email', () => {
    const secrets = [
      ...TRANSCRIPT_WORDS,
      PROMPT_NAME,
      PROMPT_TEXT,
      'Obsidian',
      ...Object.values(METADATA),
      'Wilhelmina',
      app.owner.email,
    ].map((secret) => secret.toLowerCase());
    const recorded = spans.flatMap((span) => [
      span.name,
      span.status.message ?? '',
      ...Object.values(span.attributes).map(String),
      ...span.events.flatMap((event) => [event.name, ...Object.values(event.attributes ?? {}).map(String)]),
      ...span.links.flatMap((link) => Object.values(link.attributes ?? {}).map(String)),
      ...Object.values(span.resource.attributes).map(String),
    ]);
    expect(recorded.length).toBeGreaterThan(100);
    const leaks = recorded.filter((value) => secrets.some((secret) => value.toLowerCase().includes(secret)));
    expect(leaks).toEqual([]);
    // Nor a line of the app's log.
    const logged = app.t.logs.map((line) => JSON.stringify(line).toLowerCase());
    expect(logged.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });

  it('an error answer names the request by its trace id, in the body and the x-request-id header', async () => {
    const response = await app.owner.call(analysisRoutes.detail, { params: { id: 999_999, taskId: 1 } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) }, request_id: requestId });
  });
});

describe('log lines', () => {
  it('written within a span carry its trace and span ids', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, sink);
    const ids = await inSpan('logging', {}, async (span) => {
      logger.info('within');
      return span.spanContext();
    });
    logger.info('outside');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'within', trace_id: ids.traceId, span_id: ids.spanId }),
      expect.not.objectContaining({ trace_id: expect.anything() }),
    ]);
  });
});
