import { describe, expect, it } from 'vitest';
import type { ConversationSegment } from './transcript.ts';
import {
  canExportSubtitles,
  exportTranscript,
  transcriptToSrt,
  transcriptToTxt,
  transcriptToVtt,
} from './transcript-export.ts';

const seg = (
  speaker: string | null,
  start: number | null,
  end: number | null,
  text: string,
): ConversationSegment => ({ speaker, start, end, text });

const call = [
  seg('Ann', 0, 2.5, 'Hello, thanks for calling.'),
  seg('Ann', 2.5, 4, ' How can I help? '),
  seg('Bob', 4.2, 6, 'My order is late.'),
  seg(null, 3725.04, 3727.5, 'Music plays'),
];

describe('text export', () => {
  it('writes one line per turn with its time and speaker', () => {
    expect(transcriptToTxt(call)).toBe(
      '[00:00] Ann: Hello, thanks for calling. How can I help?\n' +
        '[00:04] Bob: My order is late.\n' +
        '[01:02:05] Music plays\n',
    );
  });

  it('writes a chat without times, a message a line, and leaves out empty segments', () => {
    const chat = [
      seg('Sarah', null, null, 'Hi!'),
      seg('Sarah', null, null, 'Anyone there?'),
      seg('Olek Ковальчук', null, null, 'Так, слухаю 👋'),
      seg(null, null, null, '   '),
    ];
    expect(transcriptToTxt(chat)).toBe('Sarah: Hi!\nSarah: Anyone there?\nOlek Ковальчук: Так, слухаю 👋\n');
    expect(transcriptToTxt([])).toBe('');
  });
});

describe('subtitles', () => {
  it('are offered only when every segment with text has times', () => {
    expect(canExportSubtitles(call)).toBe(true);
    expect(canExportSubtitles([seg('Ann', null, null, 'Hi')])).toBe(false);
    expect(canExportSubtitles([...call, seg('Ann', 7, null, 'Bye')])).toBe(false);
    expect(canExportSubtitles([seg('Ann', null, null, ' '), seg('Ann', 1, 2, 'Hi')])).toBe(true);
    expect(canExportSubtitles([])).toBe(false);
  });

  it('writes SubRip cues with the speaker before the text and CRLF line ends', () => {
    expect(transcriptToSrt(call)).toBe(
      '1\r\n00:00:00,000 --> 00:00:02,500\r\nAnn: Hello, thanks for calling.\r\n\r\n' +
        '2\r\n00:00:02,500 --> 00:00:04,000\r\nAnn: How can I help?\r\n\r\n' +
        '3\r\n00:00:04,200 --> 00:00:06,000\r\nBob: My order is late.\r\n\r\n' +
        '4\r\n01:02:05,040 --> 01:02:07,500\r\nMusic plays\r\n\r\n',
    );
  });

  it('splits a long segment into cues of two lines of at most 42 characters, its time shared by length', () => {
    const long = seg(
      'Ann',
      10,
      20,
      'Our records show that the parcel left the warehouse on Monday and should arrive at your door by Friday afternoon at the latest.',
    );
    expect(transcriptToSrt([long])).toBe(
      '1\r\n00:00:10,000 --> 00:00:16,176\r\n' +
        'Ann: Our records show that the parcel left\r\nthe warehouse on Monday and should arrive\r\n\r\n' +
        '2\r\n00:00:16,176 --> 00:00:20,000\r\n' +
        'Ann: at your door by Friday afternoon at\r\nthe latest.\r\n\r\n',
    );
  });

  it('keeps a word longer than a line on a line of its own, and the voice on every cue of a split segment', () => {
    const word = 'https://example.com/a-very-long-link-that-never-breaks';
    expect(
      transcriptToVtt([seg('Ann', 0, 3, `See ${word} and the rest of the reply that follows it now.`)]),
    ).toBe(
      'WEBVTT\n\n' +
        `00:00:00.000 --> 00:00:01.673\n<v Ann>See\n${word}\n\n` +
        '00:00:01.673 --> 00:00:03.000\n<v Ann>and the rest of the reply that follows it\nnow.\n\n',
    );
  });

  it('gives a cue without length a minimal duration, so its end is after its start', () => {
    expect(transcriptToSrt([seg('Ann', 5, 5, 'Yes.'), seg('Bob', 6, 5.9, 'No.')])).toBe(
      '1\r\n00:00:05,000 --> 00:00:05,500\r\nAnn: Yes.\r\n\r\n' +
        '2\r\n00:00:06,000 --> 00:00:06,500\r\nBob: No.\r\n\r\n',
    );
  });

  it('writes WebVTT with voice spans, escaping markup in text and names', () => {
    const segments = [
      seg('Ann <Agent> & Co', 0, 1.25, 'Is 3 < 5 && 7 > 2? <b>bold</b> --> no'),
      seg('Żaneta Ñúñez', 61.5, 63, 'Dzień dobry, ¿qué tal? 你好'),
      seg(null, 3600, 3601.001, 'Beep'),
    ];
    expect(transcriptToVtt(segments)).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:01.250\n<v Ann &lt;Agent&gt; &amp; Co>Is 3 &lt; 5 &amp;&amp; 7 &gt; 2? &lt;b&gt;bold&lt;/b&gt; --&gt; no\n\n' +
        '00:01:01.500 --> 00:01:03.000\n<v Żaneta Ñúñez>Dzień dobry, ¿qué tal? 你好\n\n' +
        '01:00:00.000 --> 01:00:01.001\nBeep\n\n',
    );
  });

  it('exports by format', () => {
    expect(exportTranscript(call, 'txt')).toBe(transcriptToTxt(call));
    expect(exportTranscript(call, 'srt')).toBe(transcriptToSrt(call));
    expect(
      exportTranscript(call, 'vtt').startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:02.500\n<v Ann>Hello'),
    ).toBe(true);
  });
});
