import { describe, expect, it } from 'vitest';
import {
  channelCheck,
  channelRoles,
  RoleMetrics,
  roleMetricPath,
  roleMetrics,
  rolesFromAnswer,
  SpeakerRoles,
  speakerLabels,
  speakerName,
  swapRoles,
} from './roles.ts';
import type { ConversationSegment } from './transcript.ts';

const seg = (speaker: string | null, start: number | null, end: number | null, text: string) =>
  ({ speaker, start, end, text }) satisfies ConversationSegment;

/**
 * A stereo call, by hand: Channel 1 talks 0-10, 30-36 and 38-50 (28 s, 34 words, 2 questions), Channel 2
 * 11-31 and 35-37 (22 s, 19 words). Channel 1 cuts in at 30 (Channel 2 stops at 31, before it does at 36);
 * Channel 2 cuts back in at 35 (Channel 1 stops at 36, before it does at 37).
 */
const STEREO = [
  seg('Channel 1', 0, 10, 'Hello, thank you for calling Acme. How can I help you today?'),
  seg(
    'Channel 2',
    11,
    31,
    'My panels stopped working last week and nobody called me back, so I am calling again.',
  ),
  seg('Channel 1', 30, 36, 'I am sorry to hear that. Which model is it?'),
  seg('Channel 2', 35, 37, 'The big one.'),
  seg('Channel 1', 38, 50, 'Thanks. I will send a technician tomorrow morning between nine and eleven.'),
];

describe('roleMetrics of a call', () => {
  it('gives each role its talk share, longest turn, questions, interruptions and speed', () => {
    expect(roleMetrics(STEREO, channelRoles('left'), 'call', 60)).toEqual({
      representative_share: 56,
      customer_share: 44,
      // The representative's last turn (38-50); the customer's story 11-31.
      representative_longest_monologue: 12,
      customer_longest_story: 20,
      representative_questions: 2,
      customer_questions: 0,
      representative_interruptions: 1,
      customer_interruptions: 1,
      // 34 words in 28 s, 19 words in 22 s.
      representative_words_per_minute: 72.9,
      customer_words_per_minute: 51.8,
    });
  });

  it('follows the roles: the right channel as the representative swaps every metric', () => {
    const swapped = roleMetrics(STEREO, channelRoles('right'), 'call', 60);
    expect(swapped).toMatchObject({
      representative_share: 44,
      customer_share: 56,
      representative_longest_monologue: 20,
      customer_longest_story: 12,
      representative_questions: 0,
      customer_questions: 2,
      representative_words_per_minute: 51.8,
    });
  });

  it('counts a representative the diarization split in two as one, and speakers without a role in the totals only', () => {
    const segments = [
      seg('Speaker A', 0, 10, 'Hello, Acme Solar, Ann speaking.'),
      seg('Speaker C', 10, 15, 'Let me put you through to sales.'),
      seg('Speaker D', 15, 20, 'Please hold.'),
      seg('Speaker B', 20, 30, 'Do you sell panels?'),
    ];
    const roles = {
      'Speaker A': 'representative',
      'Speaker C': 'representative',
      'Speaker B': 'customer',
    } as const;
    expect(roleMetrics(segments, roles, 'call')).toEqual({
      // 15 s of 30 (the recorded message of Speaker D counts in the whole), 10 s of 30.
      representative_share: 50,
      customer_share: 33.3,
      // A then C: one run of the representative, 0-15.
      representative_longest_monologue: 15,
      customer_longest_story: 10,
      representative_questions: 0,
      customer_questions: 1,
      representative_interruptions: 0,
      customer_interruptions: 0,
      representative_words_per_minute: 48,
      customer_words_per_minute: 24,
    });
  });

  it('leaves a role nobody has null, and everything null without roles', () => {
    const onlyRep = roleMetrics(STEREO, { 'Channel 1': 'representative' }, 'call');
    expect(onlyRep).toMatchObject({
      representative_share: 56,
      customer_share: null,
      customer_longest_story: null,
      customer_questions: null,
      customer_interruptions: null,
      customer_words_per_minute: null,
    });
    const none = roleMetrics(STEREO, {}, 'call');
    expect(Object.values(none).every((value) => value === null)).toBe(true);
  });
});

/** A chat by hand: Sarah 11 words (2 questions), Tom 10 words; Tom answers after 120 s and 60 s, Sarah after 420 s. */
const CHAT = [
  seg('Sarah', 0, 0, 'Hi Tom, how can I help?'),
  seg('Tom', 120, 120, 'My panel stopped working. It shows a red light.'),
  seg('Sarah', 540, 540, 'Could you send a photo?'),
  seg('Tom', 600, 600, 'Sure.'),
];

describe('roleMetrics of a chat', () => {
  it('gives each role its share of the words, questions and median response time, nothing of a call', () => {
    expect(roleMetrics(CHAT, { Sarah: 'representative', Tom: 'customer' }, 'chat')).toEqual({
      representative_share: 52.4,
      customer_share: 47.6,
      representative_questions: 2,
      customer_questions: 0,
      representative_response_seconds: 420,
      customer_response_seconds: 90,
    });
  });

  it('has no response times without message times', () => {
    const untimed = CHAT.map((message) => ({ ...message, start: null, end: null }));
    expect(roleMetrics(untimed, { Sarah: 'representative', Tom: 'customer' }, 'chat')).toMatchObject({
      representative_share: 52.4,
      representative_response_seconds: null,
      customer_response_seconds: null,
    });
  });
});

describe('roles', () => {
  it('lists the speaker labels in order of first appearance, without the unlabelled', () => {
    expect(speakerLabels([...CHAT, seg(null, 700, 700, 'System message')])).toEqual(['Sarah', 'Tom']);
    expect(speakerLabels(STEREO)).toEqual(['Channel 1', 'Channel 2']);
    expect(speakerLabels([])).toEqual([]);
  });

  it("puts the representative on the project's channel", () => {
    expect(channelRoles('left')).toEqual({ 'Channel 1': 'representative', 'Channel 2': 'customer' });
    expect(channelRoles('right')).toEqual({ 'Channel 1': 'customer', 'Channel 2': 'representative' });
  });

  it("keeps the model's answer to the conversation's own speakers, labels in any case", () => {
    const labels = ['Speaker A', 'Speaker B'];
    expect(
      rolesFromAnswer(
        [
          { speaker: ' speaker a ', role: 'customer' },
          { speaker: 'SPEAKER B', role: 'representative' },
          { speaker: 'Speaker Z', role: 'other' },
          { speaker: 'Speaker A', role: 'representative' },
        ],
        labels,
      ),
    ).toEqual({ 'Speaker A': 'representative', 'Speaker B': 'representative' });
    // A chat author redacted to a placeholder, named by the model with or without its brackets.
    expect(
      rolesFromAnswer(
        [
          { speaker: 'PERSON_NAME_1', role: 'representative' },
          { speaker: '[person_name_2]', role: 'customer' },
        ],
        ['[PERSON_NAME_1]', '[PERSON_NAME_2]'],
      ),
    ).toEqual({ '[PERSON_NAME_1]': 'representative', '[PERSON_NAME_2]': 'customer' });
    for (const garbage of [null, undefined, 'Speaker A', {}, [{ speaker: 'Speaker A', role: 'boss' }]]) {
      expect(rolesFromAnswer(garbage, labels)).toEqual({});
    }
  });

  it('checks the channels against the model: agrees, disagrees, or null when it named no single representative', () => {
    const left = channelRoles('left');
    expect(channelCheck(left, { 'Channel 1': 'representative', 'Channel 2': 'customer' })).toBe('agrees');
    expect(channelCheck(left, { 'Channel 2': 'representative' })).toBe('disagrees');
    expect(channelCheck(channelRoles('right'), { 'Channel 2': 'representative' })).toBe('agrees');
    expect(channelCheck(left, { 'Channel 1': 'representative', 'Channel 2': 'representative' })).toBeNull();
    expect(channelCheck(left, { 'Channel 1': 'customer' })).toBeNull();
    expect(channelCheck(left, {})).toBeNull();
  });

  it('swaps representative and customer, keeping other', () => {
    expect(swapRoles({ A: 'representative', B: 'customer', C: 'other' })).toEqual({
      A: 'customer',
      B: 'representative',
      C: 'other',
    });
  });

  it('names a speaker by role, else by the label as transcribed', () => {
    const roles = { 'Channel 1': 'representative', 'Channel 2': 'customer', IVR: 'other' } as const;
    const names = { representative: 'Ann', customer: 'Customer' };
    expect(speakerName('Channel 1', roles, names)).toBe('Ann');
    expect(speakerName('Channel 2', roles, names)).toBe('Customer');
    expect(speakerName('IVR', roles, names)).toBe('IVR');
    expect(speakerName('Speaker C', roles, names)).toBe('Speaker C');
    expect(speakerName(null, roles, names)).toBeNull();
    expect(speakerName('Channel 1', null, names)).toBe('Channel 1');
  });

  it('parses stored roles whose metrics have only some of the keys (a chat has no call metrics)', () => {
    const metrics = roleMetrics(CHAT, { Sarah: 'representative', Tom: 'customer' }, 'chat');
    const stored = { roles: { Sarah: 'representative' }, source: 'model', check: null, metrics };
    expect(SpeakerRoles.parse(stored)).toEqual(stored);
    expect(RoleMetrics.safeParse({ representative_share: 'high' }).success).toBe(false);
    expect(roleMetricPath('representative_share')).toBe('Conversation metrics.Representative talk share (%)');
  });
});
