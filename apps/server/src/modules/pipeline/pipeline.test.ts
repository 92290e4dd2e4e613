import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  analysisRoutes,
  type PromptField,
  promptRoutes,
  type RouteBody,
  type TaskError,
  type TaskResult,
  type TaskStage,
  taskError,
  taskErrorText,
} from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { watchFolderSize } from '../../../test/disk.ts';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { emloReport, startFakeEmlo } from '../../../test/fake-upstreams/emlo.ts';
import { startFakeGroq, startFakeOpenAI, transcription } from '../../../test/fake-upstreams/openai.ts';
import { answer, type FakeUpstream, failure, slow } from '../../../test/fake-upstreams/scripted.ts';
import { flacStream } from '../../../test/fixtures/flac.ts';
import { type LongRecordings, makeLongRecordings } from '../../../test/fixtures/long-audio.ts';
import {
  AGENT_LINE,
  CUSTOMER_LINE,
  type MediaFixture,
  makeSpeechFixtures,
  type SpeechFixtures,
} from '../../../test/fixtures/speech.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { aiUsage, billingHolds, invoices, mediaFiles, tasks, unitBundles } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { storageOf } from '../../storage/index.ts';
import { TASK_EVENTS_CHANNEL } from '../tasks/notify.ts';
import { enqueueTask, taskJobKey } from '../tasks/queue.ts';
import { onTaskSettled, type SettledTask } from '../tasks/settled.ts';
import { failInterruptedTask } from '../tasks/state.ts';
import { analysisJob } from './jobs.ts';
import { runTask } from './run.ts';
import { processWorkFolder } from './work-folders.ts';

let t: TestApp;
let anthropic: FakeUpstream;
let openai: FakeUpstream;
let groq: FakeUpstream;
let emlo: FakeUpstream;
let fixtures: SpeechFixtures;
let dataDir: string;
let admin: Client;

const KEYS = {
  ANTHROPIC_API_KEY: 'sk-ant-pipeline-secret',
  OPENAI_API_KEY: 'sk-openai-pipeline-secret',
  GROQ_API_KEY: 'gsk-groq-pipeline-secret',
};

beforeAll(async () => {
  [anthropic, openai, groq, emlo, fixtures] = await Promise.all([
    startFakeAnthropic(),
    startFakeOpenAI(),
    startFakeGroq(),
    startFakeEmlo(),
    makeSpeechFixtures(),
  ]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-pipeline-'));
  t = await startTestApp(
    {},
    {
      ...KEYS,
      DATA_DIR: dataDir,
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      GROQ_BASE_URL: `${groq.origin}/openai/v1`,
      EMLO_API_URL: emlo.origin,
      AI_MAX_RETRIES: '1',
      AI_TIMEOUT_MS: '5000',
      // Whisper: verbose_json pieces without speakers (mono recordings have no speaker labels).
      TRANSCRIPTION_MODEL: 'whisper-1',
      // 7-second recordings go in two pieces: the second one's times are shifted by 4 s.
      TRANSCRIPTION_CHUNK_SECONDS: '4',
      // Scripted answers go to pieces in order; one test below sends them side by side.
      TRANSCRIPTION_PARALLEL_PIECES: '1',
    },
  );
  admin = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([anthropic, openai, groq, emlo].map((fake) => fake?.close()));
  await fixtures?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const fake of [anthropic, openai, groq, emlo]) {
    expect(fake.pending, 'every scripted answer was used').toBe(0);
    fake.reset();
  }
});

// ---------- helpers ----------

type ConfigPatch = { [K in keyof Config]?: Config[K] extends object ? Partial<Config[K]> : Config[K] };

/** The app's context with some settings changed (the shared config stays as it is). */
function withConfig(patch: ConfigPatch): AppContext {
  const config = { ...t.ctx.config } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const current = config[key];
    config[key] =
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...(current as object), ...value }
        : value;
  }
  return { ...t.ctx, config: config as unknown as Config };
}

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: ['int', 'float', 'bool', 'ok', 'marks'].includes(type),
  ...extra,
});

/** Greeting (ok), Needs (marks 0-3), Discovery.Budget (bool): scored out of 5. */
const SCORECARD: PromptField[] = [
  field('Summary', 'string', { explanation: 'Provide a concise summary of the conversation' }),
  field('Title', 'string', { explanation: 'Provide a descriptive title for this conversation' }),
  field('Greeting', 'ok', { explanation: 'Did the agent greet the customer?' }),
  field('Needs', 'marks', {
    explanation: 'How well were the needs explored?',
    marks: [0, 1, 2, 3].map((value) => ({ value, explanation: `${value} points` })),
  }),
  field('Discovery', 'object', { includeInScore: false, content: [field('Budget', 'bool')] }),
  field('Final Score', 'float', { includeInScore: false }),
];

const ev = (value: unknown, timestamp: number | null = null, quote = '', unsure = false) => ({
  value,
  justification: 'Because the transcript says so.',
  quote,
  timestamp,
  unsure,
});

/** A model answer for SCORECARD: 1 + 2 + 0 of 5 = 60 %; the budget never comes up, so the model is unsure of it. */
const SCORECARD_ANSWER = {
  Summary: ev('A customer asks Acme Solar for the price of panels.'),
  Title: ev('Price enquiry about solar panels'),
  Greeting: ev('ok', 0.2, 'Hello, thank you for calling Acme Solar.'),
  Needs: ev(2, 4, 'I would like to know the price of your panels.'),
  Discovery: { Budget: ev(false, null, '', true) },
};

type PromptOptions = Partial<
  Pick<
    RouteBody<typeof promptRoutes.create>,
    | 'provider'
    | 'model'
    | 'finalScore'
    | 'LVA'
    | 'transcriptionTask'
    | 'transcriptionLanguage'
    | 'responseLanguage'
    | 'isClassification'
  >
> & { name?: string; content?: PromptField[] };

async function createPrompt(projectId: number, options: PromptOptions = {}): Promise<number> {
  const response = await admin.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: options.name ?? `Scorecard ${Math.random().toString(36).slice(2, 8)}`,
      basicInstruction: 'Judge how well the agent handled the call.',
      companyDetails: 'Acme Solar sells solar panels.',
      content: options.content ?? SCORECARD,
      provider: options.provider ?? 'anthropic',
      model: options.model ?? 'claude-sonnet-4-20250514',
      finalScore: options.finalScore ?? 'percent',
      LVA: options.LVA ?? 'none',
      transcriptionTask: options.transcriptionTask ?? 'transcribe',
      transcriptionLanguage: options.transcriptionLanguage ?? 'auto',
      responseLanguage: options.responseLanguage ?? 'English',
      isClassification: options.isClassification ?? false,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create prompt failed: ${response.body}`);
  return response.json().data.id;
}

async function newProject(units = 1_000_000): Promise<number> {
  const projectId = await createProject(admin, `Pipeline ${Math.random().toString(36).slice(2, 8)}`);
  if (units > 0) {
    await t.ctx.db.insert(unitBundles).values({
      projectId,
      planName: 'Test',
      includedMilli: units,
      leftMilli: units,
      isFree: false,
      expiresAt: null,
    });
  }
  return projectId;
}

/** A task row inserted directly, its media stored through the storage interface. */
async function insertTask(
  projectId: number,
  promptId: number,
  media: { fixture?: MediaFixture; text?: { fileName: string; content: string } },
  metadata: Record<string, string> = { Department: 'Sales', Representative: 'Ann' },
): Promise<number> {
  const storage = storageOf(t.ctx.config);
  const fileName = media.fixture?.fileName ?? media.text!.fileName;
  const source = media.fixture
    ? createReadStream(media.fixture.path)
    : Readable.from([Buffer.from(media.text!.content)]);
  const stored = await storage.put(source, {
    prefix: `projects/${projectId}`,
    extension: path.extname(fileName),
  });
  const kind = media.text ? 'text' : media.fixture!.contentType.startsWith('video/') ? 'video' : 'audio';
  const [file] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: stored.key,
      fileName,
      contentType: media.fixture?.contentType ?? 'text/plain',
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind,
    })
    .returning();
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: file!.id, promptId, createdBy: admin.userId, metadata })
    .returning();
  return task!.id;
}

const taskRow = async (taskId: number) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;

/** The reason's English text, as the API answers it. */
const errorText = (row: { errorReason: TaskError | null }) =>
  row.errorReason && taskErrorText(row.errorReason);

const chargesOf = (projectId: number) =>
  t.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.reference, 'analysis')));

const audioRequests = (fake: FakeUpstream) => fake.requests.filter((r) => r.path.includes('/audio/'));

/** Agent line in the first piece (0-4 s), customer line in the second (4-7 s), per channel. */
function scriptStereoTranscription() {
  openai.script(
    transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]), // left, 0-4 s
    transcription([]), // left, 4-7 s: silence
    transcription([]), // right, 0-4 s: silence
    transcription([{ start: 0.1, end: 2.6, text: CUSTOMER_LINE }]), // right, 4-7 s
  );
}

function scriptMonoTranscription() {
  openai.script(
    transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]),
    transcription([{ start: 0, end: 1.2, text: 'How can I help you?' }]),
  );
}

const run = (taskId: number, ctx: AppContext = t.ctx, options = { lastAttempt: false }, deps = {}) =>
  runTask(ctx, taskId, options, deps);

// ---------- the whole pipeline ----------

describe('analysis pipeline', () => {
  it('takes a stereo call through every stage: transcript by channel, result with evidence, score, metrics, one charge', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.wav });
    scriptStereoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));

    const listener = new pg.Client({ connectionString: t.database.pool.options.connectionString });
    await listener.connect();
    const events: Array<{ task_id: number; status: string; stage: string | null; progress: number }> = [];
    listener.on('notification', (message) => events.push(JSON.parse(message.payload!)));
    await listener.query(`LISTEN ${TASK_EVENTS_CHANNEL}`);

    expect(await run(taskId)).toBe('completed');
    const task = await taskRow(taskId);
    expect(task).toMatchObject({
      status: 'completed',
      stage: 'done',
      progress: 100,
      errorReason: null,
      attempts: 1,
      title: 'Price enquiry about solar panels',
      finalScore: 60,
      scoreMode: 'percent',
    });
    expect(task.startedAt).not.toBeNull();
    expect(task.completedAt).not.toBeNull();

    // Transcription: each channel on its own (mono 16 kHz FLAC), in 4-second pieces.
    const uploads = audioRequests(openai);
    expect(uploads).toHaveLength(4);
    for (const upload of uploads) {
      expect(upload.path).toBe('/v1/audio/transcriptions');
      expect(upload.body).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json' });
      expect(upload.body.language).toBeUndefined();
      const file = upload.files![0]!;
      expect(file).toMatchObject({ filename: 'audio.flac', contentType: 'audio/flac' });
      expect(flacStream(file.data)).toEqual({ sampleRate: 16_000, channels: 1 });
    }
    expect(task.transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'Channel 1', channel: 0 },
      { start: 4.1, end: 6.6, text: CUSTOMER_LINE, speaker: 'Channel 2', channel: 1 },
    ]);
    expect(task.transcriptText).toBe(`[0:00] Channel 1: ${AGENT_LINE}\n[0:04] Channel 2: ${CUSTOMER_LINE}`);

    // The model was given the settings in a system block marked for caching, the fields once (in the
    // schema: explanations and what marks mean; evidence explained in the instructions), the conversation
    // last, and room for an answer of this size.
    const call = anthropic.requests[0]!;
    expect(call.body.system).toEqual([
      { type: 'text', text: expect.any(String), cache_control: { type: 'ephemeral' } },
    ]);
    const system: string = call.body.system[0].text;
    expect(system).toContain('Judge how well the agent handled the call.');
    expect(system).toContain('Acme Solar sells solar panels.');
    expect(system).toContain('justification, one sentence');
    expect(system).not.toContain('Needs');
    expect(system).not.toContain('How well were the needs explored?');
    const schema = call.body.tools[0].input_schema;
    expect(schema.properties.Needs.properties.value).toMatchObject({
      enum: [0, 1, 2, 3],
      description: 'How well were the needs explored?\n0: 0 points\n1: 1 points\n2: 2 points\n3: 3 points',
    });
    expect(schema.properties.Needs.properties.justification).toEqual({ type: 'string' });
    expect(schema.properties.Needs.properties.unsure).toEqual({ type: 'boolean' });
    expect(schema.properties['Final Score']).toBeUndefined();
    const conversation = JSON.stringify(call.body.messages);
    expect(conversation).toContain(`[4.1s] Channel 2: ${CUSTOMER_LINE}`);
    expect(conversation).toContain('Representative: Ann');
    expect(call.body.max_tokens).toBe(4096);

    // Result: values, evidence by dotted path, and how the score came about.
    const result = task.result as TaskResult;
    expect(result.values).toEqual({
      Summary: 'A customer asks Acme Solar for the price of panels.',
      Title: 'Price enquiry about solar panels',
      Greeting: 'ok',
      Needs: 2,
      Discovery: { Budget: false },
      'Final Score': 60,
    });
    expect(result.evidence['Discovery.Budget']).toEqual({
      justification: 'Because the transcript says so.',
      quote: '',
      timestamp: null,
      unsure: true,
    });
    // What the model was unsure of is kept beside the result, for the `unsure` sampling rule.
    expect(task.unsurePaths).toEqual(['Discovery.Budget']);
    expect(result.evidence.Needs).toMatchObject({ quote: CUSTOMER_LINE.replace('Hi, ', ''), timestamp: 4 });
    expect(result.score).toMatchObject({ mode: 'percent', score: 60, sum: 3, base: 5 });

    // Metrics from the segments.
    expect(task.metrics).toMatchObject({
      durationSeconds: 7,
      speakers: [
        { speaker: 'Channel 1', talkSeconds: 3.2, questions: 1 },
        { speaker: 'Channel 2', talkSeconds: 2.5, questions: 0 },
      ],
      longestMonologue: { speaker: 'Channel 1', seconds: 3.2, start: 0.2 },
      overlaps: 0,
    });

    // Media facts from the decoded samples; one charge of 7 s x 1 unit = 117 milli-units.
    const [media] = await t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task.mediaId));
    expect(media).toMatchObject({ durationMs: 7000, channels: 2 });
    const charges = await chargesOf(projectId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ referenceId: `task:${taskId}`, unitsMilli: 117, minutesMilli: 117 });
    expect(task.unitsChargedMilli).toBe(117);
    expect(task.lva).toBeNull();

    // Live updates: every stage was announced, ending with completed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await listener.end();
    const mine = events.filter((event) => event.task_id === taskId);
    expect(new Set(mine.map((event) => event.stage))).toEqual(
      new Set(['media', 'transcription', 'analysis', 'done']),
    );
    expect(mine.at(-1)).toMatchObject({ status: 'completed', stage: 'done', progress: 100 });
    expect(mine.map((event) => event.progress)).toEqual(
      [...mine.map((event) => event.progress)].sort((a, b) => a - b),
    );

    // Running the job again changes nothing, but tells the 'task settled' listeners again: the worker that
    // settled the task may have stopped before they ran (a batch would then never finish).
    const told: SettledTask[] = [];
    const stop = onTaskSettled(async (_, settled) => {
      told.push(settled);
    });
    try {
      expect(await run(taskId)).toBe('already_done');
    } finally {
      stop();
    }
    expect(told).toEqual([{ id: taskId, projectId, status: 'completed' }]);
    expect(await chargesOf(projectId)).toHaveLength(1);
  });

  it('mono recordings keep the speakers the provider gives (diarizing model), translated when asked', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { transcriptionTask: 'translate' });
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.m4a });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    const uploads = audioRequests(openai);
    expect(uploads.map((u) => u.path)).toEqual(['/v1/audio/translations', '/v1/audio/translations']);
    expect((await taskRow(taskId)).transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: null },
      { start: 4, end: 5.2, text: 'How can I help you?', speaker: null },
    ]);

    const diarizing = withConfig({ transcription: { model: 'gpt-4o-transcribe-diarize' } });
    const other = await createPrompt(projectId);
    const second = await insertTask(projectId, other, { fixture: fixtures.mono.mp3 });
    openai.reset();
    openai.script(
      transcription([
        { start: 0.2, end: 2, text: 'Hello, Acme Solar.', speaker: 'A' },
        { start: 2.5, end: 3.9, text: 'Hi there.', speaker: 'B' },
      ]),
      transcription([{ start: 0, end: 1, text: 'Prices?', speaker: 'B' }]),
    );
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(second, diarizing)).toBe('completed');
    expect(audioRequests(openai)[0]!.body).toMatchObject({
      response_format: 'diarized_json',
      chunking_strategy: 'auto',
    });
    expect(((await taskRow(second)).transcript as Array<{ speaker: string }>).map((s) => s.speaker)).toEqual([
      'Speaker A',
      'Speaker B',
      // The second piece was diarized on its own: its 'B' need not be the first piece's.
      'Speaker B (part 2)',
    ]);
    // Another conversation, a prompt with the same settings: the prefix providers cache (the schema, as
    // the json tool, and the system block) is byte for byte the same, but for the speakers' roles the
    // schema asks for once the conversation has speakers; only the conversation differs.
    const [first, again] = anthropic.requests;
    const { speaker_roles, ...fields } = again!.body.tools[0].input_schema.properties;
    expect(speaker_roles).toMatchObject({ type: 'array' });
    expect(first!.body.tools[0].input_schema.properties.speaker_roles).toBeUndefined();
    expect(JSON.stringify(fields)).toBe(JSON.stringify(first!.body.tools[0].input_schema.properties));
    expect(JSON.stringify(again!.body.system)).toBe(JSON.stringify(first!.body.system));
    expect(again!.body.messages).not.toEqual(first!.body.messages);
  });

  it('Groq transcribes through the same SDK at its OpenAI-compatible address', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { transcriptionLanguage: 'de' });
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.ogg });
    const ctx = withConfig({ transcription: { provider: 'groq', model: 'whisper-large-v3' } });
    groq.script(transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]), transcription([]));
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId, ctx)).toBe('completed');
    expect(
      groq.requests.map((r) => [r.path, r.body.model, r.body.language, r.headers.authorization]),
    ).toEqual([
      ['/openai/v1/audio/transcriptions', 'whisper-large-v3', 'de', `Bearer ${KEYS.GROQ_API_KEY}`],
      ['/openai/v1/audio/transcriptions', 'whisper-large-v3', 'de', `Bearer ${KEYS.GROQ_API_KEY}`],
    ]);
    // Response language English, whatever the conversation's.
    expect(JSON.stringify(anthropic.requests[0]!.body)).toContain('justifications in English');
  });

  it('a text conversation skips transcription and is billed by its characters', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { finalScore: 'sum', responseLanguage: 'Auto' });
    const chat = [
      { speaker: 'Agent', text: 'Hello, thank you for contacting Acme Solar.' },
      { author: 'Customer', message: 'What does a panel cost?' },
    ];
    const taskId = await insertTask(projectId, promptId, {
      text: { fileName: 'chat.json', content: JSON.stringify(chat) },
    });
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    const task = await taskRow(taskId);
    const text = 'Agent: Hello, thank you for contacting Acme Solar.\nCustomer: What does a panel cost?';
    expect(task).toMatchObject({
      status: 'completed',
      transcriptText: text,
      transcript: [
        { speaker: 'Agent', text: 'Hello, thank you for contacting Acme Solar.', start: null, end: null },
        { speaker: 'Customer', text: 'What does a panel cost?', start: null, end: null },
      ],
      metrics: expect.objectContaining({ kind: 'chat', messages: 2 }),
    });
    expect(audioRequests(openai)).toHaveLength(0);
    const { system, messages } = anthropic.requests[0]!.body;
    expect(JSON.stringify(messages)).toContain('Customer: What does a panel cost?');
    // Response language Auto: the conversation's (not known for a chat), said with the conversation.
    expect(JSON.stringify(system)).not.toContain('justifications in');
    expect(JSON.stringify(messages)).toContain('justifications in the language of the conversation');
    expect(task).toMatchObject({ finalScore: 3, scoreMode: 'sum' });
    // 83 characters = 83 milli-units x 1 unit.
    expect(task.unitsChargedMilli).toBe(text.length);
    expect((await chargesOf(projectId))[0]).toMatchObject({ unitsMilli: text.length });
  });

  it('OpenAI gets the instructions first and the conversation last, with one prompt cache key per prompt', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { provider: 'openai', model: 'gpt-4.1' });
    const chats = ['Agent: Hello.\nCustomer: A quote, please.', 'Agent: Good morning.\nCustomer: Prices?'];
    for (const [index, content] of chats.entries()) {
      const taskId = await insertTask(projectId, promptId, {
        text: { fileName: `chat-${index}.txt`, content },
      });
      openai.script(answer(SCORECARD_ANSWER));
      expect(await run(taskId)).toBe('completed');
    }
    const [first, second] = openai.requests.map((request) => request.body);
    expect(first.input.map((message: { role: string }) => message.role)).toEqual(['system', 'user']);
    expect(first.input[0].content).toContain('Judge how well the agent handled the call.');
    expect(JSON.stringify(first.input[1].content)).toContain('Customer: A quote, please.');
    expect(first.text.format.schema.properties.Greeting.properties.value.description).toBe(
      'Did the agent greet the customer?',
    );
    expect(first.max_output_tokens).toBe(4096);
    expect(first.prompt_cache_key).toEqual(expect.any(String));
    expect(second.prompt_cache_key).toBe(first.prompt_cache_key);
    expect(JSON.stringify(second.input[0])).toBe(JSON.stringify(first.input[0]));
    expect(JSON.stringify(second.text)).toBe(JSON.stringify(first.text));
    expect(second.input[1]).not.toEqual(first.input[1]);
  });
});

// ---------- failures, retries and billing ----------

describe('failures and billing', () => {
  it('fails without charging when the project cannot pay, before any provider is called', async () => {
    const projectId = await newProject(0);
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    expect(await run(taskId)).toBe('failed');
    const task = await taskRow(taskId);
    expect(task.status).toBe('failed');
    expect(task.errorReason).toEqual(taskError('no_funds'));
    expect(openai.requests).toHaveLength(0);
    expect(anthropic.requests).toHaveLength(0);
    expect(await chargesOf(projectId)).toHaveLength(0);
  });

  it('asks the balance to cover one unit before any work, as the upload does', async () => {
    // 0.5 units would pay for this short chat (0.032 units), but the check before the work asks for one unit.
    const projectId = await newProject(500);
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, {
      text: { fileName: 'chat.txt', content: 'Agent: Hello.\nCustomer: What does a panel cost?' },
    });
    expect(await run(taskId)).toBe('failed');
    expect(await taskRow(taskId)).toMatchObject({ status: 'failed', errorReason: taskError('no_funds') });
    expect(anthropic.requests).toHaveLength(0);
    expect(await chargesOf(projectId)).toHaveLength(0);
  });

  it('checks the real cost once the length is known, and fails when the charge is refused at the end', async () => {
    // One unit covers the first check but not 1,200 characters (1.2 units).
    const projectId = await newProject(1000);
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, {
      text: { fileName: 'long.txt', content: `Agent: ${'x'.repeat(1193)}` },
    });
    expect(await run(taskId)).toBe('failed');
    expect((await taskRow(taskId)).errorReason).toEqual(taskError('insufficient_funds', { units: '1.2' }));
    expect(anthropic.requests).toHaveLength(0);

    // Enough at the start, but the units are gone by the time of the charge.
    const other = await newProject(1000);
    const otherPrompt = await createPrompt(other);
    const second = await insertTask(other, otherPrompt, { fixture: fixtures.mono.wav });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    const drain = async (stage: TaskStage) => {
      if (stage === 'analysis')
        await t.ctx.db.update(unitBundles).set({ leftMilli: 0 }).where(eq(unitBundles.projectId, other));
    };
    expect(await run(second, t.ctx, { lastAttempt: false }, { afterStage: drain })).toBe('failed');
    const task = await taskRow(second);
    expect(task).toMatchObject({ status: 'failed', unitsChargedMilli: null });
    expect(task.errorReason).toEqual(taskError('insufficient_funds', { units: '0.117' }));
    expect(errorText(task)).toMatch(/^Insufficient funds: this analysis needs 0\.117 units/);
    expect(task.result).not.toBeNull();
    expect(await chargesOf(other)).toHaveLength(0);
  });

  it('rides out a 429 of the transcription and of the model', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.mp3 });
    openai.script(failure(429, 'Rate limit reached', 10));
    scriptMonoTranscription();
    anthropic.script(failure(429, 'Too many requests', 10), answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    expect(audioRequests(openai)).toHaveLength(3);
    expect(anthropic.requests).toHaveLength(2);
    expect(await chargesOf(projectId)).toHaveLength(1);
  });

  it('provider 500 on every attempt: retried by the queue, then failed with the reason and attempts, uncharged', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    const ctx = withConfig({
      ai: { maxRetries: 0 },
      analysis: { concurrency: 1, retryLimit: 2, retryDelaySeconds: 0 },
    });
    scriptMonoTranscription();
    // Nothing scripted for Anthropic: the fake answers 500 every time.
    await analysisJob.work(ctx);
    try {
      await enqueueTask(ctx, taskId);
      const task = await waitFor(taskId, (row) => row.status === 'failed', 30_000);
      expect(task.attempts).toBe(3);
      expect(task.stage).toBe('analysis');
      expect(task.errorReason).toEqual(
        taskError('provider_failed', {
          message: 'Anthropic answered 500: The fake upstream has no scripted answer left.',
        }),
      );
      expect(task.unitsChargedMilli).toBeNull();
      expect(anthropic.requests).toHaveLength(3);
      // The transcript was kept between attempts: transcribed once.
      expect(audioRequests(openai)).toHaveLength(2);
      expect(await chargesOf(projectId)).toHaveLength(0);
      const usage = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId));
      expect(usage.map((row) => row.ok)).toEqual([false, false, false]);
      // The task is marked failed inside the job; the queue completes the job once its handler returns.
      const jobStates = async () =>
        (await t.ctx.boss.findJobs(QUEUES.analysis, { key: taskJobKey(taskId) })).map((job) => job.state);
      await expect.poll(jobStates, { timeout: 10_000 }).toEqual(['completed']);
    } finally {
      await t.ctx.boss.offWork(QUEUES.analysis);
    }
  });

  it('waits as queued with the reason between attempts', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    openai.script(failure(503, 'Overloaded'), failure(503, 'Overloaded'));
    await expect(run(taskId)).rejects.toBeInstanceOf(RetryLater);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'queued',
      stage: 'transcription',
      errorReason: taskError('provider_failed', { message: 'OpenAI transcription answered 503: Overloaded' }),
    });
  });

  it('an answer that does not fit the fields is retried', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    scriptMonoTranscription();
    anthropic.script(answer({ ...SCORECARD_ANSWER, Needs: ev(7) }));
    await expect(run(taskId)).rejects.toBeInstanceOf(RetryLater);
    expect(await taskRow(taskId)).toMatchObject({ status: 'queued', stage: 'analysis' });
    const waiting = await taskRow(taskId);
    expect(waiting.errorReason?.code).toBe('provider_failed');
    expect(errorText(waiting)).toMatch(/^Anthropic answered in an unexpected structure/);
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    expect(await chargesOf(projectId)).toHaveLength(1);
  });

  it('a job given up while its worker was down marks the task failed', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    await t.ctx.db.update(tasks).set({ status: 'processing', attempts: 3 }).where(eq(tasks.id, taskId));
    await failInterruptedTask(t.ctx, taskId, null);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'failed',
      errorReason: taskError('interrupted', { count: 3 }),
    });
  });

  it('a stalled transcription times out and fails on the last attempt', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    const ctx = withConfig({ ai: { maxRetries: 0 }, transcription: { timeoutMs: 1000 } });
    openai.script(slow(5000, transcription([{ start: 0, end: 1, text: 'late' }])));
    expect(await run(taskId, ctx, { lastAttempt: true })).toBe('failed');
    expect((await taskRow(taskId)).errorReason).toEqual(
      taskError('provider_failed', { message: 'OpenAI transcription did not answer within 1 second.' }),
    );
    expect(await chargesOf(projectId)).toHaveLength(0);
  });

  it('a provider without credentials fails the task at once, naming the variable and the stage that needs it', async () => {
    const projectId = await newProject();
    const google = await createPrompt(projectId, { provider: 'google', model: 'gemini-2.5-flash' });
    const first = await insertTask(projectId, google, { fixture: fixtures.mono.wav });
    expect(await run(first)).toBe('failed');
    const noGoogle = await taskRow(first);
    expect(noGoogle.errorReason).toEqual(
      taskError('provider_unavailable', { provider: 'Google', variable: 'GOOGLE_GENERATIVE_AI_API_KEY' }),
    );
    expect(errorText(noGoogle)).toBe(
      'Google is not configured on this server. Set GOOGLE_GENERATIVE_AI_API_KEY in the server environment.',
    );
    // The check runs before the media is prepared; the stage that failed is the one that needs the key.
    expect(noGoogle.stage).toBe('analysis');
    // A mono call translated by the prompt's model needs its key to transcribe.
    const translating = await createPrompt(projectId, {
      provider: 'google',
      model: 'gemini-2.5-flash',
      transcriptionTask: 'translate',
    });
    const third = await insertTask(projectId, translating, { fixture: fixtures.mono.wav });
    const diarizing = withConfig({ transcription: { model: 'gpt-4o-transcribe-diarize' } });
    expect(await run(third, diarizing)).toBe('failed');
    expect(await taskRow(third)).toMatchObject({ stage: 'transcription', errorReason: noGoogle.errorReason });
    // The failed-tasks view names those stages.
    const failed = await admin.call(analysisRoutes.failed, { params: { id: projectId } });
    expect(failed.statusCode, failed.body).toBe(200);
    const stages = Object.fromEntries(
      (failed.json().data.items as Array<{ id: number; stage: string }>).map((task) => [task.id, task.stage]),
    );
    expect(stages).toMatchObject({ [first]: 'analysis', [third]: 'transcription' });

    const promptId = await createPrompt(projectId);
    const second = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    const noOpenAI = withConfig({ providers: { openaiApiKey: undefined } });
    expect(await run(second, noOpenAI)).toBe('failed');
    const noTranscription = await taskRow(second);
    expect(noTranscription.errorReason).toEqual(
      taskError('transcription_unavailable', { provider: 'OpenAI', variable: 'OPENAI_API_KEY' }),
    );
    expect(noTranscription.stage).toBe('transcription');
    expect(errorText(noTranscription)).toBe(
      'Transcription uses OpenAI, which is not configured on this server. Set OPENAI_API_KEY in the server environment, or choose another transcription service in the project settings.',
    );
    expect(openai.requests).toHaveLength(0);
    expect(anthropic.requests).toHaveLength(0);
    expect(await chargesOf(projectId)).toHaveLength(0);
  });

  it('a file that is not media fails with a clear reason, uncharged', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const fake = await insertTask(projectId, promptId, { fixture: fixtures.fake });
    expect(await run(fake)).toBe('failed');
    const undecodable = await taskRow(fake);
    expect(undecodable.errorReason?.code).toMatch(/^media_undecodable/);
    expect(errorText(undecodable)).toMatch(/^The file could not be decoded as audio or video/);
    const silent = await insertTask(projectId, promptId, { fixture: fixtures.silent });
    expect(await run(silent)).toBe('failed');
    expect((await taskRow(silent)).errorReason).toEqual(taskError('media_silent'));
    expect(errorText(await taskRow(silent))).toBe('The recording is silent: there is nothing to transcribe.');
    expect(await chargesOf(projectId)).toHaveLength(0);
    expect(openai.requests).toHaveLength(0);
  });

  it('resumes after a crash: no second transcription, one charge', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.mp3 });
    scriptStereoTranscription();
    const crash = (stage: TaskStage) => {
      if (stage === 'transcription') throw new Error('worker killed');
    };
    await expect(run(taskId, t.ctx, { lastAttempt: false }, { afterStage: crash })).rejects.toBeInstanceOf(
      RetryLater,
    );
    const crashed = await taskRow(taskId);
    expect(crashed).toMatchObject({ status: 'queued', stage: 'transcription', result: null });
    expect(crashed.transcript).toHaveLength(2);
    expect(audioRequests(openai)).toHaveLength(4);

    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    expect(audioRequests(openai)).toHaveLength(4);
    const task = await taskRow(taskId);
    expect(task).toMatchObject({ status: 'completed', attempts: 2, unitsChargedMilli: 117 });
    expect(await chargesOf(projectId)).toHaveLength(1);
  });

  it('sends the pieces of a recording side by side, up to TRANSCRIPTION_PARALLEL_PIECES', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.wav });
    // Two channels of two pieces each; every answer takes 3 s, so four that arrive within 3 s of each
    // other were all on their way at once.
    const arrivals: number[] = [];
    const piece = () => {
      arrivals.push(Date.now());
      return slow(3000, transcription([{ start: 0.5, end: 1.5, text: AGENT_LINE }]));
    };
    openai.script(piece, piece, piece, piece);
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId, withConfig({ transcription: { parallelPieces: 4 } }))).toBe('completed');
    expect(audioRequests(openai)).toHaveLength(4);
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(3000);
    expect((await taskRow(taskId)).transcript).toHaveLength(4);
  });

  it('resumes a half-transcribed recording from the first missing piece', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.wav });
    openai.script(
      transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]),
      transcription([]),
      failure(500, 'Boom'),
      failure(500, 'Boom'),
    );
    await expect(run(taskId)).rejects.toBeInstanceOf(RetryLater);
    expect(audioRequests(openai)).toHaveLength(4);
    openai.reset();
    openai.script(transcription([]), transcription([{ start: 0.1, end: 2.6, text: CUSTOMER_LINE }]));
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    expect(audioRequests(openai)).toHaveLength(2);
    expect((await taskRow(taskId)).transcript).toHaveLength(2);
  });
});

// ---------- files on local disk ----------

describe('work folders', () => {
  it("keep a task's files under DATA_DIR/work while it runs, and none after", async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId);
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.mp3 });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    const during: string[] = [];
    const look = async (stage: TaskStage) => {
      if (stage === 'transcription') during.push(...(await readdir(processWorkFolder(dataDir))));
    };
    expect(await run(taskId, t.ctx, { lastAttempt: false }, { afterStage: look })).toBe('completed');
    expect(during).toEqual([expect.stringMatching(new RegExp(`^task-${taskId}-`))]);
    expect(await readdir(processWorkFolder(dataDir))).toEqual([]);
  });

  it('a worker starting removes the folders a killed worker left behind', async () => {
    const killed = spawn('sleep', ['60']);
    const exited = once(killed, 'exit');
    killed.kill('SIGKILL');
    await exited;
    const own = processWorkFolder(dataDir);
    const left = path.join(path.dirname(own), path.basename(own).replace(/\d+$/, String(killed.pid)));
    await mkdir(path.join(left, 'task-1-abc'), { recursive: true });
    await writeFile(path.join(left, 'task-1-abc', 'input.mp3'), 'audio');
    try {
      await analysisJob.work(t.ctx);
      expect(await readdir(path.dirname(left))).not.toContain(path.basename(left));
    } finally {
      await t.ctx.boss.offWork(QUEUES.analysis);
    }
  });
});

// ---------- long recordings and the balance ----------

describe('a long recording the project cannot pay for', () => {
  let long: LongRecordings;
  beforeAll(async () => {
    long = await makeLongRecordings(2);
  }, 120_000);
  afterAll(() => long?.cleanup());

  /** A task of a file made in setup (not a speech fixture). */
  const longTask = (projectId: number, promptId: number, file: string, contentType: string) =>
    insertTask(projectId, promptId, {
      fixture: { path: file, fileName: path.basename(file), contentType, seconds: 0, channels: 1 },
    });

  /** Runs the task while watching the work folders: the outcome and the most they held. */
  async function runWatched(taskId: number) {
    const work = path.dirname(processWorkFolder(dataDir));
    const watch = watchFolderSize(work);
    const outcome = await run(taskId, t.ctx, { lastAttempt: false }, { afterStage: watch.look });
    return { outcome, largest: await watch.largest() };
  }

  it('fails for lack of funds before decoding it, writing no more than its copy; a normal call still analyses', async () => {
    const projectId = await newProject(1000);
    const promptId = await createPrompt(projectId);
    const taskId = await longTask(projectId, promptId, long.opus, 'audio/ogg');
    const { outcome, largest } = await runWatched(taskId);
    expect(outcome).toBe('failed');
    const { errorReason } = await taskRow(taskId);
    // Two hours at 1 unit a minute.
    expect(errorReason?.code).toBe('insufficient_funds');
    expect(Number((errorReason!.params as { units: string }).units)).toBeGreaterThanOrEqual(120);
    expect(largest).toBeLessThan((await stat(long.opus)).size + 1_000_000);
    expect(openai.requests).toHaveLength(0);
    expect(await t.ctx.db.select().from(billingHolds).where(eq(billingHolds.projectId, projectId))).toEqual(
      [],
    );

    // Refused before ffmpeg runs at all: without one, the reason is still the balance.
    const again = await longTask(projectId, promptId, long.opus, 'audio/ogg');
    expect(await run(again, withConfig({ ffmpegPath: '/nonexistent/ffmpeg' }))).toBe('failed');
    expect((await taskRow(again)).errorReason?.code).toBe('insufficient_funds');

    const call = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(call)).toBe('completed');
    expect((await taskRow(call)).unitsChargedMilli).toBe(117);
  });

  it.each([
    ['whose header says one minute', () => long.lyingOgg, 'audio/ogg'],
    ['without a duration in its header', () => long.noDurationWebm, 'audio/webm'],
  ])('%s is decoded no further than the balance pays for', async (_, file, contentType) => {
    // Two units: two minutes of audio at this prompt's 1 unit a minute.
    const projectId = await newProject(2000);
    const promptId = await createPrompt(projectId);
    const taskId = await longTask(projectId, promptId, file(), contentType);
    const { outcome, largest } = await runWatched(taskId);
    expect(outcome).toBe('failed');
    expect((await taskRow(taskId)).errorReason?.code).toBe('insufficient_funds');
    expect(largest).toBeLessThan((await stat(file())).size + 1_000_000);
    expect(openai.requests).toHaveLength(0);
  });
});

// ---------- classification and LVA ----------

describe('classification prompts', () => {
  it('pick one of their options first, then the chosen prompt runs; both results are kept', async () => {
    const projectId = await newProject();
    const sales = await createPrompt(projectId, { name: 'Sales call' });
    const support = await createPrompt(projectId, {
      name: 'Support call',
      model: 'claude-haiku-4-5-20251001',
    });
    const classifier = await createPrompt(projectId, {
      name: 'Router',
      isClassification: true,
      finalScore: 'no',
      content: [
        field('Classification', 'classification', {
          explanation: 'What kind of call is this?',
          classificationOptions: [
            { promptId: String(sales), promptName: 'Sales call', description: 'Someone wants to buy' },
            { promptId: String(support), promptName: 'Support call', description: 'Something is broken' },
          ],
        }),
        field('Summary', 'string'),
        field('Title', 'string'),
      ],
    });
    const taskId = await insertTask(projectId, classifier, { fixture: fixtures.mono.wav });
    scriptMonoTranscription();
    anthropic.script(
      answer({ Classification: ev('Sales call'), Summary: ev('A sales call.'), Title: ev('Router title') }),
      answer(SCORECARD_ANSWER),
    );
    expect(await run(taskId)).toBe('completed');

    const [first, second] = anthropic.requests;
    expect(JSON.stringify(first!.body)).toContain('Someone wants to buy');
    expect(JSON.stringify(first!.body)).toMatch(/"enum":\["Sales call","Support call"\]/);
    expect(JSON.stringify(second!.body)).toContain('How well were the needs explored?');

    const task = await taskRow(taskId);
    // The API answers the prompts from their versions: the chosen one, and the classification's own.
    const detail = await admin.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
    const result = detail.json().data.result as TaskResult;
    expect(result.prompt).toMatchObject({ id: sales, name: 'Sales call', finalScore: 'percent' });
    expect(result.prompt.content?.map((field) => field.key)).toContain('Summary');
    expect(result.classification?.prompt).toMatchObject({ id: classifier, name: 'Router', finalScore: 'no' });
    expect(result.values.Needs).toBe(2);
    expect(result.classification).toMatchObject({
      prompt: { id: classifier, name: 'Router' },
      field: 'Classification',
      chosen: { promptId: String(sales), promptName: 'Sales call' },
      values: { Classification: 'Sales call', Summary: 'A sales call.' },
    });
    expect(result.classification?.evidence.Classification?.justification).toBe(
      'Because the transcript says so.',
    );
    // The score is the chosen prompt's (percent), not the classification's ('no').
    expect(task).toMatchObject({
      title: 'Price enquiry about solar panels',
      finalScore: 60,
      scoreMode: 'percent',
    });
    const usage = await t.ctx.db
      .select({ purpose: aiUsage.purpose })
      .from(aiUsage)
      .where(eq(aiUsage.projectId, projectId))
      .orderBy(asc(aiUsage.id));
    expect(usage.map((row) => row.purpose)).toEqual(['classification', 'analysis']);
    // Both analyses are billed: 117 x (1 + 1).
    expect(task.unitsChargedMilli).toBe(234);
  });
});

describe('voice analysis (LVA)', () => {
  it('without Emotion Logic credentials the analysis completes with lva not_configured and no surcharge', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { LVA: 'emlo-callrisk' });
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    expect(await run(taskId)).toBe('completed');
    const task = await taskRow(taskId);
    expect(task.lva).toEqual({ status: 'not_configured', option: 'emlo-callrisk' });
    expect(task.unitsChargedMilli).toBe(117);
    expect(emlo.requests).toHaveLength(0);
  });

  it('with credentials the recording goes to Emotion Logic, its report is stored and the surcharge billed', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { LVA: 'emlo' });
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.wav });
    const ctx = withConfig({ emlo: { apiKey: 'emlo-key-123', apiKeyPassword: 'emlo-pass-456' } });
    scriptStereoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    emlo.script(emloReport(2));
    expect(await run(taskId, ctx)).toBe('completed');

    const [request] = emlo.requests;
    expect(request!.path).toBe('/analysis/analyzeFile');
    expect(request!.body).toMatchObject({
      apiKey: 'emlo-key-123',
      apiKeyPassword: 'emlo-pass-456',
      consentObtainedFromDataSubject: 'true',
      sensitivity: 'normal',
      outputType: 'json',
      requestId: `emlo-task-${taskId}`,
    });
    const wav = request!.files![0]!.data;
    expect(wav.readUInt16LE(22)).toBe(2);

    const task = await taskRow(taskId);
    expect(task.lva).toMatchObject({
      status: 'completed',
      option: 'emlo',
      provider: 'emlo',
      report: { reports: { 'channel-0': { profile: { stress: { averageLevel: 12 } } } } },
    });
    // 117 x (1 + 0.2 surcharge) = 140.4 -> 141
    expect(task.unitsChargedMilli).toBe(141);
    expect(JSON.stringify(task.lva)).not.toContain('emlo-pass-456');
  });

  it.each(['analysis', 'lva'] as const)(
    'a worker killed after the %s answer arrived resumes without asking for it again, charged once',
    async (killedAfter) => {
      const projectId = await newProject();
      const promptId = await createPrompt(projectId, { LVA: 'emlo' });
      const taskId = await insertTask(projectId, promptId, { fixture: fixtures.stereo.wav });
      const ctx = withConfig({ emlo: { apiKey: 'emlo-key-123', apiKeyPassword: 'emlo-pass-456' } });
      scriptStereoTranscription();
      anthropic.script(answer(SCORECARD_ANSWER));
      emlo.script(emloReport(2));
      const kill = (stage: TaskStage) => {
        if (stage === killedAfter) throw new Error('worker killed');
      };
      await expect(run(taskId, ctx, { lastAttempt: false }, { afterStage: kill })).rejects.toBeInstanceOf(
        RetryLater,
      );
      expect(await taskRow(taskId)).toMatchObject({ status: 'queued', unitsChargedMilli: null });
      expect(await chargesOf(projectId)).toHaveLength(0);

      expect(await run(taskId, ctx)).toBe('completed');
      // Each paid call once: the transcription pieces, the analysis, the voice analysis (the stage after it).
      expect(anthropic.requests).toHaveLength(1);
      expect(emlo.requests).toHaveLength(1);
      expect(audioRequests(openai)).toHaveLength(4);
      expect(await taskRow(taskId)).toMatchObject({
        status: 'completed',
        attempts: 2,
        unitsChargedMilli: 141,
      });
      expect(await chargesOf(projectId)).toHaveLength(1);
    },
  );

  it('an Emotion Logic failure on the last attempt leaves the analysis complete, without the surcharge', async () => {
    const projectId = await newProject();
    const promptId = await createPrompt(projectId, { LVA: 'emlo-telesales' });
    const taskId = await insertTask(projectId, promptId, { fixture: fixtures.mono.wav });
    const ctx = withConfig({ emlo: { apiKey: 'emlo-key-123', apiKeyPassword: 'emlo-pass-456' } });
    scriptMonoTranscription();
    anthropic.script(answer(SCORECARD_ANSWER));
    emlo.script(failure(503, 'Maintenance'));
    expect(await run(taskId, ctx, { lastAttempt: true })).toBe('completed');
    const task = await taskRow(taskId);
    expect(task.lva).toEqual({
      status: 'failed',
      option: 'emlo-telesales',
      error: 'Emotion Logic answered 503: Maintenance',
    });
    expect(task.unitsChargedMilli).toBe(117);
  });
});

async function waitFor(
  taskId: number,
  done: (row: typeof tasks.$inferSelect) => boolean,
  timeoutMs: number,
): Promise<typeof tasks.$inferSelect> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await taskRow(taskId);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`Task ${taskId} still ${row.status}: ${errorText(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
