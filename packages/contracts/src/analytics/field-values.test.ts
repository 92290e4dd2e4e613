import { describe, expect, it } from 'vitest';
import type { PromptField } from '../prompts/schema.ts';
import { extractFieldValues, fieldPathLabel } from './field-values.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: true,
  ...extra,
});

const CONTENT: PromptField[] = [
  field('Summary', 'string', { includeInScore: false }),
  field('Greeting', 'ok'),
  field('Discovery', 'object', {
    includeInScore: false,
    content: [field('Budget', 'bool'), field('Timeline', 'ok'), field('Notes', 'string')],
  }),
  field('Rating', 'marks', { marks: [0, 1, 3].map((value) => ({ value, explanation: '' })) }),
  field('Tone', 'option', { includeInScore: false }),
  field('Interruptions', 'int'),
  field('Final Score', 'int', { includeInScore: false }),
];

describe('analytics field values', () => {
  it('takes every scored or categorical value, nested ones by dotted path, and the final score', () => {
    const values = {
      Summary: 'A call',
      Greeting: 'ok',
      Discovery: { Budget: false, Timeline: 'n/a', Notes: 'none' },
      Rating: 1,
      Tone: ' Friendly ',
      Interruptions: 2,
      'Final Score': 99,
    };
    expect(extractFieldValues(CONTENT, values, { score: 57.14 })).toEqual([
      {
        path: 'Greeting',
        type: 'ok',
        score: 1,
        max: 1,
        value: 'ok',
        outcome: 'passed',
        inScore: true,
        knockout: false,
      },
      {
        path: 'Discovery.Budget',
        type: 'bool',
        score: 0,
        max: 1,
        value: 'false',
        outcome: 'missed',
        inScore: true,
        knockout: false,
      },
      {
        path: 'Discovery.Timeline',
        type: 'ok',
        score: null,
        max: 1,
        value: 'n/a',
        outcome: 'na',
        inScore: true,
        knockout: false,
      },
      {
        path: 'Rating',
        type: 'marks',
        score: 1,
        max: 3,
        value: '1',
        outcome: null,
        inScore: true,
        knockout: false,
      },
      {
        path: 'Tone',
        type: 'option',
        score: null,
        max: null,
        value: 'Friendly',
        outcome: null,
        inScore: false,
        knockout: false,
      },
      {
        path: 'Interruptions',
        type: 'int',
        score: 2,
        max: null,
        value: null,
        outcome: null,
        inScore: true,
        knockout: false,
      },
      {
        path: 'Final Score',
        type: 'final',
        score: 57.14,
        max: null,
        value: null,
        outcome: null,
        inScore: false,
        knockout: false,
      },
    ]);
  });

  it('leaves out answers that do not fit their field, and keeps an unscored analysis counted', () => {
    const values = { Greeting: 'maybe', Discovery: 'skipped', Rating: '2', Tone: '', Interruptions: null };
    expect(extractFieldValues(CONTENT, values, { score: null })).toEqual([
      {
        path: 'Final Score',
        type: 'final',
        score: null,
        max: null,
        value: null,
        outcome: null,
        inScore: false,
        knockout: false,
      },
    ]);
  });

  it('marks the knocked-out answers (a yes/no or ok item as missed, whatever it said) and the final score', () => {
    const values = { Greeting: 'ok', Discovery: { Budget: true, Timeline: 'n/a' }, Tone: 'Rude' };
    const score = {
      score: 0,
      knockouts: [
        { path: 'Discovery.Budget', answer: true },
        { path: 'Tone', answer: 'Rude' },
      ],
    };
    const rows = extractFieldValues(CONTENT, values, score);
    const pick = (path: string) => rows.find((row) => row.path === path);
    expect(pick('Greeting')).toMatchObject({ outcome: 'passed', knockout: false });
    expect(pick('Discovery.Budget')).toMatchObject({ score: 1, outcome: 'missed', knockout: true });
    expect(pick('Discovery.Timeline')).toMatchObject({ outcome: 'na', knockout: false });
    expect(pick('Tone')).toMatchObject({ value: 'Rude', outcome: null, knockout: true });
    expect(pick('Final Score')).toMatchObject({ score: 0, knockout: true });
  });

  it('shows paths with " - " between the parts', () => {
    expect(fieldPathLabel('Discovery.Budget')).toBe('Discovery - Budget');
    expect(fieldPathLabel('Greeting')).toBe('Greeting');
  });
});
