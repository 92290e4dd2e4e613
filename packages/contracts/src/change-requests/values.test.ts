import { describe, expect, it } from 'vitest';
import type { PromptField } from '../prompts/schema.ts';
import {
  correctableFieldAt,
  correctableFields,
  proposedValueProblem,
  TEXT_VALUE_MAX,
  valueAtPath,
  withValueAtPath,
} from './values.ts';

const field = (key: string, type: PromptField['type'], extra: Partial<PromptField> = {}): PromptField => ({
  key,
  type,
  explanation: '',
  includeInScore: false,
  ...extra,
});

describe('proposedValueProblem', () => {
  it('checks each type', () => {
    expect(proposedValueProblem(field('a', 'bool'), true)).toBeNull();
    expect(proposedValueProblem(field('a', 'bool'), 'yes')).not.toBeNull();
    expect(proposedValueProblem(field('a', 'ok'), 'n/a')).toBeNull();
    expect(proposedValueProblem(field('a', 'ok'), 'fine')).not.toBeNull();
    const option = field('a', 'option', { options: [{ value: 'Hot', explanation: '' }] });
    expect(proposedValueProblem(option, 'Hot')).toBeNull();
    expect(proposedValueProblem(option, 'Cold')).not.toBeNull();
    const marks = field('a', 'marks', {
      marks: [
        { value: 0, explanation: '' },
        { value: 5, explanation: '' },
      ],
    });
    expect(proposedValueProblem(marks, 5)).toBeNull();
    expect(proposedValueProblem(marks, 3)).not.toBeNull();
    expect(proposedValueProblem(field('a', 'int'), 3)).toBeNull();
    expect(proposedValueProblem(field('a', 'int'), 3.5)).not.toBeNull();
    expect(proposedValueProblem(field('a', 'float'), 3.5)).toBeNull();
    expect(proposedValueProblem(field('a', 'float'), '3.5')).not.toBeNull();
    expect(proposedValueProblem(field('a', 'string'), 'text')).toBeNull();
    expect(proposedValueProblem(field('a', 'string'), 'x'.repeat(TEXT_VALUE_MAX + 1))).not.toBeNull();
    expect(proposedValueProblem(field('a', 'array'), 'x')).not.toBeNull();
  });
});

describe('paths', () => {
  const fields = [
    field('Summary', 'string'),
    field('Final Score', 'float'),
    field('Discovery', 'object', { content: [field('Budget', 'bool'), field('Tags', 'array')] }),
  ];
  it('lists the correctable fields by dotted path, without Final Score', () => {
    expect(correctableFields(fields).map((entry) => entry.path)).toEqual(['Summary', 'Discovery.Budget']);
    expect(correctableFieldAt(fields, 'Discovery.Budget')?.type).toBe('bool');
    expect(correctableFieldAt(fields, 'Final Score')).toBeNull();
  });
  it('reads and replaces a nested value', () => {
    const result = { Discovery: { Budget: false, Tags: ['a'] } };
    expect(valueAtPath(result, 'Discovery.Budget')).toBe(false);
    expect(valueAtPath(result, 'Missing.Budget')).toBeUndefined();
    const next = withValueAtPath(result, 'Discovery.Budget', true);
    expect(next).toEqual({ Discovery: { Budget: true, Tags: ['a'] } });
    expect(result.Discovery.Budget).toBe(false);
  });
});
