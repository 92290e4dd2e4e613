import { text } from 'node:stream/consumers';
import {
  analysisRoutes,
  DEFAULT_PRIVACY_SETTINGS,
  type PrivacySettings,
  privacyRoutes,
  projectRoutes,
  promptRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { assemblyaiTranscript, startFakeAssemblyAI } from '../../../test/fake-upstreams/assemblyai.ts';
import { deepgramTranscript, startFakeDeepgram } from '../../../test/fake-upstreams/deepgram.ts';
import { startFakeOpenAI, transcription } from '../../../test/fake-upstreams/openai.ts';
import { answer, type FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import { addMember, createProject, signUp } from '../../../test/harness.ts';
import { GREETING_ANSWER } from '../../../test/tasks.ts';
import { decodeMono, toneShare } from '../../../test/tone.ts';
import { fund, META, multipart, wavBytes } from '../../../test/uploads.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { runTask } from '../pipeline/run.ts';
import type { PipelineDeps } from '../pipeline/task-run.ts';

let app: AnalysisApp;
let openai: FakeUpstream;
let deepgram: FakeUpstream;
let assemblyai: FakeUpstream;

beforeAll(async () => {
  [openai, deepgram, assemblyai] = await Promise.all([
    startFakeOpenAI(),
    startFakeDeepgram(),
    startFakeAssemblyAI(),
  ]);
  app = await startAnalysisApp('audio-redaction', {
    OPENAI_API_KEY: 'sk-openai-audio-redaction',
    OPENAI_BASE_URL: `${openai.origin}/v1`,
    DEEPGRAM_API_KEY: 'dg-audio-redaction-0123456789',
    DEEPGRAM_BASE_URL: deepgram.origin,
    ASSEMBLYAI_API_KEY: 'aai-audio-redaction-0123456789',
    ASSEMBLYAI_BASE_URL: assemblyai.origin,
    TRANSCRIPTION_MODEL: 'whisper-1',
  });
  // AssemblyAI is polled every 3 s in production; the fake answers at once.
  app.t.ctx.config.transcription.pollIntervalMs = 10;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await Promise.all([openai?.close(), deepgram?.close(), assemblyai?.close()]);
});
afterEach(() => {
  const fakes = [app.anthropic, openai, deepgram, assemblyai];
  const pending = fakes.map((fake) => fake.pending);
  for (const fake of fakes) fake.reset();
  expect(pending, 'every scripted answer was used').toEqual([0, 0, 0, 0]);
});

const REDACT_ALL: PrivacySettings = { ...DEFAULT_PRIVACY_SETTINGS, redaction_enabled: true, region: 'GB' };

/**
 * A six-second call: a 440 Hz "voice" throughout. The transcription hears a card number from 2.0 to 4.0 s
 * (word times as the service gives them); the redacted copy must have the tone there (with 0.15 s padding).
 */
const CALL = wavBytes(6, 440, 16_000);
const SAID = 'My card number is 4111 1111 1111 1111, thanks.';
const WORDS = [
  { word: 'My', start: 0.3, end: 0.5 },
  { word: 'card', start: 0.5, end: 0.8 },
  { word: 'number', start: 0.8, end: 1.1 },
  { word: 'is', start: 1.1, end: 1.3 },
  { word: '4111', start: 2.0, end: 2.5 },
  { word: '1111', start: 2.5, end: 3.0 },
  { word: '1111', start: 3.0, end: 3.5 },
  { word: '1111,', start: 3.5, end: 4.0 },
  { word: 'thanks.', start: 4.8, end: 5.3 },
];

async function projectWith(
  settings: PrivacySettings,
  transcriptionChoice?: { provider: 'deepgram' | 'assemblyai'; model: string },
) {
  const projectId = await createProject(app.owner, `Audio ${Math.random().toString(36).slice(2, 8)}`);
  await fund(app.t, projectId);
  const saved = await app.owner.request({
    method: 'PUT',
    url: `/api/projects/${projectId}/privacy`,
    payload: settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (transcriptionChoice) {
    const chosen = await app.owner.call(projectRoutes.update, {
      params: { id: projectId },
      body: { transcription: transcriptionChoice },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }
  // Transcribed in the language spoken (the default prompt translates into English, without word times).
  const prompt = await app.owner.call(promptRoutes.create, {
    params: { id: projectId },
    body: {
      scriptName: 'Card calls',
      content: [{ key: 'Greeting', type: 'ok', explanation: '', includeInScore: true }],
      transcriptionTask: 'transcribe',
      transcriptionLanguage: 'auto',
    },
  });
  expect(prompt.statusCode, prompt.body).toBe(201);
  return { projectId, promptId: prompt.json().data.id as number };
}

async function uploadCall(projectId: number, promptId: number, deps: PipelineDeps = {}) {
  const response = await app.owner.request({
    method: 'POST',
    url: `/api/projects/${projectId}/uploads`,
    ...multipart([
      { name: 'prompt_id', value: String(promptId) },
      { name: 'metadata', value: JSON.stringify(META) },
      { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: CALL },
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  const taskId: number = response.json().data.task_id;
  const [task] = await app.t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
  const [uploaded] = await app.t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task!.mediaId));
  const outcome = await runTask(app.t.ctx, taskId, { lastAttempt: true }, deps);
  const [row] = await app.t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
  const [media] = await app.t.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, task!.mediaId));
  return { taskId, outcome, row: row!, media: media!, uploadedKey: uploaded!.storageKey };
}

/** What the analysis page's player gets from the media route, decoded. */
async function playedAudio(projectId: number, taskId: number) {
  const played = await app.owner.call(analysisRoutes.media, { params: { id: projectId, taskId } });
  expect(played.statusCode, played.body).toBe(200);
  // Named for what it is now: the MP3 copy of call.wav.
  expect(played.headers['content-disposition']).toBe("inline; filename*=UTF-8''call.mp3");
  return { samples: await decodeMono(played.rawPayload), contentType: played.headers['content-type'] };
}

function expectToneOnlyOverTheCard(samples: Float32Array) {
  expect(toneShare(samples, 1.9, 4.1, 1000), 'the tone where the card number was said').toBeGreaterThan(0.8);
  expect(toneShare(samples, 1.9, 4.1, 440), 'nothing of the voice there').toBeLessThan(0.05);
  for (const [from, to] of [
    [0.1, 1.7],
    [4.3, 5.9],
  ] as const) {
    expect(toneShare(samples, from, to, 440), `the voice from ${from} to ${to} s`).toBeGreaterThan(0.8);
    expect(toneShare(samples, from, to, 1000), `no tone from ${from} to ${to} s`).toBeLessThan(0.05);
  }
}

const storedBytes = async (key: string) => text(await storageOf(app.t.ctx.config).get(key));

describe('redaction of the recording', () => {
  it('tones out the card number where the words say it was said, serves that copy and deletes the upload', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL);
    openai.script(transcription([{ start: 0.3, end: 5.3, text: SAID, words: WORDS }]));
    app.anthropic.script(answer(GREETING_ANSWER));
    const { taskId, outcome, row, media, uploadedKey } = await uploadCall(projectId, promptId);
    expect(outcome).toBe('completed');
    expect(row.transcriptText).toContain('My card number is [CARD_NUMBER_1], thanks.');
    // The words were asked for, and none of them is stored with the transcript.
    const asked = openai.requests.find((request) => request.path === '/v1/audio/transcriptions')!;
    expect(Object.values(asked.body)).toContain('word');
    expect(JSON.stringify(row.transcript)).not.toContain('words');
    expect(JSON.stringify(row.pipeline)).not.toContain('4111');

    expect(media.redactedAt).not.toBeNull();
    expect(media.contentType).toBe('audio/mpeg');
    expect(media.storageKey).not.toBe(uploadedKey);
    expect(media.originalStorageKey).toBeNull();
    await expect(storageOf(app.t.ctx.config).get(uploadedKey)).rejects.toBeInstanceOf(ObjectNotFoundError);
    const original = await app.owner.call(privacyRoutes.originalMedia, { params: { id: projectId, taskId } });
    expect(original.statusCode).toBe(404);
    const detail = await app.owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
    expect(detail.json().data.has_original_media).toBe(false);

    const { samples, contentType } = await playedAudio(projectId, taskId);
    expect(contentType).toBe('audio/mpeg');
    expect(samples.length / 16_000).toBeCloseTo(6, 0);
    expectToneOnlyOverTheCard(samples);
  });

  it('keeps the upload under its own key when the project keeps originals; the page still plays the redacted copy', async () => {
    const { projectId, promptId } = await projectWith({
      ...REDACT_ALL,
      redaction_keep: 'redacted_and_original',
    });
    openai.script(transcription([{ start: 0.3, end: 5.3, text: SAID, words: WORDS }]));
    app.anthropic.script(answer(GREETING_ANSWER));
    const { taskId, outcome, media, uploadedKey } = await uploadCall(projectId, promptId);
    expect(outcome).toBe('completed');
    expect(media.originalStorageKey).toBe(uploadedKey);
    expect(media.storageKey).not.toBe(uploadedKey);
    expect(await storedBytes(uploadedKey)).toBe(CALL.toString());
    expectToneOnlyOverTheCard((await playedAudio(projectId, taskId)).samples);

    // The analysis says so, and admins and owners download the upload (audited); a user of the project and a
    // stranger get nothing.
    const detail = await app.owner.call(analysisRoutes.detail, { params: { id: projectId, taskId } });
    expect(detail.json().data.has_original_media).toBe(true);
    const member = await signUp(app.t.app);
    const stranger = await signUp(app.t.app);
    await addMember(app.t, projectId, member, 'user');
    const params = { params: { id: projectId, taskId } };
    expect((await member.call(privacyRoutes.originalMedia, params)).statusCode).toBe(403);
    expect((await stranger.call(privacyRoutes.originalMedia, params)).statusCode).toBe(404);
    const original = await app.owner.call(privacyRoutes.originalMedia, params);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(CALL)).toBe(true);
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    const audit = await app.owner.request({
      method: 'GET',
      url: `/api/projects/${projectId}/audit?action=media_accessed`,
    });
    expect(
      audit.json().data.some((entry: { details: { original?: boolean } }) => entry.details.original),
    ).toBe(true);
  });

  it('leaves the recording alone while redaction is off, and asks for no words', async () => {
    const { projectId, promptId } = await projectWith(DEFAULT_PRIVACY_SETTINGS);
    openai.script(transcription([{ start: 0.3, end: 5.3, text: SAID, words: WORDS }]));
    app.anthropic.script(answer(GREETING_ANSWER));
    const { outcome, media, uploadedKey } = await uploadCall(projectId, promptId);
    expect(outcome).toBe('completed');
    expect(media.redactedAt).toBeNull();
    expect(media.storageKey).toBe(uploadedKey);
    const asked = openai.requests.find((request) => request.path === '/v1/audio/transcriptions')!;
    expect(Object.values(asked.body)).not.toContain('word');
  });

  it('fails the task with a clear reason when the recording cannot be redacted, and never marks it redacted', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL);
    openai.script(transcription([{ start: 0.3, end: 5.3, text: SAID, words: WORDS }]));
    const config = app.t.ctx.config;
    const ffmpegPath = config.ffmpegPath;
    const { taskId, outcome, row, media, uploadedKey } = await uploadCall(projectId, promptId, {
      // ffmpeg goes missing after the transcription: the redaction of the recording is what fails.
      afterStage: (stage) => {
        if (stage === 'transcription') config.ffmpegPath = '/nonexistent/ffmpeg';
      },
    }).finally(() => {
      config.ffmpegPath = ffmpegPath;
    });
    expect(outcome).toBe('failed');
    expect(row.status).toBe('failed');
    expect(row.errorReason).toMatchObject({ code: 'ffmpeg_missing' });
    expect(row.result).toBeNull();
    expect(app.anthropic.requests).toHaveLength(0);
    expect(media.redactedAt).toBeNull();
    expect(media.storageKey).toBe(uploadedKey);
    // The file still holds the card number: the analysis page does not get to play it.
    const played = await app.owner.call(analysisRoutes.media, { params: { id: projectId, taskId } });
    expect(played.statusCode).toBe(404);
    expect(played.json().error.message).toMatch(/not been redacted/);
  });

  it('redacts the recording on the next attempt when a run stopped right after the transcription', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL);
    openai.script(transcription([{ start: 0.3, end: 5.3, text: SAID, words: WORDS }]));
    const response = await app.owner.request({
      method: 'POST',
      url: `/api/projects/${projectId}/uploads`,
      ...multipart([
        { name: 'prompt_id', value: String(promptId) },
        { name: 'metadata', value: JSON.stringify(META) },
        { name: 'file', filename: 'call.wav', contentType: 'audio/wav', data: CALL },
      ]),
    });
    const taskId: number = response.json().data.task_id;
    const stop = {
      afterStage: (stage: string) => {
        if (stage === 'transcription') throw new Error('The worker stopped');
      },
    };
    await expect(runTask(app.t.ctx, taskId, { lastAttempt: false }, stop)).rejects.toThrow();
    // Meanwhile the stored file still holds the card number: it is not played.
    const early = await app.owner.call(analysisRoutes.media, { params: { id: projectId, taskId } });
    expect(early.statusCode).toBe(404);

    app.anthropic.script(answer(GREETING_ANSWER));
    expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
    // No second transcription: the spans were stored with the transcript.
    expect(openai.requests.filter((request) => request.path === '/v1/audio/transcriptions')).toHaveLength(1);
    expectToneOnlyOverTheCard((await playedAudio(projectId, taskId)).samples);
  });

  it('asks Deepgram to redact as well, and tones what it redacted itself (its words, its placeholder)', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL, { provider: 'deepgram', model: 'nova-3' });
    deepgram.script(
      deepgramTranscript([
        {
          start: 0.3,
          end: 5.3,
          text: 'My card number is [CREDIT_CARD_1] thanks.',
          words: [
            { word: 'My', start: 0.3, end: 0.5 },
            { word: 'card', start: 0.5, end: 0.8 },
            { word: 'number', start: 0.8, end: 1.1 },
            { word: 'is', start: 1.1, end: 1.3 },
            { word: '[CREDIT_CARD_1]', start: 2.0, end: 4.0 },
            { word: 'thanks.', start: 4.8, end: 5.3 },
          ],
        },
      ]),
    );
    app.anthropic.script(answer(GREETING_ANSWER));
    const { taskId, outcome, row } = await uploadCall(projectId, promptId);
    expect(outcome).toBe('completed');
    expect(deepgram.requests[0]!.query?.getAll('redact').sort()).toEqual(['pci', 'ssn']);
    expect(row.transcriptText).toContain('My card number is [CARD_NUMBER_1] thanks.');
    expectToneOnlyOverTheCard((await playedAudio(projectId, taskId)).samples);
  });

  it('asks AssemblyAI for redact_pii with card, bank and SSN policies, and tones the value it named', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL, {
      provider: 'assemblyai',
      model: 'universal',
    });
    assemblyai.script(
      assemblyaiTranscript([
        {
          start: 0.3,
          end: 5.3,
          text: 'My card number is [CREDIT_CARD_NUMBER] thanks.',
          words: [
            { text: 'My', start: 0.3, end: 0.5 },
            { text: 'card', start: 0.5, end: 0.8 },
            { text: 'number', start: 0.8, end: 1.1 },
            { text: 'is', start: 1.1, end: 1.3 },
            { text: '[CREDIT_CARD_NUMBER]', start: 2.0, end: 4.0 },
            { text: 'thanks.', start: 4.8, end: 5.3 },
          ],
        },
      ]),
    );
    app.anthropic.script(answer(GREETING_ANSWER));
    const { taskId, outcome, row } = await uploadCall(projectId, promptId);
    expect(outcome).toBe('completed');
    const submitted = assemblyai.requests.find((request) => request.path === '/v2/transcript')!;
    expect(submitted.body).toMatchObject({ redact_pii: true, redact_pii_sub: 'entity_name' });
    expect(submitted.body.redact_pii_policies).toEqual(
      expect.arrayContaining(['credit_card_number', 'credit_card_cvv', 'us_social_security_number']),
    );
    expect(row.transcriptText).toContain('My card number is [CARD_NUMBER_1] thanks.');
    expectToneOnlyOverTheCard((await playedAudio(projectId, taskId)).samples);
  });
});
