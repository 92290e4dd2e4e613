import { RE2JS, RE2JSSyntaxException } from 're2js';
import { DRIVE, DRIVE_TEXTS } from './rules.ts';

// The custom structure's filename regex runs in RE2 (re2js, the same code on the server and in the browser),
// which never backtracks: its time grows with the file name's length and the pattern's size, so no pattern can
// hold a sync, or the server, for long. It has no look-arounds or backreferences (no linear-time way to match them).

/** Why RE2 refuses a pattern: a code the web translates, or RE2's own words (`detail`) for a syntax error. */
export type RegexProblem =
  | { reason: 'look_around' | 'backreference' | 'group_name' | 'repeat_count' | 'too_complex' }
  | { reason: 'syntax'; detail: string };

export type CompiledRegex = { regex: RE2JS; problem?: never } | { regex?: never; problem: RegexProblem };

/**
 * A generous upper bound of the instructions RE2 compiles a pattern to, read from its text without compiling:
 * a counted repetition copies what it repeats (x{1000} is a thousand x's), so a short pattern can compile to
 * a million instructions, seconds of work. Each character, escape or class counts one, a group two more, a
 * quantifier one more, and {n,m} multiplies what it repeats by its largest count.
 */
export function programBound(pattern: string): number {
  const levels = [{ total: 0, last: 0 }];
  const top = () => levels[levels.length - 1]!;
  const atom = (size: number) => {
    top().total += size;
    top().last = size;
  };
  const counted = /\{(\d+)(,?)(\d*)\}/y;
  const braced = /\\[pPx]\{[^}]*\}/y;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    counted.lastIndex = i;
    const repeat = char === '{' ? counted.exec(pattern) : null;
    if (char === '\\' && pattern[i + 1] === 'Q') {
      const end = pattern.indexOf('\\E', i + 2);
      const next = end < 0 ? pattern.length : end + 2;
      atom(next - i);
      i = next;
    } else if (char === '\\') {
      braced.lastIndex = i;
      i = braced.test(pattern) ? braced.lastIndex : i + 2;
      atom(1);
    } else if (char === '[') {
      i = classEnd(pattern, i);
      atom(1);
    } else if (char === '(') {
      levels.push({ total: 0, last: 0 });
      i += 1;
    } else if (char === ')' && levels.length > 1) {
      atom(levels.pop()!.total + 2);
      i += 1;
    } else if (char === '|') {
      top().total += 1;
      top().last = 0;
      i += 1;
    } else if (char === '*' || char === '+' || char === '?') {
      top().total += 1;
      top().last += 1;
      i += 1;
    } else if (repeat) {
      const [, min, comma, max] = repeat;
      const times = Math.max(1, max ? Number(max) : Number(min) + (comma ? 1 : 0));
      const repeated = top().last * times + times;
      top().total += repeated - top().last;
      top().last = repeated;
      i = counted.lastIndex;
    } else {
      atom(1);
      i += 1;
    }
  }
  // The program's own fail and match instructions.
  return levels.reduce((sum, level) => sum + level.total, 2);
}

/** Where the character class opening at `start` ends: `]` right after `[` or `[^` is a character, [:name:] one item. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i += 1;
  if (pattern[i] === ']') i += 1;
  while (i < pattern.length && pattern[i] !== ']') {
    const named = pattern.startsWith('[:', i) ? pattern.indexOf(':]', i + 2) : -1;
    if (named >= 0) i = named + 2;
    else i += pattern[i] === '\\' ? 2 : 1;
  }
  return i + 1;
}

/** Reads RE2's syntax error as what the writer of the pattern can act on. */
function syntaxProblem(error: RE2JSSyntaxException): RegexProblem {
  const input = error.input ?? '';
  if (/^\(\?(?:[=!]|<[=!])/.test(input)) return { reason: 'look_around' };
  if (/^\\(?:\d|k)/.test(input)) return { reason: 'backreference' };
  if (error.error === 'invalid named capture' && input.endsWith('>')) return { reason: 'group_name' };
  if (error.error === 'invalid repeat count') return { reason: 'repeat_count' };
  return { reason: 'syntax', detail: input ? `${error.error}: ${input}` : error.error };
}

/** The filename regex compiled by RE2, or why it can't be: both named-group forms, (?<name>…) and (?P<name>…), work. */
export function compileFilenameRegex(pattern: string): CompiledRegex {
  // The bound spares compiling what is surely too large; the compiled size is the rule.
  if (programBound(pattern) > DRIVE.regexProgramMax) return { problem: { reason: 'too_complex' } };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return { problem: syntaxProblem(error) };
    throw error;
  }
  return regex.programSize() > DRIVE.regexProgramMax ? { problem: { reason: 'too_complex' } } : { regex };
}

/** The API's (English) words for a refused filename regex. */
export function regexProblemText(problem: RegexProblem): string {
  return DRIVE_TEXTS.regexInvalid(
    problem.reason === 'syntax' ? problem.detail : DRIVE_TEXTS.regexReasons[problem.reason],
  );
}
