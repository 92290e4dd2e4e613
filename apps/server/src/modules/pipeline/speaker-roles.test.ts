import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SpeakerRoles } from '@parley/contracts';
import { analysisRoutes, projectRoutes, promptRoutes } from '@parley/contracts';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/fake-upstreams/anthropic.ts';
import { startFakeOpenAI, transcription } from '../../../test/fake-upstreams/openai.ts';
import { answer, type FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
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
import { analysisFieldValues, mediaFiles, tasks } from '../../db/schema/index.ts';
import { storageOf } from '../../storage/index.ts';
import { runTask } from './run.ts';

// Who said what: the analysis call also asks who each speaker is; stereo calls take the roles from the
// project's representative channel (the model checks them), mono recordings and chats from the model.
// Transcription is OpenAI's default, gpt-4o-transcribe-diarize.

let t: TestApp;
let anthropic: FakeUpstream;
let openai: FakeUpstream;
let fixtures: SpeechFixtures;
let dataDir: string;
let admin: Client;

beforeAll(async () => {
  [anthropic, openai, fixtures] = await Promise.all([
    startFakeAnthropic(),
    startFakeOpenAI(),
    makeSpeechFixtures(),
  ]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-roles-'));
  t = await startTestApp(
    {},
    {
      DATA_DIR: dataDir,
      ANTHROPIC_API_KEY: 'sk-ant-roles',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      OPENAI_API_KEY: 'sk-openai-roles',
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      AI_MAX_RETRIES: '0',
      // The 7-second recordings go in one piece per channel.
      TRANSCRIPTION_CHUNK_SECONDS: '10',
      TRANSCRIPTION_PARALLEL_PIECES: '1',
    },
  );
  admin = await signUp(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([anthropic, openai].map((fake) => fake?.close()));
  await fixtures?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const fake of [anthropic, openai]) {
    expect(fake.pending, 'every scripted answer was used').toBe(0);
    fake.reset();
  }
});

const SUMMARY = { Summary: answered('A price enquiry.'), Title: answered('Panel prices') };
const said = (roles: Record<string, string>) => ({
  ...SUMMARY,
  speaker_roles: Object.entries(roles).map(([speaker, role]) => ({ speaker, role })),
});

async function newProject(
  settings: Record<string, unknown> = {},
  task: 'transcribe' | 'translate' = 'transcribe',
) {
  const projectId = await createProject(admin, `Roles ${Math.random().toString(36).slice(2, 8)}`);
  await fund(t, projectId);
  if (Object.keys(settings).length > 0) {
    const put = await admin.call(projectRoutes.update, { params: { id: projectId }, body: settings });
    expect(put.statusCode, put.body).toBe(200);
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
      transcriptionTask: task,
      transcriptionLanguage: 'auto',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { projectId, promptId: response.json().data.id as number };
}

async function insertTask(
  { projectId, promptId }: { projectId: number; promptId: number },
  media: MediaFixture | { chat: string },
) {
  const chat = 'chat' in media ? media.chat : null;
  const fileName = chat === null ? (media as MediaFixture).fileName : 'chat.txt';
  const stored = await storageOf(t.ctx.config).put(
    chat === null ? createReadStream((media as MediaFixture).path) : Readable.from([Buffer.from(chat)]),
    { prefix: `projects/${projectId}`, extension: path.extname(fileName) },
  );
  const [file] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: stored.key,
      fileName,
      contentType: chat === null ? (media as MediaFixture).contentType : 'text/plain',
      sizeBytes: stored.size,
      sha256: stored.sha256,
      kind: chat === null ? 'audio' : 'text',
    })
    .returning();
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({ projectId, mediaId: file!.id, promptId, createdBy: admin.userId, metadata: {} })
    .returning();
  return task!.id;
}

const taskRow = async (taskId: number) =>
  (await t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
const run = async (taskId: number) =>
  expect(await runTask(t.ctx, taskId, { lastAttempt: true })).toBe('completed');

/** What the model was sent: its answer's schema (the json tool), the system block and the conversation. */
function analysisRequest() {
  const body = anthropic.requests.at(-1)!.body;
  return {
    properties: body.tools[0].input_schema.properties as Record<string, unknown>,
    required: body.tools[0].input_schema.required as string[],
    system: JSON.stringify(body.system),
    conversation: JSON.stringify(body.messages),
  };
}

function scriptStereo() {
  openai.script(
    transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]), // left
    transcription([{ start: 4.1, end: 6.6, text: CUSTOMER_LINE }]), // right
  );
}

describe('speaker roles of a stereo call', () => {
  it("take the left channel as the representative's by default; the model agrees", async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(answer(said({ 'Channel 1': 'representative', 'Channel 2': 'customer' })));
    await run(taskId);

    // OpenAI's default model, channel by channel, without the transcription instructions.
    expect(openai.requests.map((request) => request.body.model)).toEqual([
      'gpt-4o-transcribe-diarize',
      'gpt-4o-transcribe-diarize',
    ]);
    for (const request of openai.requests) expect(request.body.prompt).toBeUndefined();
    const request = analysisRequest();
    expect(request.properties.speaker_roles).toMatchObject({ type: 'array' });
    expect(request.required).toContain('speaker_roles');
    expect(request.conversation).toContain('- Speakers: Channel 1, Channel 2');
    // The cached prefix stays the prompt's alone.
    expect(request.system).not.toContain('Channel');

    const task = await taskRow(taskId);
    expect(task.result).toMatchObject({ values: { Summary: 'A price enquiry.', Title: 'Panel prices' } });
    expect((task.result as { values: object }).values).not.toHaveProperty('speaker_roles');
    expect(task.speakerRoles).toEqual({
      roles: { 'Channel 1': 'representative', 'Channel 2': 'customer' },
      source: 'channel',
      check: 'agrees',
      metrics: {
        // 3.2 s of 5.7 s (12 words), 2.5 s of 5.7 s (11 words).
        representative_share: 56.1,
        customer_share: 43.9,
        representative_longest_monologue: 3.2,
        customer_longest_story: 2.5,
        representative_questions: 1,
        customer_questions: 0,
        representative_interruptions: 0,
        customer_interruptions: 0,
        representative_words_per_minute: 225,
        customer_words_per_minute: 264,
      },
    });
    const detail = await admin.call(analysisRoutes.detail, { params: { id: project.projectId, taskId } });
    expect(detail.json().data.speaker_roles).toEqual(task.speakerRoles);

    // Its metrics are analytics number values.
    const rows = await t.ctx.db
      .select()
      .from(analysisFieldValues)
      .where(eq(analysisFieldValues.taskId, taskId))
      .orderBy(asc(analysisFieldValues.path));
    expect(
      rows.filter((row) => row.path.startsWith('Conversation metrics.')).map((row) => row.path),
    ).toHaveLength(10);
    expect(
      rows.find((row) => row.path === 'Conversation metrics.Representative talk share (%)'),
    ).toMatchObject({
      valueType: 'float',
      score: 56.1,
      maxScore: null,
      value: null,
      outcome: null,
      inScore: false,
    });
    expect(rows.find((row) => row.path === 'Conversation metrics.Representative questions')).toMatchObject({
      valueType: 'int',
      score: 1,
    });
  });

  it("follow the project's right channel; the model's doubt is kept as the check", async () => {
    const right = await newProject({ representative_channel: 'right' });
    const agreeing = await insertTask(right, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(answer(said({ 'Channel 2': 'representative', 'Channel 1': 'customer' })));
    await run(agreeing);
    expect(await taskRow(agreeing)).toMatchObject({
      speakerRoles: {
        roles: { 'Channel 1': 'customer', 'Channel 2': 'representative' },
        source: 'channel',
        check: 'agrees',
        metrics: { representative_share: 43.9, customer_share: 56.1 },
      },
    });

    const left = await newProject();
    const doubted = await insertTask(left, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(answer(said({ 'Channel 2': 'representative', 'Channel 1': 'customer' })));
    await run(doubted);
    expect(await taskRow(doubted)).toMatchObject({
      speakerRoles: {
        roles: { 'Channel 1': 'representative', 'Channel 2': 'customer' },
        source: 'channel',
        check: 'disagrees',
      },
    });

    // An answer without the roles (or with nonsense in them) loses the check, not the analysis.
    const silent = await insertTask(left, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(answer({ ...SUMMARY, speaker_roles: [{ speaker: 'Channel 1', role: 'boss' }] }));
    await run(silent);
    expect(await taskRow(silent)).toMatchObject({
      status: 'completed',
      speakerRoles: { source: 'channel', check: null },
    });
  });
});

describe('speaker roles of a mono recording and of a chat', () => {
  it("take the diarized speakers' roles from the model", async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    openai.script(
      transcription([
        { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'A' },
        { start: 3.9, end: 6.5, text: CUSTOMER_LINE, speaker: 'B' },
      ]),
    );
    anthropic.script(
      answer(said({ 'speaker b': 'customer', 'Speaker A': 'representative', Nobody: 'other' })),
    );
    await run(taskId);
    expect(openai.requests[0]!.body).toMatchObject({ response_format: 'diarized_json' });
    expect(analysisRequest().conversation).toContain('- Speakers: Speaker A, Speaker B');
    expect(await taskRow(taskId)).toMatchObject({
      speakerRoles: {
        roles: { 'Speaker A': 'representative', 'Speaker B': 'customer' },
        source: 'model',
        check: null,
        metrics: { representative_questions: 1, customer_longest_story: 2.6 },
      },
    });
  });

  it("take a chat's authors' roles from the model, with the chat's metrics", async () => {
    const project = await newProject();
    const chat = 'Sarah: Hi Tom, how can I help?\nTom: My panel stopped working.\n';
    const taskId = await insertTask(project, { chat });
    anthropic.script(answer(said({ Sarah: 'representative', Tom: 'customer' })));
    await run(taskId);
    expect(analysisRequest().conversation).toContain('- Speakers: Sarah, Tom');
    const { speakerRoles } = await taskRow(taskId);
    expect(speakerRoles).toMatchObject({
      roles: { Sarah: 'representative', Tom: 'customer' },
      source: 'model',
    });
    expect(Object.keys((speakerRoles as { metrics: object }).metrics).sort()).toEqual([
      'customer_questions',
      'customer_response_seconds',
      'customer_share',
      'representative_questions',
      'representative_response_seconds',
      'representative_share',
    ]);
  });

  it('are not asked for without speakers (Whisper): no schema property, no speakers line, no roles', async () => {
    const project = await newProject({ transcription: { provider: 'openai', model: 'whisper-1' } });
    const taskId = await insertTask(project, fixtures.mono.wav);
    openai.script(transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE }]));
    anthropic.script(answer(SUMMARY));
    await run(taskId);
    expect(openai.requests[0]!.body).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json' });
    const request = analysisRequest();
    expect(request.properties).not.toHaveProperty('speaker_roles');
    expect(request.conversation).not.toContain('Speakers:');
    expect((await taskRow(taskId)).speakerRoles).toBeNull();
    const rows = await t.ctx.db
      .select()
      .from(analysisFieldValues)
      .where(like(analysisFieldValues.path, 'Conversation metrics.%'));
    expect(rows.filter((row) => row.taskId === taskId)).toEqual([]);
  });

  it('keep the roles a reviewer set when the analysis runs again', async () => {
    const project = await newProject();
    const taskId = await insertTask(project, fixtures.mono.wav);
    const reviewed: SpeakerRoles = {
      roles: { 'Speaker A': 'customer' },
      source: 'reviewer',
      check: null,
      metrics: {},
    };
    await t.ctx.db.update(tasks).set({ speakerRoles: reviewed }).where(eq(tasks.id, taskId));
    openai.script(transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'A' }]));
    anthropic.script(answer(said({ 'Speaker A': 'representative' })));
    await run(taskId);
    expect(await taskRow(taskId)).toMatchObject({
      speakerRoles: {
        roles: { 'Speaker A': 'customer' },
        source: 'reviewer',
        check: null,
        metrics: { customer_share: 100, representative_share: null, customer_questions: 1 },
      },
    });
  });

  it('a mono call that is translated keeps its speakers: transcribed by speaker, translated by the analysis model', async () => {
    const translated = await newProject({}, 'translate');
    const taskId = await insertTask(translated, fixtures.mono.wav);
    openai.script(
      transcription([
        {
          start: 0.2,
          end: 3.4,
          text: 'Hallo, danke für Ihren Anruf bei Acme Solar. Wie kann ich helfen?',
          speaker: 'A',
        },
        { start: 4.1, end: 6.6, text: 'Hallo, was kosten Ihre Paneele?', speaker: 'B' },
      ]),
    );
    anthropic.script(
      answer({
        segments: [
          { n: 2, text: CUSTOMER_LINE },
          { n: 1, text: AGENT_LINE },
        ],
      }),
      answer(said({ 'Speaker A': 'representative', 'Speaker B': 'customer' })),
    );
    await run(taskId);

    // The diarizing model transcribes (Whisper's translation would lose the speakers) ...
    expect(openai.requests.map((request) => [request.path, request.body.model])).toEqual([
      ['/v1/audio/transcriptions', 'gpt-4o-transcribe-diarize'],
    ]);
    // ... and the prompt's model translates the numbered segments in one call.
    const [translation] = anthropic.requests;
    expect(translation!.body.tools[0].input_schema.properties).toHaveProperty('segments');
    expect(JSON.stringify(translation!.body.messages)).toContain(
      '2. [Speaker B] Hallo, was kosten Ihre Paneele?',
    );
    expect(analysisRequest().conversation).toContain('- Speakers: Speaker A, Speaker B');

    const task = await taskRow(taskId);
    expect(task.transcript).toEqual([
      { start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'Speaker A' },
      { start: 4.1, end: 6.6, text: CUSTOMER_LINE, speaker: 'Speaker B' },
    ]);
    expect(task.speakerRoles).toMatchObject({
      roles: { 'Speaker A': 'representative', 'Speaker B': 'customer' },
      source: 'model',
      metrics: { representative_share: 56.1, customer_share: 43.9, representative_questions: 1 },
    });

    // The translation is one more call of the prompt's model over the conversation: its units count again.
    const plain = await insertTask(await newProject(), fixtures.mono.wav);
    openai.script(transcription([{ start: 0.2, end: 3.4, text: AGENT_LINE, speaker: 'A' }]));
    anthropic.script(answer(said({ 'Speaker A': 'representative' })));
    await run(plain);
    const charged = (await taskRow(plain)).unitsChargedMilli!;
    expect(task.unitsChargedMilli).toBe(2 * charged);
  });

  it('a translated answer that leaves out a segment is retried, not stored', async () => {
    const project = await newProject({}, 'translate');
    const taskId = await insertTask(project, fixtures.mono.wav);
    openai.script(
      transcription([
        { start: 0.2, end: 3.4, text: 'Hallo.', speaker: 'A' },
        { start: 4.1, end: 6.6, text: 'Hallo?', speaker: 'B' },
      ]),
    );
    anthropic.script(answer({ segments: [{ n: 1, text: 'Hello.' }] }));
    await expect(runTask(t.ctx, taskId, { lastAttempt: false })).rejects.toThrow(
      'The translation left out segment 2 of 2.',
    );
    expect(await taskRow(taskId)).toMatchObject({
      status: 'queued',
      stage: 'transcription',
      transcript: null,
    });
  });

  it('a translated stereo call is translated by Whisper channel by channel, speakers kept', async () => {
    const project = await newProject({}, 'translate');
    const taskId = await insertTask(project, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(answer(said({ 'Channel 1': 'representative', 'Channel 2': 'customer' })));
    await run(taskId);
    expect(openai.requests.map((request) => [request.path, request.body.model])).toEqual([
      ['/v1/audio/translations', 'whisper-1'],
      ['/v1/audio/translations', 'whisper-1'],
    ]);
    expect(anthropic.requests).toHaveLength(1);
  });
});

describe('speaker roles of a classification prompt', () => {
  it('come from the analysis with the chosen prompt; the classification is not asked for them', async () => {
    const { projectId, promptId: chosen } = await newProject();
    const response = await admin.call(promptRoutes.create, {
      params: { id: projectId },
      body: {
        scriptName: 'Router',
        isClassification: true,
        finalScore: 'no',
        provider: 'anthropic',
        model: 'claude-sonnet-4-20250514',
        content: [
          {
            key: 'Kind',
            type: 'classification',
            explanation: 'What kind of call is this?',
            includeInScore: false,
            classificationOptions: [
              { promptId: String(chosen), promptName: 'Summary', description: 'Any call' },
            ],
          },
          { key: 'Summary', type: 'string', explanation: 'A summary', includeInScore: false },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const taskId = await insertTask({ projectId, promptId: response.json().data.id }, fixtures.stereo.wav);
    scriptStereo();
    anthropic.script(
      answer({ Kind: answered('Summary'), Summary: answered('A call.'), Title: answered('Router') }),
      answer(said({ 'Channel 2': 'representative', 'Channel 1': 'customer' })),
    );
    await run(taskId);
    const [classification, analysis] = anthropic.requests;
    expect(classification!.body.tools[0].input_schema.properties).not.toHaveProperty('speaker_roles');
    expect(analysis!.body.tools[0].input_schema.properties).toHaveProperty('speaker_roles');
    expect(await taskRow(taskId)).toMatchObject({ speakerRoles: { source: 'channel', check: 'disagrees' } });
  });
});
