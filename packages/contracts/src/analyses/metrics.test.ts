import { describe, expect, it } from 'vitest';
import {
  AnalysisMetrics,
  chatMetrics,
  conversationMetrics,
  countQuestions,
  countWords,
  isChatMetrics,
  unionSeconds,
} from './metrics.ts';
import { type ConversationSegment, formatTimestamp, transcriptToText } from './transcript.ts';

const seg = (speaker: string | null, start: number, end: number, text: string): ConversationSegment => ({
  speaker,
  start,
  end,
  text,
});

describe('helpers', () => {
  it('unions intervals', () => {
    expect(unionSeconds([])).toBe(0);
    expect(
      unionSeconds([
        { start: 0, end: 2 },
        { start: 1, end: 3 },
        { start: 5, end: 6 },
      ]),
    ).toBe(4);
  });
  it('counts words and questions', () => {
    expect(countWords("Hello there, how's it going? - 42")).toBe(6);
    expect(countQuestions('Is it? Really?? ¿Qué pasa? 本当？ Yes.')).toBe(4);
  });
  it('formats transcripts', () => {
    expect(formatTimestamp(65.7)).toBe('1:05');
    expect(formatTimestamp(3725)).toBe('1:02:05');
    const text = transcriptToText([
      seg('Channel 1', 5, 6, ' Hi. '),
      { ...seg(null, 0, 0, 'x'), start: null },
    ]);
    expect(text).toBe('[0:05] Channel 1: Hi.\nx');
    expect(transcriptToText([seg('A', 65.25, 70, 'Hi.')], { seconds: true })).toBe('[65.3s] A: Hi.');
  });
});

describe('conversationMetrics', () => {
  // A: 0-10 (monologue split in two segments), B: 9-12 interrupts (A stops at 10, B goes on to 12),
  // A: 11-11.5 back-channel inside B (overlap, not an interruption), silence 12-15, B: 15-20.
  const segments = [
    seg('A', 0, 4, 'Hello, thanks for calling. How can I help?'),
    seg('A', 4, 10, 'We have a special offer today for you and your family.'),
    seg('B', 9, 12, 'Sorry, what does it cost?'),
    seg('A', 11, 11.5, 'Mhm.'),
    seg('B', 15, 20, 'I will think about it.'),
  ];
  const metrics = conversationMetrics(segments, 20);

  it('talk time and ratio per speaker', () => {
    const [a, b] = metrics.speakers;
    expect(a).toMatchObject({ speaker: 'A', talkSeconds: 10.5, words: 20, questions: 1, interruptions: 0 });
    expect(b).toMatchObject({ speaker: 'B', talkSeconds: 8, words: 10, questions: 1, interruptions: 1 });
    expect(a!.talkRatio).toBeCloseTo(10.5 / 18.5, 4);
    expect(b!.talkRatio).toBeCloseTo(8 / 18.5, 4);
  });

  it('words per minute of talk time', () => {
    expect(metrics.speakers[0]!.wordsPerMinute).toBe(114.3); // 20 words in 10.5 s
    expect(metrics.speakers[1]!.wordsPerMinute).toBe(75);
  });

  it('longest monologue, silence share, overlaps and interruptions', () => {
    expect(metrics.longestMonologue).toEqual({ speaker: 'A', seconds: 10, start: 0 });
    // speech covers 0-12 and 15-20 = 17 of 20 s
    expect(metrics.silenceShare).toBe(0.15);
    expect(metrics.overlaps).toBe(2);
    expect(metrics.interruptions).toBe(1);
    expect(metrics.durationSeconds).toBe(20);
  });

  it('ignores untimed and empty segments; no speech gives empty metrics', () => {
    const empty = conversationMetrics(
      [{ speaker: 'A', start: null, end: null, text: 'hi' }, seg('A', 1, 2, ' ')],
      10,
    );
    expect(empty).toEqual({
      durationSeconds: 10,
      speakers: [],
      longestMonologue: null,
      silenceShare: 1,
      overlaps: 0,
      interruptions: 0,
    });
  });

  it('a speaker without a label counts as Unknown', () => {
    expect(conversationMetrics([seg(null, 0, 3, 'One two three')]).speakers[0]).toMatchObject({
      speaker: 'Unknown',
      talkRatio: 1,
      wordsPerMinute: 60,
    });
  });
});

describe('chatMetrics', () => {
  const message = (speaker: string | null, start: number | null, text: string): ConversationSegment => ({
    speaker,
    start,
    end: start,
    text,
  });

  it('counts messages, word shares and questions, and the median response time per author', () => {
    const metrics = chatMetrics([
      message('Ann', 0, 'Hello, how can I help?'), // 5 words, a question
      message('Bob', 30, 'My order is late.'), // Bob answers after 30 s
      message('Bob', 40, 'Where is it?'), // same author: no response
      message('Ann', 100, 'Let me check. One moment please, what is the number?'), // 60 s, 10 words
      message('Bob', 110, '42'), // 10 s
      message('Ann', 3700, 'Found it.'), // 3590 s
      message('Bob', 3800, '   '), // empty: left out
    ]);
    expect(metrics).toEqual({
      kind: 'chat',
      messages: 6,
      durationSeconds: 3700,
      speakers: [
        { speaker: 'Ann', messages: 3, words: 17, wordShare: 0.68, questions: 2, responseSeconds: 1825 },
        { speaker: 'Bob', messages: 3, words: 8, wordShare: 0.32, questions: 1, responseSeconds: 20 },
      ],
      longestMessage: { speaker: 'Ann', words: 10, start: 100 },
      responseSeconds: 45,
    });
  });

  it('has no times without them, counts a message without author as Unknown, and handles no messages', () => {
    const metrics = chatMetrics([message(null, null, 'Hi?'), message('Bob', null, 'Hi.')]);
    expect(metrics).toMatchObject({ durationSeconds: null, responseSeconds: null });
    expect(metrics.speakers.map((s) => [s.speaker, s.wordShare, s.responseSeconds])).toEqual([
      ['Unknown', 0.5, null],
      ['Bob', 0.5, null],
    ]);
    expect(chatMetrics([])).toEqual({
      kind: 'chat',
      messages: 0,
      durationSeconds: null,
      speakers: [],
      longestMessage: null,
      responseSeconds: null,
    });
  });

  it('tells stored chat metrics from a recording’s (stored without a kind)', () => {
    const audio = AnalysisMetrics.parse(conversationMetrics([seg('A', 0, 2, 'Hi')]));
    const chat = AnalysisMetrics.parse(chatMetrics([message('A', 0, 'Hi')]));
    expect([isChatMetrics(audio), isChatMetrics(chat)]).toEqual([false, true]);
  });
});
