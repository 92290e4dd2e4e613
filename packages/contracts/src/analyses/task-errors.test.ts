import { describe, expect, it } from 'vitest';
import {
  TASK_ERROR_CODES,
  TASK_ERROR_EXAMPLES,
  TaskErrorSchema,
  taskError,
  taskErrorText,
} from './task-errors.ts';

describe('task reasons', () => {
  it('have an example of every code, each a valid answer', () => {
    expect(TASK_ERROR_CODES.filter((code) => !TASK_ERROR_EXAMPLES.some((e) => e.code === code))).toEqual([]);
    for (const example of TASK_ERROR_EXAMPLES) expect(TaskErrorSchema.parse(example)).toEqual(example);
  });

  it('read in English with their parameters; a provider failure and other are their message', () => {
    expect(taskErrorText(taskError('insufficient_funds', { units: '0.117' }))).toBe(
      "Insufficient funds: this analysis needs 0.117 units, more than the project's unit bundles and allowed balance cover. Add funds or buy units, then retry the task.",
    );
    expect(taskErrorText(taskError('interrupted', { count: 1 }))).toMatch(/interrupted 1 time \(/);
    expect(taskErrorText(taskError('interrupted', { count: 2 }))).toMatch(/interrupted 2 times \(/);
    expect(taskErrorText(taskError('blacklisted'))).toBe('skipped: blacklisted');
    expect(taskErrorText(taskError('provider_failed', { message: 'Groq answered 429: slow down' }))).toBe(
      'Groq answered 429: slow down',
    );
    expect(taskErrorText(taskError('other', { message: 'Anything.' }))).toBe('Anything.');
  });
});
