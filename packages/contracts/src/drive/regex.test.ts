import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileFilenameRegex, programBound, regexProblemText } from './regex.ts';
import { DRIVE, DRIVE_TEXTS } from './rules.ts';

describe('programBound', () => {
  it.each([
    '^(?<dept>[^_]+)_(?P<rep>[^_]+)_(\\d{4}-\\d{2}-\\d{2})\\.mp3$',
    '^(a+)+$',
    'a{1000}',
    'a{2,1000}',
    'a{500,}',
    '(?:ab|cd|ef){0,100}',
    '((x{10}){10}){10}',
    '(?:(?:[a-z]{1,10}_){10}){5}',
    '[]{}]{100}',
    '[^]a]{50}',
    '[[:alpha:]_]{200}',
    '\\p{Greek}{300}',
    '\\x{41}{300}',
    '\\Q{1000}\\E{20}',
    '(?i)(?s:.{0,200})(?P<n>\\w)*?',
    '\\bword\\B|^|$',
    'x{,3}{2}',
  ])('is at least the size RE2 compiles %s to', (pattern) => {
    expect(programBound(pattern)).toBeGreaterThanOrEqual(RE2JS.compile(pattern).programSize());
  });
});

describe('compileFilenameRegex', () => {
  it('refuses what would compile too large before compiling it, and says so', () => {
    const huge = `(?:(?:(?:${'abcdefghij'.repeat(97)}){10}){10}){10}`;
    expect(programBound(huge)).toBeGreaterThan(DRIVE.regexProgramMax);
    const { problem } = compileFilenameRegex(huge);
    expect(problem).toEqual({ reason: 'too_complex' });
    expect(regexProblemText(problem!)).toBe(
      `The filename regex is not valid: ${DRIVE_TEXTS.regexReasons.too_complex}`,
    );
  });

  it("keeps RE2's own words for other syntax errors", () => {
    const { problem } = compileFilenameRegex('(?<rep');
    expect(problem?.reason).toBe('syntax');
    expect(regexProblemText(problem!)).toMatch(/^The filename regex is not valid: invalid named capture: /);
  });
});
