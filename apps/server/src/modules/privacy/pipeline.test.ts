import { readFileSync } from 'node:fs';
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_FILE, type Corpus } from '../../../../../bench/redaction/generate.ts';
import { type AnalysisApp, startAnalysisApp } from '../../../test/analysis-app.ts';
import { startFakeOpenAI, transcription } from '../../../test/fake-upstreams/openai.ts';
import { answer, type FakeUpstream } from '../../../test/fake-upstreams/scripted.ts';
import { createProject } from '../../../test/harness.ts';
import { GREETING_ANSWER } from '../../../test/tasks.ts';
import { createPrompt, fund, multipart, wavBytes } from '../../../test/uploads.ts';
import { tasks } from '../../db/schema/index.ts';
import { runTask } from '../pipeline/run.ts';

let app: AnalysisApp;
let openai: FakeUpstream;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  app = await startAnalysisApp('privacy', {
    OPENAI_API_KEY: 'sk-openai-privacy',
    OPENAI_BASE_URL: `${openai.origin}/v1`,
    TRANSCRIPTION_MODEL: 'whisper-1',
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await openai?.close();
});
afterEach(() => {
  expect(app.anthropic.pending, 'every scripted answer was used').toBe(0);
  app.anthropic.reset();
  openai.reset();
});

/** What a customer says or writes in these tests, and every form of it that must not reach a model. */
const CARD = '4111 1111 1111 1111';
const SAID_CARD = 'four one one one one one one one';
const SAID_CARD_REST = 'one one one one one one one one';
const EMAIL = 'tom.baker@example.com';
const PHONE = '+44 20 7946 0018';
const SECRETS = ['4111', 'tom.baker', '7946', SAID_CARD, SAID_CARD_REST, '123'];

const REDACT_ALL: PrivacySettings = { ...DEFAULT_PRIVACY_SETTINGS, redaction_enabled: true, region: 'GB' };

async function projectWith(settings: PrivacySettings) {
  const projectId = await createProject(app.owner, `Privacy ${Math.random().toString(36).slice(2, 8)}`);
  await fund(app.t, projectId);
  const saved = await app.owner.request({
    method: 'PUT',
    url: `/api/projects/${projectId}/privacy`,
    payload: settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { projectId, promptId: await createPrompt(app.owner, projectId) };
}

async function upload(
  projectId: number,
  promptId: number,
  file: { name: string; type: string; data: Buffer },
  metadata: Record<string, string> = { Department: 'Sales', Representative: 'Ann', Phone: PHONE },
  reply: object = GREETING_ANSWER,
) {
  const response = await app.owner.request({
    method: 'POST',
    url: `/api/projects/${projectId}/uploads`,
    ...multipart([
      { name: 'prompt_id', value: String(promptId) },
      {
        name: 'metadata',
        value: JSON.stringify(metadata),
      },
      { name: 'file', filename: file.name, contentType: file.type, data: file.data },
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  const taskId: number = response.json().data.task_id;
  app.anthropic.script(answer(reply));
  expect(await runTask(app.t.ctx, taskId, { lastAttempt: true })).toBe('completed');
  return (await app.t.ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
}

const CHAT = JSON.stringify([
  { author: 'Sarah', text: 'Hello, how can I help?', time: '2026-11-05T10:00:00Z' },
  {
    author: 'Tom',
    text: `Please charge my card ${CARD}, expiry 12/27, CVV 123.`,
    time: '2026-11-05T10:01:00Z',
  },
  { author: 'Tom', text: `And send the receipt to ${EMAIL}.`, time: '2026-11-05T10:02:00Z' },
]);

const modelBodies = () => app.anthropic.requests.map((request) => JSON.stringify(request.body));

describe('redaction in the pipeline', () => {
  it('redacts a chat right after parsing: the model, the stored transcript and the prompt details hold placeholders', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL);
    const row = await upload(projectId, promptId, {
      name: `chat-${PHONE}.json`,
      type: 'application/json',
      data: Buffer.from(CHAT),
    });
    const bodies = modelBodies();
    expect(bodies).toHaveLength(1);
    for (const secret of SECRETS) expect(bodies[0]).not.toContain(secret);
    expect(bodies[0]).toContain('[CARD_NUMBER_1]');
    expect(bodies[0]).toContain('[CARD_SECURITY_CODE_1]');
    expect(bodies[0]).toContain('[EMAIL_1]');
    // The phone in the metadata and the file name continue the transcript's numbering.
    expect(bodies[0]).toContain('- Phone: [PHONE_NUMBER_1]');
    expect(bodies[0]).toContain('- File: chat-[PHONE_NUMBER_1].json');
    expect(JSON.stringify(row.transcript)).not.toContain('4111');
    expect(row.transcriptText).toContain(
      '[CARD_NUMBER_1], expiry [CARD_EXPIRY_1], CVV [CARD_SECURITY_CODE_1]',
    );
    expect(row.transcriptOriginal).toBeNull();
    // The stored metadata stays as uploaded: the blacklist and rep mapping read it.
    expect(row.metadata.Phone).toBe(PHONE);
  });

  it('keeps the original only when the project asks for it', async () => {
    const { projectId, promptId } = await projectWith({
      ...REDACT_ALL,
      redaction_keep: 'redacted_and_original',
    });
    const row = await upload(projectId, promptId, {
      name: 'chat.json',
      type: 'application/json',
      data: Buffer.from(CHAT),
    });
    expect(JSON.stringify(row.transcript)).not.toContain('4111');
    expect(JSON.stringify(row.transcriptOriginal)).toContain(CARD);
  });

  it('redacts a recording transcript before the analysis prompt, a card said as words across two segments', async () => {
    const { projectId, promptId } = await projectWith(REDACT_ALL);
    openai.script(
      transcription([
        { start: 0.1, end: 1.0, text: `sure my card number is ${SAID_CARD}` },
        { start: 1.0, end: 2.0, text: `${SAID_CARD_REST} and the security code is one two three` },
      ]),
    );
    const row = await upload(projectId, promptId, { name: 'call.wav', type: 'audio/wav', data: wavBytes(2) });
    const bodies = modelBodies();
    expect(bodies).toHaveLength(1);
    for (const secret of SECRETS) expect(bodies[0]).not.toContain(secret);
    expect(bodies[0]).toContain('sure my card number is [CARD_NUMBER_1]');
    expect(bodies[0]).toContain('[CARD_NUMBER_1] and the security code is [CARD_SECURITY_CODE_1]');
    expect(row.transcriptText).not.toContain('one one one');
  });

  it('with person names on, no name or address of the corpus chats reaches the model, nor the metadata name', async () => {
    const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as Corpus;
    const { projectId, promptId } = await projectWith({
      ...REDACT_ALL,
      redaction_types: [...REDACT_ALL.redaction_types, 'person_name'],
    });
    for (const language of ['en', 'uk', 'de', 'tr']) {
      const chat = corpus.conversations.find(
        (conversation) =>
          conversation.language === language &&
          conversation.kind === 'chat' &&
          conversation.labels.some((label) => label.type === 'person_name') &&
          conversation.labels.some((label) => label.type === 'postal_address'),
      )!;
      const messages = chat.pieces.map((piece, index) => ({
        author: piece.speaker,
        text: piece.text,
        time: new Date(Date.UTC(2026, 10, 5, 10, index)).toISOString(),
      }));
      await upload(
        projectId,
        promptId,
        { name: 'chat.json', type: 'application/json', data: Buffer.from(JSON.stringify(messages)) },
        { Department: 'Sales', Representative: 'Ann Hathaway' },
      );
      const body = modelBodies().at(-1)!;
      for (const label of chat.labels) {
        const said = chat.pieces[label.piece]!.text.slice(label.start, label.end);
        expect(body, `${chat.id} ${label.type}`).not.toContain(said);
      }
      expect(body).toContain('[PERSON_NAME_1]');
      expect(body).toContain('[POSTAL_ADDRESS_1]');
      expect(body).not.toContain('Hathaway');
      app.anthropic.reset();
    }
  });

  it("with person names on, no chat author's name reaches the model; roles, metrics and the representative work", async () => {
    const { projectId, promptId } = await projectWith({
      ...REDACT_ALL,
      redaction_types: [...REDACT_ALL.redaction_types, 'person_name'],
      redaction_keep: 'redacted_and_original',
    });
    const chat = [
      { author: 'Olena Bondar', text: 'Hello, how can I help?', time: '2026-11-05T10:00:00Z' },
      { author: 'john.smith', text: 'Hi Olena, my parcel is late.', time: '2026-11-05T10:01:00Z' },
      { author: 'Olena Bondar', text: 'Sorry John, let me check.', time: '2026-11-05T10:02:00Z' },
    ];
    const metadata = {
      Department: 'Sales',
      Representative: 'Olena Bondar',
      'Customer name': 'John Smith',
      Phone: PHONE,
    };
    const roles = [
      { speaker: '[PERSON_NAME_1]', role: 'representative' },
      { speaker: '[PERSON_NAME_2]', role: 'customer' },
    ];
    const row = await upload(
      projectId,
      promptId,
      { name: 'chat.json', type: 'application/json', data: Buffer.from(JSON.stringify(chat)) },
      metadata,
      { ...GREETING_ANSWER, speaker_roles: roles },
    );
    const body = modelBodies()[0]!;
    for (const name of ['olena', 'bondar', 'john', 'smith']) expect(body.toLowerCase()).not.toContain(name);
    expect(body).toContain('- Speakers: [PERSON_NAME_1], [PERSON_NAME_2]');
    expect(body).toContain('[PERSON_NAME_1]: Hello, how can I help?');
    expect(body).toContain('[PERSON_NAME_2]: Hi [PERSON_NAME_1], my parcel is late.');
    // The metadata's names are the authors' placeholders, numbered with the transcript.
    expect(body).toContain('- Representative: [PERSON_NAME_1]');
    expect(body).toContain('- Customer name: [PERSON_NAME_2]');
    expect(body).toContain('- Phone: [PHONE_NUMBER_1]');

    const speakers = (segments: unknown) => (segments as Array<{ speaker: string }>).map((s) => s.speaker);
    expect(speakers(row.transcript)).toEqual(['[PERSON_NAME_1]', '[PERSON_NAME_2]', '[PERSON_NAME_1]']);
    expect(row.transcriptText).not.toContain('Olena');
    expect(speakers(row.transcriptOriginal)).toEqual(['Olena Bondar', 'john.smith', 'Olena Bondar']);
    const speakerRoles = row.speakerRoles as { roles: object; metrics: Record<string, number | null> };
    expect(speakerRoles.roles).toEqual({
      '[PERSON_NAME_1]': 'representative',
      '[PERSON_NAME_2]': 'customer',
    });
    expect(speakerRoles.metrics.representative_share).toBeGreaterThan(0);
    expect(speakerRoles.metrics.customer_response_seconds).toBe(60);
    expect(
      (row.metrics as { speakers: Array<{ speaker: string }> }).speakers.map((s) => s.speaker).sort(),
    ).toEqual(['[PERSON_NAME_1]', '[PERSON_NAME_2]']);
    // What is stored of the task's people stays as uploaded: the representative is found from it.
    expect(row.metadata).toEqual(metadata);
    expect(row.representative).toBe('Olena Bondar');
  });

  it('changes nothing while redaction is off', async () => {
    const { projectId, promptId } = await projectWith(DEFAULT_PRIVACY_SETTINGS);
    const row = await upload(projectId, promptId, {
      name: 'chat.json',
      type: 'application/json',
      data: Buffer.from(CHAT),
    });
    expect(modelBodies()[0]).toContain(CARD);
    expect(row.transcriptText).toContain(CARD);
    expect(row.transcriptOriginal).toBeNull();
  });
});
