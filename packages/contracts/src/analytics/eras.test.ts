import { describe, expect, it } from 'vitest';
import type { PromptField } from '../prompts/schema.ts';
import { eraPath, fieldEras, parseEraPath } from './eras.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: true,
  ...extra,
});
const marks = (...values: number[]) => values.map((value) => ({ value, explanation: '' }));

describe('field eras across scorecard versions', () => {
  it('starts an era where a field changes meaning, not where its wording or knockouts change', () => {
    const v1 = [field('Greeting', 'bool'), field('Tone', 'marks', { marks: marks(0, 1, 2) })];
    const v2 = [
      field('Greeting', 'bool', { explanation: 'Reworded', knockout: [false] }),
      field('Tone', 'marks', { marks: marks(0, 1, 2) }),
    ];
    const v3 = [field('Greeting', 'bool'), field('Tone', 'marks', { marks: marks(0, 1, 2, 3) })];
    const v4 = [field('Greeting', 'ok'), field('Group', 'object', { content: [field('Inner', 'bool')] })];
    const v5 = [field('Greeting', 'ok'), field('Tone', 'marks', { marks: marks(3, 2, 1, 0) })];
    expect(
      fieldEras([
        { id: 15, number: 5, content: v5 },
        { id: 11, number: 1, content: v1 },
        { id: 12, number: 2, content: v2 },
        { id: 13, number: 3, content: v3 },
        { id: 14, number: 4, content: v4 },
      ]),
    ).toEqual([
      { path: 'Greeting', from: 1, versionIds: [11, 12, 13] },
      { path: 'Greeting', from: 4, versionIds: [14, 15] },
      // Version 4 has no Tone: its era goes on; the marks' order is no change.
      { path: 'Tone', from: 1, versionIds: [11, 12] },
      { path: 'Tone', from: 3, versionIds: [13, 15] },
    ]);
  });

  it('tells the final score apart by how it is formed and its highest score', () => {
    const content = [field('Final Score', 'float')];
    expect(
      fieldEras([
        { id: 1, number: 1, content, finalScore: 'percent', maxScore: 10 },
        { id: 2, number: 2, content, finalScore: 'percent', maxScore: 10 },
        { id: 3, number: 3, content, finalScore: 'percent', maxScore: 20 },
      ]).map((era) => [era.path, era.from]),
    ).toEqual([
      ['Final Score', 1],
      ['Final Score', 3],
    ]);
    expect(fieldEras([{ id: 1, number: 1, content }])).toEqual([]);
  });

  it('keys an era by its path and first version, and reads it back', () => {
    expect(eraPath('Discovery.Budget', 3)).toBe('Discovery.Budget"3');
    expect(parseEraPath('Discovery.Budget"3')).toEqual({ path: 'Discovery.Budget', from: 3 });
    expect(parseEraPath('Discovery.Budget')).toEqual({ path: 'Discovery.Budget', from: null });
    expect(parseEraPath('Odd"x')).toEqual({ path: 'Odd"x', from: null });
  });
});
