import { SEARCH } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { phraseWords, snippet } from './snippets.ts';

const marked = (result: ReturnType<typeof snippet>) =>
  result.highlights.map(({ start, length }) => result.text.slice(start, start + length));

describe('snippets', () => {
  it('marks every word of the phrase, in any case, and only whole words', () => {
    const result = snippet(
      'Cancel? Yes, cancel MY contract; my cancellation.',
      phraseWords('cancel my contract'),
    );
    expect(marked(result)).toEqual(['Cancel', 'cancel', 'MY', 'contract', 'my']);
  });

  it('cuts a long piece around the phrase itself, not an earlier lone word of it', () => {
    const text = `my ${'word '.repeat(200)}cancel my contract${' end'.repeat(100)}`;
    const result = snippet(text, phraseWords('cancel my contract'));
    expect(result.text.length).toBeLessThanOrEqual(SEARCH.snippetMax);
    expect(result.text).toMatch(/^….*cancel my contract.*…$/);
    expect(marked(result)).toEqual(['cancel', 'my', 'contract']);
  });

  it('never splits a character made of two UTF-16 units at a cut', () => {
    for (let shift = 0; shift < 4; shift += 1) {
      const text = `${'x'.repeat(shift)}${'😀'.repeat(300)} refund ${'😀'.repeat(300)}`;
      const result = snippet(text, phraseWords('refund'));
      expect(result.text.length).toBeLessThanOrEqual(SEARCH.snippetMax);
      expect(result.text).not.toMatch(/\p{Surrogate}/u);
      expect(marked(result)).toEqual(['refund']);
    }
  });

  it('reads Cyrillic and combining marks as letters', () => {
    expect(marked(snippet('Скасувати ДОГОВІР? Так, договір.', phraseWords('договір')))).toEqual([
      'ДОГОВІР',
      'договір',
    ]);
    expect(marked(snippet('Cafe\u0301 au lait', phraseWords('cafe\u0301')))).toEqual(['Cafe\u0301']);
  });
});
