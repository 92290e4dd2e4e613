import { describe, expect, it } from 'vitest';
import type { PromptField } from '../prompts/schema.ts';
import { computeFinalScore, scoredFields } from './scoring.ts';

const field = (
  key: string,
  type: PromptField['type'],
  includeInScore = true,
  extra: Partial<PromptField> = {},
): PromptField => ({ key, type, explanation: '', includeInScore, ...extra });

const marks = (...values: number[]) => ({ marks: values.map((value) => ({ value, explanation: '' })) });

/** A scorecard with every kind of counted field, an object, and fields that never count. */
const FIELDS: PromptField[] = [
  field('Summary', 'string', false),
  field('Title', 'string', false),
  field('Greeting', 'bool'),
  field('Compliance', 'ok'),
  field('Disclosure', 'ok'),
  field('Needs', 'marks', true, marks(0, 1, 2, 3)),
  field('Tone', 'string', true),
  field('Outcome', 'option', true, { options: [{ value: 'sale', explanation: '' }] }),
  field('Discovery', 'object', false, {
    content: [field('Budget', 'bool'), field('Timeline', 'bool', false), field('Rapport', 'float')],
  }),
  field('Interruptions', 'int'),
  field('Final Score', 'float', true),
];

const VALUES = {
  Summary: 's',
  Title: 't',
  Greeting: true, // 1 of 1
  Compliance: 'not ok', // 0 of 1
  Disclosure: 'n/a', // not counted
  Needs: 2, // 2 of 3
  Tone: 'warm', // not numeric: not counted
  Outcome: 'sale', // not counted
  Discovery: { Budget: false, Timeline: true, Rapport: 1.5 }, // 0 of 1; Timeline excluded; 1.5 unbounded
  Interruptions: 2, // unbounded
  'Final Score': 99, // never counted
};

describe('scoredFields', () => {
  it('counts included bool, ok, marks, int and float fields at any depth, and nothing else', () => {
    expect(scoredFields(FIELDS, VALUES)).toEqual([
      { path: 'Greeting', type: 'bool', points: 1, max: 1 },
      { path: 'Compliance', type: 'ok', points: 0, max: 1 },
      { path: 'Needs', type: 'marks', points: 2, max: 3 },
      { path: 'Discovery.Budget', type: 'bool', points: 0, max: 1 },
      { path: 'Discovery.Rapport', type: 'float', points: 1.5, max: null },
      { path: 'Interruptions', type: 'int', points: 2, max: null },
    ]);
  });
  it('skips fields without an answer', () => {
    expect(scoredFields(FIELDS, { Greeting: null, Needs: 'two' })).toEqual([]);
  });
});

describe('computeFinalScore', () => {
  it('sum: the sum of the points', () => {
    const score = computeFinalScore('sum', FIELDS, VALUES, null);
    expect(score).toMatchObject({ mode: 'sum', score: 6.5, sum: 6.5, maxBounded: 6, base: null });
  });

  it('sum: booleans and ok answers as 1/0', () => {
    const fields = [field('A', 'bool'), field('B', 'bool'), field('C', 'ok'), field('D', 'ok')];
    expect(computeFinalScore('sum', fields, { A: true, B: false, C: 'ok', D: 'n/a' }, null).score).toBe(2);
  });

  it('percent: sum / maxScore x 100 when maxScore is set', () => {
    expect(computeFinalScore('percent', FIELDS, VALUES, 10)).toMatchObject({ score: 65, base: 10 });
  });

  it('percent: without maxScore, / the maximum possible (unbounded fields count their own value)', () => {
    // bounded maxima 1 + 1 + 3 + 1 = 6, unbounded 1.5 + 2 -> 9.5; 6.5 / 9.5 = 68.42 %
    expect(computeFinalScore('percent', FIELDS, VALUES, null)).toMatchObject({ score: 68.42, base: 9.5 });
    const bounded = [field('A', 'bool'), field('B', 'marks', true, marks(0, 5)), field('C', 'ok')];
    expect(computeFinalScore('percent', bounded, { A: true, B: 5, C: 'not ok' }, null).score).toBe(85.71);
  });

  it('percent: clamped to 0..100, null with nothing to divide by', () => {
    expect(computeFinalScore('percent', [field('A', 'int')], { A: 50 }, 10).score).toBe(100);
    expect(computeFinalScore('percent', [field('A', 'int')], { A: -5 }, 10).score).toBe(0);
    expect(computeFinalScore('percent', [field('A', 'string')], { A: 'x' }, null).score).toBeNull();
    expect(computeFinalScore('percent', [field('A', 'bool')], { A: false }, 0).score).toBe(0);
  });

  it('descending: from maxScore, each bounded field takes off its shortfall, unbounded ones their value', () => {
    // shortfalls: Greeting 0, Compliance 1, Needs 1, Budget 1 = 3; penalties Rapport 1.5 + Interruptions 2
    expect(computeFinalScore('descending', FIELDS, VALUES, 100)).toMatchObject({ score: 93.5, base: 100 });
  });

  it('descending: without maxScore, from the maximum possible of the bounded fields', () => {
    // start 6, minus 3 shortfall, minus 3.5 penalties -> floored at 0
    expect(computeFinalScore('descending', FIELDS, VALUES, null)).toMatchObject({ score: 0, base: 6 });
    const bounded = [field('A', 'bool'), field('B', 'marks', true, marks(1, 2, 5)), field('C', 'ok')];
    const perfect = { A: true, B: 5, C: 'ok' };
    expect(computeFinalScore('descending', bounded, perfect, null).score).toBe(7);
    // 'n/a' neither counts nor costs: start 1 + 5 = 6, minus 1 (A) and 3 (B)
    expect(computeFinalScore('descending', bounded, { A: false, B: 2, C: 'n/a' }, null)).toMatchObject({
      score: 2,
      base: 6,
    });
  });

  it('descending: a negative count takes off nothing; the floor is 0', () => {
    const fields = [field('Errors', 'int')];
    expect(computeFinalScore('descending', fields, { Errors: -3 }, 10).score).toBe(10);
    expect(computeFinalScore('descending', fields, { Errors: 4 }, 10).score).toBe(6);
    expect(computeFinalScore('descending', fields, { Errors: 40 }, 10).score).toBe(0);
  });

  it('no: null, with the counted fields still listed', () => {
    const score = computeFinalScore('no', FIELDS, VALUES, 100);
    expect(score.score).toBeNull();
    expect(score.fields).toHaveLength(6);
  });

  it('rounds to 2 decimals without float noise', () => {
    const fields = [field('A', 'float'), field('B', 'float')];
    expect(computeFinalScore('sum', fields, { A: 0.1, B: 0.2 }, null).score).toBe(0.3);
    expect(
      computeFinalScore(
        'percent',
        [field('A', 'bool'), field('B', 'bool'), field('C', 'bool')],
        {
          A: true,
          B: false,
          C: false,
        },
        null,
      ).score,
    ).toBe(33.33);
  });

  it('gives the examples of the help article (docs/help/en/prompt-scoring.md)', () => {
    const fields = [
      field('Greeting', 'ok'),
      field('Needs', 'marks', true, marks(0, 1, 2, 3)),
      field('Budget', 'bool'),
    ];
    const values = { Greeting: 'ok', Needs: 2, Budget: false };
    expect(computeFinalScore('sum', fields, values, null).score).toBe(3);
    expect(computeFinalScore('percent', fields, values, null).score).toBe(60);
    expect(computeFinalScore('percent', fields, values, 10).score).toBe(30);
    const withCount = [...fields, field('Interruptions', 'int')];
    expect(computeFinalScore('descending', withCount, { ...values, Interruptions: 2 }, 100).score).toBe(96);
  });
});

describe('computeFinalScore with knockouts', () => {
  // Greeting (ok, knocks out on 'not ok'), Needs (marks 0-3), Budget (yes/no, knocks out on no), Outcome
  // (option, not in the score, knocks out on 'hung up'), Compliance > Disclosure (ok, knocks out on 'not ok').
  const fields = [
    field('Greeting', 'ok', true, { knockout: ['not ok'] }),
    field('Needs', 'marks', true, marks(0, 1, 2, 3)),
    field('Budget', 'bool', true, { knockout: [false] }),
    field('Outcome', 'option', false, {
      options: [
        { value: 'sale', explanation: '' },
        { value: 'hung up', explanation: '' },
      ],
      knockout: ['hung up'],
    }),
    field('Compliance', 'object', false, {
      content: [field('Disclosure', 'ok', true, { knockout: ['not ok'] })],
    }),
  ];
  // 1 + 2 + 1 + 1 = 5 of 6 points: sum 5, percent 83.33
  const clean = { Greeting: 'ok', Needs: 2, Budget: true, Outcome: 'sale', Compliance: { Disclosure: 'ok' } };

  it('leaves a conversation without knockout answers as it was', () => {
    const score = computeFinalScore('percent', fields, clean, null);
    expect(score).toMatchObject({ score: 83.33, knockouts: [] });
    expect(score).not.toHaveProperty('scoreBeforeKnockouts');
  });

  it('a knockout answer makes the score 0 and is recorded with its path and answer', () => {
    // Budget no: 4 of 6 = 66.67 % before the knockout
    const score = computeFinalScore('percent', fields, { ...clean, Budget: false }, null);
    expect(score).toMatchObject({ score: 0, sum: 4, base: 6, scoreBeforeKnockouts: 66.67 });
    expect(score.knockouts).toEqual([{ path: 'Budget', answer: false }]);
  });

  it('records several knockouts in the order of the fields, nested ones by their dotted path', () => {
    const values = { ...clean, Greeting: 'not ok', Outcome: 'hung up', Compliance: { Disclosure: 'not ok' } };
    const score = computeFinalScore('sum', fields, values, null);
    expect(score.score).toBe(0);
    expect(score.knockouts).toEqual([
      { path: 'Greeting', answer: 'not ok' },
      { path: 'Outcome', answer: 'hung up' },
      { path: 'Compliance.Disclosure', answer: 'not ok' },
    ]);
  });

  it("an option field knocks out though it is not in the score; an option's answer is read trimmed", () => {
    const score = computeFinalScore('sum', fields, { ...clean, Outcome: ' hung up ' }, null);
    expect(score).toMatchObject({ score: 0, knockouts: [{ path: 'Outcome', answer: 'hung up' }] });
  });

  it('n/a, missing and unexpected answers never knock out', () => {
    const values = {
      Greeting: 'n/a',
      Needs: 2,
      Budget: null,
      Outcome: 'maybe',
      Compliance: { Disclosure: 'n/a' },
    };
    const score = computeFinalScore('sum', fields, values, null);
    expect(score).toMatchObject({ score: 2, knockouts: [] });
    expect(computeFinalScore('sum', fields, {}, null).knockouts).toEqual([]);
  });

  it('a cap keeps min(score, cap): a cap above the computed score leaves it', () => {
    // Greeting not ok: 0 + 2 + 1 + 1 = 4 points, 66.67 %
    const values = { ...clean, Greeting: 'not ok' };
    expect(computeFinalScore('percent', fields, values, null, 50).score).toBe(50);
    expect(computeFinalScore('percent', fields, values, null, 90).score).toBe(66.67);
    expect(computeFinalScore('sum', fields, values, null, 3).score).toBe(3);
    expect(computeFinalScore('sum', fields, values, null, 0).score).toBe(0);
    // without knockouts the cap changes nothing
    expect(computeFinalScore('percent', fields, clean, null, 50).score).toBe(83.33);
  });

  it('descending: a knocked-out conversation scores 0 from its start', () => {
    const score = computeFinalScore('descending', fields, { ...clean, Budget: false }, 100);
    expect(score).toMatchObject({ score: 0, base: 100 });
  });

  it('percent with nothing to divide by becomes 0 when knocked out; mode no stays without a score', () => {
    const only = [fields[3]!];
    expect(computeFinalScore('percent', only, { Outcome: 'hung up' }, null).score).toBe(0);
    const none = computeFinalScore('no', fields, { ...clean, Budget: false }, null);
    expect(none).toMatchObject({ score: null, knockouts: [{ path: 'Budget', answer: false }] });
  });
});
