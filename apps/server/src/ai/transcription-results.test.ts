import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { assemblyaiResult } from './transcription-assemblyai.ts';
import {
  effectiveTranscription,
  isTranscriptionChoiceValid,
  listTranscriptionProviders,
} from './transcription-catalog.ts';
import { deepgramResult } from './transcription-deepgram.ts';

describe('Deepgram answers as segments', () => {
  it('takes utterances with speakers named A, B …', () => {
    const result = deepgramResult(
      {
        results: {
          channels: [{ detected_language: 'de', alternatives: [{ transcript: 'x' }] }],
          utterances: [
            { start: 0.1, end: 1, transcript: ' Hallo. ', speaker: 0 },
            { start: 1.2, end: 2, transcript: '', speaker: 1 },
            { start: 2.1, end: 3, transcript: 'Guten Tag.', speaker: 1 },
          ],
        },
      },
      null,
    );
    expect(result).toEqual({
      language: 'de',
      segments: [
        { start: 0.1, end: 1, text: 'Hallo.', speaker: 'A' },
        { start: 2.1, end: 3, text: 'Guten Tag.', speaker: 'B' },
      ],
    });
  });

  it('without utterances joins runs of one speaker’s words; without words keeps the text untimed', () => {
    const words = [
      { start: 0, end: 0.5, word: 'hi', punctuated_word: 'Hi,', speaker: 0 },
      { start: 0.5, end: 1, word: 'there', punctuated_word: 'there.', speaker: 0 },
      { start: 1.5, end: 2, word: 'hello', punctuated_word: 'Hello.', speaker: 1 },
    ];
    expect(deepgramResult({ results: { channels: [{ alternatives: [{ words }] }] } }, 'en').segments).toEqual(
      [
        { start: 0, end: 1, text: 'Hi, there.', speaker: 'A' },
        { start: 1.5, end: 2, text: 'Hello.', speaker: 'B' },
      ],
    );
    expect(
      deepgramResult({ results: { channels: [{ alternatives: [{ transcript: ' Hi. ' }] }] } }, null),
    ).toEqual({
      segments: [{ start: 0, end: 0, text: 'Hi.', speaker: null }],
      language: null,
    });
  });
});

describe('AssemblyAI transcripts as segments', () => {
  it('takes utterances (milliseconds) with their speaker labels', () => {
    const result = assemblyaiResult(
      {
        text: 'Hi. Hello.',
        language_code: 'en_us',
        words: [],
        utterances: [
          { speaker: 'A', start: 120, end: 900, text: 'Hi.', confidence: 1, words: [] },
          { speaker: 'B', start: 1000, end: 1850, text: 'Hello.', confidence: 1, words: [] },
        ],
      },
      null,
    );
    expect(result).toEqual({
      language: 'en_us',
      segments: [
        { start: 0.12, end: 0.9, text: 'Hi.', speaker: 'A' },
        { start: 1, end: 1.85, text: 'Hello.', speaker: 'B' },
      ],
    });
  });

  it('cuts words into sentences when there are no utterances', () => {
    const word = (text: string, start: number, end: number) => ({
      text,
      start,
      end,
      confidence: 1,
      speaker: null,
    });
    const result = assemblyaiResult(
      {
        text: '',
        utterances: null,
        words: [word('Hi', 0, 200), word('there?', 200, 500), word('Yes', 900, 1100)],
      },
      'en',
    );
    expect(result.segments).toEqual([
      { start: 0, end: 0.5, text: 'Hi there?', speaker: null },
      { start: 0.9, end: 1.1, text: 'Yes', speaker: null },
    ]);
  });
});

describe('the transcription catalog', () => {
  const config = loadConfig({ DEEPGRAM_API_KEY: 'dg', TRANSCRIPTION_MODEL: 'whisper-custom' });

  it('lists every provider with its availability and models with units; whisper-1 stays selectable', () => {
    const providers = listTranscriptionProviders(config);
    expect(providers.map((p) => [p.id, p.available])).toEqual([
      ['openai', false],
      ['groq', false],
      ['deepgram', true],
      ['assemblyai', false],
    ]);
    const openai = providers.find((p) => p.id === 'openai')!;
    expect(openai.models.map((m) => m.model)).toContain('whisper-1');
    expect(openai.models.find((m) => m.model === 'gpt-4o-transcribe-diarize')).toMatchObject({
      diarizes: true,
    });
    // The configured default model joins its provider's list.
    expect(openai.models.at(-1)).toEqual({
      model: 'whisper-custom',
      display_name: 'whisper-custom',
      units: 1,
      diarizes: false,
    });
    for (const provider of providers)
      for (const model of provider.models) expect(model.units).toBeGreaterThan(0);
  });

  it('accepts a known model of a provider with a key only; a project without a choice gets the default', () => {
    expect(isTranscriptionChoiceValid(config, { provider: 'deepgram', model: 'nova-3' })).toBe(true);
    expect(isTranscriptionChoiceValid(config, { provider: 'deepgram', model: 'nova-9' })).toBe(false);
    expect(isTranscriptionChoiceValid(config, { provider: 'assemblyai', model: 'universal' })).toBe(false);
    expect(effectiveTranscription(config, { transcriptionProvider: null, transcriptionModel: null })).toEqual(
      {
        provider: 'openai',
        model: 'whisper-custom',
      },
    );
    expect(
      effectiveTranscription(config, { transcriptionProvider: 'deepgram', transcriptionModel: 'nova-2' }),
    ).toEqual({ provider: 'deepgram', model: 'nova-2' });
  });
});
