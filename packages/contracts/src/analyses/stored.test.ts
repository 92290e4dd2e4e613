import { describe, expect, it } from 'vitest';
import {
  AnalysisResult,
  FIELD_VALUE_SCHEMAS,
  readStoredResult,
  readTranscript,
  StoredResult,
} from './stored.ts';

const stored = {
  values: { Summary: 'Agreed to a demo.', Greeted: true, Closing: 'not ok', Empathy: 3, Topics: ['pricing'] },
  evidence: {
    Greeted: {
      justification: 'The rep said hello first.',
      quote: 'Hello, thanks for calling',
      timestamp: 0.5,
      unsure: true,
    },
  },
  score: {
    mode: 'percent',
    score: 44.44,
    sum: 4,
    maxBounded: 8,
    base: 9,
    fields: [{ path: 'Greeted', type: 'bool', points: 1, max: 1 }],
  },
  classification: {
    field: 'Kind',
    chosen: { promptId: '7', promptName: 'Sales' },
    values: { Kind: 'Sales' },
    evidence: {},
  },
};

describe('stored results', () => {
  it('describes what the pipeline writes and reads it back as it is', () => {
    expect(StoredResult.parse(stored)).toEqual(stored);
    const read = readStoredResult(stored);
    expect(read).toMatchObject(stored);
    expect(AnalysisResult.safeParse(read).success).toBe(true);
  });

  it('checks each field type its value', () => {
    expect(FIELD_VALUE_SCHEMAS.ok.safeParse('maybe').success).toBe(false);
    expect(FIELD_VALUE_SCHEMAS.marks.safeParse(3).success).toBe(true);
    expect(FIELD_VALUE_SCHEMAS.array.safeParse(['a', 1]).success).toBe(false);
    expect(FIELD_VALUE_SCHEMAS.object.safeParse({ Budget: { Asked: false } }).success).toBe(true);
  });

  it('takes a result without values as the values themselves', () => {
    expect(readStoredResult({ Summary: 'x' })?.values).toEqual({ Summary: 'x' });
    expect(readStoredResult({ Summary: 'x' })?.evidence).toEqual({});
    expect(readStoredResult('text')?.values).toEqual({ value: 'text' });
    expect(readStoredResult(null)).toBeNull();
  });

  it('reads older and damaged parts leniently, keeping the rest', () => {
    const read = readStoredResult({
      values: { A: 1 },
      evidence: {
        A: { justification: 3, quote: 'q', timestamp: 'x' },
        B: 'broken',
        C: { justification: 'j', quote: '', timestamp: null, unsure: 'maybe' },
      },
      score: { mode: 'bogus' },
      prompt: { id: '3', name: 'Old copy' },
      classification: {
        field: 'K',
        chosen: { promptId: 7 },
        values: { K: 'x' },
        prompt: { id: 1, name: 'C' },
      },
    });
    expect(read).toMatchObject({
      values: { A: 1 },
      // Evidence stored before the model said whether it was unsure reads as sure.
      evidence: {
        A: { justification: '', quote: 'q', timestamp: null, unsure: false },
        C: { justification: 'j', quote: '', timestamp: null, unsure: false },
      },
      prompt: { id: 3, name: 'Old copy' },
      classification: {
        field: 'K',
        chosen: { promptId: '7', promptName: '' },
        values: { K: 'x' },
        evidence: {},
        prompt: { id: 1, name: 'C' },
      },
    });
    expect(read?.score).toBeUndefined();
    expect(read?.evidence.B).toBeUndefined();
    expect(
      readStoredResult({ values: { A: 1 }, score: { mode: 'sum', fields: [{ type: 'int' }] } })?.score,
    ).toEqual({
      mode: 'sum',
      score: null,
      sum: 0,
      maxBounded: 0,
      base: null,
      fields: [{ path: '', type: 'int', points: 0, max: null }],
    });
  });
});

describe('stored transcripts', () => {
  it('reads segments in seconds, older ones in milliseconds or under segments', () => {
    const segments = [{ start: 0, end: 1.5, text: 'Hi', speaker: 'Channel 1', channel: 0 }];
    expect(readTranscript(segments)).toEqual([{ start: 0, end: 1.5, text: 'Hi', speaker: 'Channel 1' }]);
    expect(readTranscript({ segments: [{ start_ms: 500, endMs: 1500, text: 'Yes', speaker: 1 }] })).toEqual([
      { start: 0.5, end: 1.5, text: 'Yes', speaker: '1' },
    ]);
    expect(readTranscript([{ text: 'A chat message', speaker: 'Ann' }, { start: 1 }])).toEqual([
      { start: null, end: null, text: 'A chat message', speaker: 'Ann' },
    ]);
    expect(readTranscript(null)).toBeNull();
  });
});
