import { describe, expect, it } from 'vitest';
import { openingPrompt, readLastPromptId, rememberPromptId } from './openingPrompt';

const prompts = [
  { id: 1, last_analysis_at: '2026-01-05T00:00:00.000Z' },
  { id: 2, last_analysis_at: null },
  { id: 3, last_analysis_at: '2026-02-01T00:00:00.000Z' },
];

describe('the opening prompt', () => {
  it('is the first preferred prompt still offered, else the one with the most recent analyses, else the first', () => {
    expect(openingPrompt(prompts, [])?.id).toBe(3);
    expect(openingPrompt(prompts, [null, 2])?.id).toBe(2);
    expect(openingPrompt(prompts, [99, 1])?.id).toBe(1);
    expect(openingPrompt(prompts, [99])?.id).toBe(3);
    const noData = prompts.map((prompt) => ({ ...prompt, last_analysis_at: null }));
    expect(openingPrompt(noData, [])?.id).toBe(1);
    expect(openingPrompt([], [1])).toBeUndefined();
  });

  it('remembers the last choice per project', () => {
    expect(readLastPromptId(5)).toBeNull();
    rememberPromptId(5, 3);
    rememberPromptId(6, 1);
    expect(readLastPromptId(5)).toBe(3);
    expect(readLastPromptId(6)).toBe(1);
  });
});
