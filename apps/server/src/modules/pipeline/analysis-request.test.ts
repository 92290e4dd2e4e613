import { type PromptData, type PromptField, PromptInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  ANSWER_TOKENS_FLOOR,
  analysisInstructions,
  analysisPrompt,
  answerTokenBudget,
  answerTokens,
  asksSpeakerRoles,
  type ConversationContext,
  EVIDENCE_TOKENS,
  SPEAKER_ROLE_TOKENS,
} from './analysis-request.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

/** `count` ok checks, each answered with a few tokens of value. */
const checks = (count: number) => Array.from({ length: count }, (_, i) => field(`Check ${i}`, 'ok'));

describe('answerTokenBudget', () => {
  it('gives a few fields the floor', () => {
    expect(answerTokenBudget([field('Summary', 'string'), field('Greeting', 'ok')])).toBe(
      ANSWER_TOKENS_FLOOR,
    );
    expect(answerTokenBudget([])).toBe(ANSWER_TOKENS_FLOOR);
  });

  it('grows with each field: evidence for every one, more room for free text and lists', () => {
    const base = answerTokenBudget(checks(20));
    expect(base).toBeGreaterThan(ANSWER_TOKENS_FLOOR);
    const perCheck = answerTokenBudget(checks(21)) - base;
    expect(perCheck).toBeGreaterThan(EVIDENCE_TOKENS);
    const text = answerTokenBudget([...checks(20), field('Notes', 'string')]) - base;
    const list = answerTokenBudget([...checks(20), field('Objections', 'array')]) - base;
    expect(text).toBeGreaterThan(list);
    expect(list).toBeGreaterThan(perCheck);
  });

  it("counts a group's fields, not the group, and not the Final Score the server computes", () => {
    const flat = answerTokenBudget([...checks(18), field('Budget', 'bool'), field('Timeline', 'int')]);
    const grouped = answerTokenBudget([
      ...checks(18),
      field('Discovery', 'object', { content: [field('Budget', 'bool'), field('Timeline', 'int')] }),
      field('Final Score', 'float'),
    ]);
    expect(grouped).toBe(flat);
  });

  it("makes room for the speakers' roles beyond the floor", () => {
    expect(answerTokenBudget(checks(2), 3)).toBe(ANSWER_TOKENS_FLOOR);
    expect(answerTokenBudget(checks(30), 3) - answerTokenBudget(checks(30))).toBe(3 * SPEAKER_ROLE_TOKENS);
  });
});

describe('answerTokens', () => {
  const config = loadConfig({});
  const prompt = (model: string, content: PromptField[]) => ({ provider: 'openai' as const, model, content });

  it("is the prompt's budget within the model's own limit", () => {
    const large = checks(60);
    expect(answerTokens(config, prompt('gpt-4.1', large))).toBe(answerTokenBudget(large));
    expect(answerTokens(config, prompt('gpt-4.1', checks(2)))).toBe(ANSWER_TOKENS_FLOOR);
    // GPT-4 Turbo answers at most 4,096 tokens; a model the catalog does not know gets 8,192 at most.
    expect(answerTokens(config, prompt('gpt-4-turbo', large))).toBe(4096);
    expect(answerTokens(config, prompt('gpt-unknown', large))).toBe(8192);
  });
});

const PROMPT: PromptData = PromptInput.parse({
  scriptName: 'Sales',
  basicInstruction: 'Judge the call.',
  companyDetails: 'Acme Solar sells solar panels.',
  responseLanguage: 'German',
  transcriptionTask: 'transcribe',
  content: [
    field('Needs', 'marks', {
      explanation: 'How well were the needs explored?',
      marks: [{ value: 3, explanation: 'Open questions' }],
    }),
    field('Outcome', 'option', { options: [{ value: 'Sale', explanation: 'The customer ordered' }] }),
  ],
});

const conversation = (extra: Partial<ConversationContext> = {}): ConversationContext => ({
  transcript: '[0.2s] Agent: Hello.',
  metadata: { Representative: 'Ann', Department: 'Sales' },
  fileName: 'call.mp3',
  kind: 'audio',
  durationMs: 65_400,
  createdAt: new Date('2025-03-14T09:30:00Z'),
  detectedLanguage: 'uk',
  ...extra,
});

describe('analysisInstructions', () => {
  it("carries the prompt's instructions and evidence rules once, and no field: the schema describes those", () => {
    const instructions = analysisInstructions(PROMPT);
    expect(instructions).toContain('Judge the call.');
    expect(instructions).toContain('Acme Solar sells solar panels.');
    expect(instructions).toContain('justification, one sentence');
    expect(instructions).toContain('unsure, true when the conversation does not let you answer');
    expect(instructions).toContain('justifications in German');
    for (const text of ['Needs', 'needs explored', 'Open questions', 'Outcome', 'customer ordered']) {
      expect(instructions).not.toContain(text);
    }
  });

  it('leaves the language of an Auto prompt to the conversation message, before the transcript', () => {
    const auto = { ...PROMPT, responseLanguage: 'Auto' as const };
    expect(analysisInstructions(auto)).not.toContain('justifications in');
    expect(analysisPrompt(auto, conversation())).toBe(
      'Conversation details:\n- Department: Sales\n- Representative: Ann\n- File: call.mp3\n- Kind: audio recording\n' +
        '- Duration: 65 seconds\n- Uploaded: 2025-03-14\n\n' +
        'Write free-text answers and justifications in Ukrainian; quotes stay as spoken.\n\n' +
        'Transcript:\n[0.2s] Agent: Hello.',
    );
    // A fixed language is the prompt's: said in the instructions, not in each conversation.
    expect(analysisPrompt(PROMPT, conversation())).not.toContain('justifications in');
    const translated = { ...auto, transcriptionTask: 'translate' as const };
    expect(analysisInstructions(translated)).toContain('justifications in English');
  });
});

describe('speaker roles in the request', () => {
  it('are asked for when the conversation has speakers and no prompt field has their key', () => {
    const speakers = ['Speaker A', 'Speaker B'];
    expect(asksSpeakerRoles(PROMPT, conversation({ speakers }))).toBe(true);
    expect(asksSpeakerRoles(PROMPT, conversation({ speakers: [] }))).toBe(false);
    expect(asksSpeakerRoles(PROMPT, conversation())).toBe(false);
    const own = { ...PROMPT, content: [...PROMPT.content, field('speaker_roles', 'string')] };
    expect(asksSpeakerRoles(own, conversation({ speakers }))).toBe(false);
  });

  it('list the speakers among the conversation details, never in the instructions', () => {
    const message = analysisPrompt(PROMPT, conversation({ speakers: ['Channel 1', 'Channel 2'] }));
    expect(message).toContain('- Uploaded: 2025-03-14\n- Speakers: Channel 1, Channel 2\n\nTranscript:');
    expect(analysisPrompt(PROMPT, conversation())).not.toContain('Speakers');
    expect(analysisInstructions(PROMPT)).not.toContain('Speakers');
  });
});
