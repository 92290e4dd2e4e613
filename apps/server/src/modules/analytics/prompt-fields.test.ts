import type { PromptField } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { contentFields, type FieldStat, resolveFields } from './prompt-fields.ts';

const field = (key: string, type: PromptField['type'], content?: PromptField[]): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...(content ? { content } : {}),
});
const stat = (path: string, type: FieldStat['type'], count: number, latest: string): FieldStat => ({
  path,
  type,
  count,
  max: type === 'bool' ? 1 : null,
  latest,
});

describe('the fields analytics counts', () => {
  it("walks a prompt's content depth first, skipping text, the final score where the prompt has it", () => {
    const content = [
      field('Summary', 'string'),
      field('A', 'object', [
        field('B', 'bool'),
        field('C', 'object', [field('D', 'ok')]),
        field('E', 'array'),
      ]),
      field('Final Score', 'float'),
      field('F', 'classification'),
    ];
    expect([...contentFields(content)]).toEqual([
      ['A.B', 'bool'],
      ['A.C.D', 'ok'],
      ['Final Score', 'final'],
      ['F', 'classification'],
    ]);
  });

  it("counts a field whose type changed with the prompt's type, else with its newest values' type", () => {
    const order = contentFields([field('Kept', 'marks'), field('Changed', 'bool')]);
    const fields = resolveFields(order, [
      stat('Final Score', 'final', 9, '2026-03-10'),
      stat('Gone', 'int', 2, '2026-03-01'),
      stat('Gone', 'option', 1, '2026-03-05'),
      stat('Changed', 'marks', 5, '2026-03-02'),
      stat('Changed', 'bool', 3, '2026-03-09'),
      stat('Kept', 'marks', 9, '2026-03-10'),
      stat('Also gone', 'bool', 1, '2026-02-01'),
    ]);
    expect(fields.map((f) => [f.path, f.type, f.count])).toEqual([
      ['Kept', 'marks', 9],
      ['Changed', 'bool', 3],
      ['Also gone', 'bool', 1],
      ['Gone', 'option', 1],
      ['Final Score', 'final', 9],
    ]);
  });
});
