import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  projectRoutes,
  promptRoutes,
  type TaskError,
  type TranscriptionProviderId,
  taskErrorText,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import {
  assemblyaiFailedTranscript,
  assemblyaiTranscript,
  startFakeAssemblyAI,
} from '../../../test/fake-upstreams/assemblyai.ts';
import { deepgramTranscript, startFakeDeepgram } from '../../../test/fake-upstreams/deepgram.ts';
import { answer, type FakeUpstream, failure, slow } from '../../../test/fake-upstreams/scripted.ts';
import {
  AGENT_LINE,
  CUSTOMER_LINE,
  type MediaFixture,
  makeSpeechFixtures,
  type SpeechFixtures,
} from '../../../test/fixtures/speech.ts';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { answered } from '../../../test/tasks.ts';
import { fund } from '../../../test/uploads.ts';
import { mediaFiles, projects, tasks } from '../../db/schema/index.ts';
import { RetryLater } from '../../jobs/retries.ts';
import { storageOf } from '../../storage/index.ts';
import { runTask } from './run.ts';

// Deepgram and AssemblyAI through their SDKs against fakes speaking their wire formats, end to end
// through the pipeline: the server's default is Deepgram, a project may choose AssemblyAI.

let t: TestApp;
let anthropic: FakeUpstream;
let deepgram: FakeUpstream;
let assemblyai: FakeUpstream;
let fixtures: SpeechFixtures;
let dataDir: string;
let admin: Client;

const KEYS = {
  ANTHROPIC_API_KEY: 'sk-ant-stt-secret',
  DEEPGRAM_API_KEY: 'dg-stt-secret-0123456789',
  ASSEMBLYAI_API_KEY: 'aai-stt-secret-0123456789',
};

beforeAll(async () => {
  [anthropic, deepgram, assemblyai, fixtures] = await Promise.all([
    startFakeAnthropic(),
    startFakeDeepgram(),
    startFakeAssemblyAI(),
    makeSpeechFixtures(),
  ]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-stt-'));
  t = await startTestApp(
    {},
    {
      ...KEYS,
      DATA_DIR: dataDir,
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      DEEPGRAM_BASE_URL: deepgram.origin,
      ASSEMBLYAI_BASE_URL: assemblyai.origin,
      TRANSCRIPTION_PROVIDER: 'deepgram',
      AI_MAX_RETRIES: '0',
      // The 7-second recordings go in one piece per channel; channels one after the other.
      TRANSCRIPTION_CHUNK_SECONDS: '10',
      TRANSCRIPTION_PARALLEL_PIECES: '1',
    },
  );
  // AssemblyAI is polled every 3 s in production; the fake answers at once.
  t.ctx.config.transcription.pollIntervalMs = 10;
  admin = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([anthropic, deepgram, assemblyai].map((fake) => fake?.close()));
  await fixtures?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const fake of [anthropic, deepgram, assemblyai]) {
    expect(fake.pending, 'every scripted answer was used').toBe(0);
    fake.reset();
  }
});

/** The model's answer to the prompt below (Summary and Title are in every prompt). */
const SUMMARY = { Summary: answered('A price enquiry.'), Title: answered('Panel prices') };

async function newProject(transcription?: { provider: TranscriptionProviderId; model: string }) {
  const projectId = await createProject(admin, `STT ${Math.random().toString(36).slice(2, 8)}`);
  await fund(t, projectId);
  if (transcription) {
    const chosen = await admin.call(projectRoutes.update, {
      params: { id: projectId },
      body: { transcription },
    });
    if (chosen.statusCode !== 200) throw new Error(`choosing the transcription failed: ${chosen.body}`);
  }
  const response = await admin.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: 'Summary',
      basicInstruction: 'Summarise the call.',
      content: [{ key: 'Summary', type: 'string', explanation: 'A summary', includeInScore: false }],
      provider: 'anthropic',
      model: 'claude-sonnet-4-20250514',
      finalScore: 'no',
      transcriptionTask: 'transcribe',
      transcriptionLanguage: 'auto',
    },
  });
  if (response.statusCode !== 201) throw new Error(`create prompt failed: ${response.body}`);
  return { projectId, promptId: response.json().data.id as number };
}

async function insertTask(
  { projectId, promptId }: { projectId: number; promptId: number },
  fixture: MediaFixture,
) {
  const stored = await storageOf(t.ctx.config).put(createReadStream(fixture.path), {
    prefix: `projects/${projectId}`,
    extension: path.extname(fixture.fileName),
  });
  const { fileName, contentType } = fixture;
  const { key: storageKey, size: sizeBytes, sha256 } = stored;
  const [file] = await t.ctx.db
    .insert(mediaFiles)
    .values({ projectId, storageKey, fileName, contentType, sizeBytes, sha256, kind: 'audio' })
    .returning();
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: file!.id, promptId, createdBy: admin.userId, metadata: {} })
    .returning();
  return task!.id;
}

const taskRow = async (taskId: number) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const errorText = (row: { errorReason: TaskError | null }) =>
  row.errorReason && taskErrorText(row.errorReason);
const run = (taskId: number, lastAttempt = false) => runTask(t.ctx, taskId, { lastAttempt });

/** A last attempt whose provider requests may take 0.3 s each. */
const runImpatiently = (taskId: number) => {
  const transcription = { ...t.ctx.config.transcription, timeoutMs: 300 };
  return runTask({ ...t.ctx, config: { ...t.ctx.config, transcription } }, taskId, { lastAttempt: true });
};

/** Neither key appears in anything the server logged. */
function expectNoKeysInLogs() {
  const logged = JSON.stringify(t.logs);
  for (const key of Object.values(KEYS)) expect(logged).not.toContain(key);
}

const TWO_SPEAKERS = [
  { start: 0.2, end: 3.4, text: AGENT_LINE },
  { start: 3.9, end: 6.5, text: CUSTOMER_LINE },
];

describe('Deepgram (the server default here)', () => {
  it('transcribes a mono recording into two speakers, diarized, through the SDK', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    deepgram.script(
      deepgramTranscript([
        { ...TWO_SPEAKERS[0]!, speaker: 0 },
        { ...TWO_SPEAKERS[1]!, speaker: 1 },
      ]),
    );
    anthropic.script(answer(SUMMARY));

    expect(await run(taskId)).toBe('completed');
    const [request] = deepgram.requests;
    expect(request!.headers.authorization).toBe(`Token ${KEYS.DEEPGRAM_API_KEY}`);
    expect(Object.fromEntries(request!.query!)).toMatchObject({
      model: 'nova-3',
      diarize: 'true',
      utterances: 'true',
      punctuate: 'true',
      smart_format: 'true',
      detect_language: 'true',
    });
    // The recording as FLAC (7 s: some 100 KB).
    expect(request!.headers['content-type']).toBe('audio/flac');
    expect(request!.bytes).toBeGreaterThan(10_000);
    const task = await taskRow(taskId);
    expect(task.transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'Speaker A' },
      { start: 3.9, end: 6.5, text: CUSTOMER_LINE, speaker: 'Speaker B' },
    ]);
    expect(task.pipeline).toMatchObject({ transcription: { provider: 'deepgram', model: 'nova-3' } });
  });

  it('transcribes a stereo call channel by channel, without diarization, speakers by channel', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.stereo.wav);
    deepgram.script(
      deepgramTranscript([{ start: 0.2, end: 3.4, text: AGENT_LINE }]),
      deepgramTranscript([{ start: 4.1, end: 6.6, text: CUSTOMER_LINE }]),
    );
    anthropic.script(answer(SUMMARY));

    expect(await run(taskId)).toBe('completed');
    expect(deepgram.requests).toHaveLength(2);
    for (const request of deepgram.requests) expect(request.query!.get('diarize')).toBe('false');
    expect((await taskRow(taskId)).transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'Channel 1', channel: 0 },
      { start: 4.1, end: 6.6, text: CUSTOMER_LINE, speaker: 'Channel 2', channel: 1 },
    ]);
  });

  it('waits out a 429 by its retry-after and carries on', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    deepgram.script(
      failure(429, 'Too many requests', 50),
      deepgramTranscript([{ ...TWO_SPEAKERS[0]!, speaker: 0 }]),
    );
    anthropic.script(answer(SUMMARY));

    expect(await run(taskId)).toBe('completed');
    expect(deepgram.requests).toHaveLength(2);
    expect(t.logs.some((line) => line.msg === 'Provider asks to slow down' && line.status === 429)).toBe(
      true,
    );
  });

  it('fails a task on a rejected key with a message naming Deepgram, the key masked', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    deepgram.script(failure(401, `Invalid credentials: ${KEYS.DEEPGRAM_API_KEY}`));

    expect(await run(taskId)).toBe('failed');
    const message = errorText(await taskRow(taskId));
    expect(message).toContain('Deepgram transcription answered 401: Invalid credentials: *** (INVALID_AUTH)');
    expect(message).not.toContain(KEYS.DEEPGRAM_API_KEY);
    expectNoKeysInLogs();
  });

  it('retries a server error later, and fails with it on the last attempt', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    deepgram.script(failure(503, 'Service unavailable'), failure(503, 'Service unavailable'));

    await expect(run(taskId)).rejects.toBeInstanceOf(RetryLater);
    expect(await run(taskId, true)).toBe('failed');
    expect(errorText(await taskRow(taskId))).toContain(
      'Deepgram transcription answered 503: Service unavailable',
    );
  });
});

it('a provider that does not answer in time fails the task naming it (Deepgram, AssemblyAI)', async () => {
  const project = await newProject();
  const viaDeepgram = await insertTask(project, fixtures.mono.wav);
  deepgram.script(slow(3000, deepgramTranscript([TWO_SPEAKERS[0]!])));
  expect(await runImpatiently(viaDeepgram)).toBe('failed');
  expect(errorText(await taskRow(viaDeepgram))).toContain(
    'Deepgram transcription did not answer within 0.3 seconds.',
  );

  const viaAssemblyAI = await insertTask(
    await newProject({ provider: 'assemblyai', model: 'universal' }),
    fixtures.mono.wav,
  );
  assemblyai.script(slow(3000, assemblyaiTranscript([TWO_SPEAKERS[0]!])));
  expect(await runImpatiently(viaAssemblyAI)).toBe('failed');
  expect(errorText(await taskRow(viaAssemblyAI))).toContain(
    'AssemblyAI transcription did not answer within 0.3 seconds.',
  );
});

describe('AssemblyAI (a project choice)', () => {
  const choice = { provider: 'assemblyai', model: 'universal' } as const;

  it('uploads, submits with speaker labels and polls until completed: a mono recording gets two speakers', async () => {
    const project = await newProject(choice);
    const taskId = await insertTask(project, fixtures.mono.wav);
    assemblyai.script(
      assemblyaiTranscript([
        { ...TWO_SPEAKERS[0]!, speaker: 'A' },
        { ...TWO_SPEAKERS[1]!, speaker: 'B' },
      ]),
    );
    anthropic.script(answer(SUMMARY));

    expect(await run(taskId)).toBe('completed');
    const [upload, submit, ...polls] = assemblyai.requests;
    expect(upload).toMatchObject({ method: 'POST', path: '/v2/upload' });
    expect(upload!.headers.authorization).toBe(KEYS.ASSEMBLYAI_API_KEY);
    expect(upload!.bytes).toBeGreaterThan(10_000);
    expect(submit).toMatchObject({ method: 'POST', path: '/v2/transcript' });
    expect(submit!.body).toMatchObject({
      audio_url: expect.stringMatching(/^https:\/\/cdn\.assemblyai\.com\/upload\//),
      speech_model: 'universal',
      speaker_labels: true,
      language_detection: true,
    });
    // Queued when submitted, processing at the first poll, completed at the second.
    expect(polls).toHaveLength(2);
    for (const poll of polls)
      expect(poll).toMatchObject({
        method: 'GET',
        path: expect.stringMatching(/^\/v2\/transcript\/fake-transcript-\d+$/),
      });
    expect(polls[0]!.path).toBe(polls[1]!.path);
    const task = await taskRow(taskId);
    expect(task.transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'Speaker A' },
      { start: 3.9, end: 6.5, text: CUSTOMER_LINE, speaker: 'Speaker B' },
    ]);
    expect(task.pipeline).toMatchObject({ transcription: { provider: 'assemblyai', model: 'universal' } });
    expect(deepgram.requests).toHaveLength(0);
  });

  it('transcribes a stereo call channel by channel without speaker labels: speakers by channel', async () => {
    const project = await newProject(choice);
    const taskId = await insertTask(project, fixtures.stereo.wav);
    assemblyai.script(
      assemblyaiTranscript([{ start: 0.2, end: 3.4, text: AGENT_LINE }]),
      assemblyaiTranscript([{ start: 4.1, end: 6.6, text: CUSTOMER_LINE }]),
    );
    anthropic.script(answer(SUMMARY));

    expect(await run(taskId)).toBe('completed');
    const submits = assemblyai.requests.filter((r) => r.method === 'POST' && r.path === '/v2/transcript');
    expect(submits.map((submit) => submit.body.speaker_labels)).toEqual([false, false]);
    // Without speaker labels AssemblyAI answers words only: they are cut into sentences.
    expect((await taskRow(taskId)).transcript).toEqual([
      {
        start: 0.2,
        end: 2.067,
        text: 'Hello, thank you for calling Acme Solar.',
        speaker: 'Channel 1',
        channel: 0,
      },
      { start: 2.067, end: 3.4, text: 'How can I help you?', speaker: 'Channel 1', channel: 0 },
      { start: 4.1, end: 6.6, text: CUSTOMER_LINE, speaker: 'Channel 2', channel: 1 },
    ]);
  });

  it("fails a task whose transcript ends in status 'error' with AssemblyAI's reason, not retried", async () => {
    const project = await newProject(choice);
    const taskId = await insertTask(project, fixtures.mono.wav);
    assemblyai.script(
      assemblyaiFailedTranscript('Transcoding failed. File does not appear to contain audio.'),
    );

    expect(await run(taskId)).toBe('failed');
    expect(errorText(await taskRow(taskId))).toContain(
      'AssemblyAI transcription failed: Transcoding failed. File does not appear to contain audio.',
    );
  });

  it('waits out a 429 on the submit and carries on; a rejected key fails naming AssemblyAI, masked', async () => {
    const project = await newProject(choice);
    const first = await insertTask(project, fixtures.mono.wav);
    assemblyai.script(failure(429, 'Too many requests', 50), assemblyaiTranscript([TWO_SPEAKERS[0]!]));
    anthropic.script(answer(SUMMARY));
    expect(await run(first)).toBe('completed');

    const second = await insertTask(project, fixtures.mono.wav);
    assemblyai.script(failure(401, `Invalid API key ${KEYS.ASSEMBLYAI_API_KEY}`));
    expect(await run(second)).toBe('failed');
    const message = errorText(await taskRow(second));
    expect(message).toContain('AssemblyAI transcription answered 401: Invalid API key ***');
    expectNoKeysInLogs();
  });

  it('retries a server error later', async () => {
    const project = await newProject(choice);
    const taskId = await insertTask(project, fixtures.mono.wav);
    assemblyai.script(failure(500, 'Internal server error'));
    await expect(run(taskId)).rejects.toBeInstanceOf(RetryLater);
    expect(errorText(await taskRow(taskId))).toContain(
      'AssemblyAI transcription answered 500: Internal server error',
    );
  });
});

it('fails at once, naming the variable, when the chosen provider has no key', async () => {
  const project = await newProject();
  // The settings refuse a provider without a key: this one was chosen before its key was removed.
  await t.ctx.db
    .update(projects)
    .set({ transcriptionProvider: 'groq', transcriptionModel: 'whisper-large-v3' })
    .where(eq(projects.id, project.projectId));
  const taskId = await insertTask(project, fixtures.mono.wav);
  expect(await run(taskId)).toBe('failed');
  expect(errorText(await taskRow(taskId))).toContain('GROQ_API_KEY');
});
