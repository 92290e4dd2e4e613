import { type NumberWords, normalWord } from './number-words.ts';

/** A word, a group of digits or one other character of a conversation's piece (segment or message). */
export interface Token {
  piece: number;
  start: number;
  end: number;
  text: string;
  /** normalWord of a word; the digits of a digit group; the character itself otherwise. */
  norm: string;
  kind: 'word' | 'digits' | 'symbol';
}

const TOKEN = /\p{Nd}+|[\p{L}\p{M}]+(?:['’ʼ`][\p{L}\p{M}]+)*|[^\s\p{L}\p{M}\p{Nd}]/gu;

/** Every token of every piece, in order: a number said across two segments is two neighbouring tokens. */
export function tokenize(pieces: readonly string[]): Token[] {
  const tokens: Token[] = [];
  pieces.forEach((text, piece) => {
    for (const match of text.matchAll(TOKEN)) {
      const value = match[0];
      const kind = /^\p{Nd}/u.test(value) ? 'digits' : /^[\p{L}\p{M}]/u.test(value) ? 'word' : 'symbol';
      tokens.push({
        piece,
        start: match.index,
        end: match.index + value.length,
        text: value,
        norm: kind === 'word' ? normalWord(value) : kind === 'digits' ? toAsciiDigits(value) : value,
        kind,
      });
    }
  });
  return tokens;
}

/** Other scripts' decimal digits (Arabic-Indic and the like) as 0–9: Unicode puts each script's 0–9 in a row. */
function toAsciiDigits(value: string): string {
  return value.replace(/[^0-9]/gu, (digit) => {
    const code = digit.codePointAt(0) ?? 0;
    let zero = code;
    while (zero > code - 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    return String(code - zero);
  });
}

/**
 * A number as said or written, digit by digit: `digits[i]` came from token `tokenOf[i]`. Digits, digit words,
 * "double"/"triple", and separators between them (spaces, - . , / and fillers such as "uh", at most two in a
 * row) make one run, across pieces too.
 */
export interface DigitRun {
  digits: string;
  tokenOf: number[];
  /** The "+" (or "plus") said or written before it. */
  plus: number | null;
}

const SEPARATORS = new Set(['-', '–', '—', '.', ',', '/', '(', ')']);
const MAX_GAP = 2;

export function digitRuns(
  tokens: readonly Token[],
  used: ReadonlySet<number>,
  words: NumberWords,
  /** The pieces are values of their own (metadata, authors), not turns: no number goes on into the next. */
  separate = false,
): DigitRun[] {
  const runs: DigitRun[] = [];
  let run: DigitRun | null = null;
  let gap = 0;
  const close = () => {
    if (run && run.digits.length > 0) runs.push(run);
    run = null;
    gap = 0;
  };
  /** Adds `digits` said by the tokens `from`: the first digit from the first token, the last from the last. */
  const add = (digits: string, ...from: number[]) => {
    run ??= { digits: '', tokenOf: [], plus: null };
    run.digits += digits;
    for (let j = 0; j < digits.length; j++) {
      run.tokenOf.push(from[j === digits.length - 1 ? from.length - 1 : Math.min(j, from.length - 1)]!);
    }
    gap = 0;
  };
  const wordAt = (i: number | undefined) => {
    const token = i === undefined ? undefined : tokens[i];
    return token?.kind === 'word' && !used.has(i!) ? words.meaning(token.norm) : null;
  };
  /** The digit 1–9 a word at `j` says, or null. */
  const unitAt = (j: number | undefined) => {
    const word = wordAt(j);
    return word?.kind === 'digits' && word.digits.length === 1 && word.digits !== '0' ? word.digits : null;
  };
  /** Token `i` and the words after it, a hyphen between them skipped ("vingt-sept", "quatre-vingt-dix"). */
  const compound = (i: number, length: number) => {
    const indexes = [i];
    while (indexes.length < length) {
      const last = indexes.at(-1)!;
      const hyphen = tokens[last + 1]?.norm === '-' && tokens[last + 1]!.piece === tokens[last]!.piece;
      const next = hyphen ? last + 2 : last + 1;
      if (tokens[next]?.kind !== 'word' || used.has(next)) break;
      indexes.push(next);
    }
    return indexes;
  };
  const digitAfter = (i: number) => tokens[i + 1]?.kind === 'digits' || wordAt(i + 1)?.kind === 'digits';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (used.has(i)) {
      close();
      continue;
    }
    // A number goes on into the next piece only when nothing (no full stop, no word) ended it there.
    if (run && (gap > 0 || separate) && token.piece !== tokens[i - 1]?.piece) close();
    if (token.kind === 'digits') {
      add(token.norm, i);
      continue;
    }
    const group = token.kind === 'word' ? compound(i, 4) : [];
    const take = (digits: string, count: number) => {
      add(digits, ...group.slice(0, count));
      i = group[count - 1]!;
    };
    const teenUnit = group.length > 1 ? words.teenOfTwo(token.norm, tokens[group[1]!]!.norm) : null;
    // "quatre-vingt-neuf" is 89, "zéro quatre vingt-neuf" (an expiry, 04/29) is not: the twenties are hyphenated.
    const hyphenated = group.length > 1 && group[1] === i + 2;
    const french = hyphenated ? words.frenchTwenties(group.map((index) => tokens[index]!.norm)) : null;
    const meaning = token.kind === 'word' ? words.meaning(token.norm) : null;
    const next = wordAt(group[1]);
    const ambiguous = words.anyLanguage && words.isAmbiguous(token.norm);
    if (french) take(french.digits, french.words);
    else if (teenUnit) take(`1${teenUnit}`, 2);
    else if (meaning?.kind === 'digits' && (run || !ambiguous || digitAfter(i))) {
      add(meaning.digits, i);
    } else if (meaning?.kind === 'tens') {
      const unit = unitAt(group[1]);
      const joined = next?.kind === 'joiner' ? unitAt(group[2]) : null;
      if (unit) take(meaning.digit + unit, 2);
      else if (joined) take(meaning.digit + joined, 3);
      else add(`${meaning.digit}0`, i);
    } else if (meaning?.kind === 'repeat' && next?.kind === 'digits') {
      take(next.digits.repeat(meaning.times), 2);
    } else if ((meaning?.kind === 'plus' || token.norm === '+') && !run && digitAfter(i)) {
      run = { digits: '', tokenOf: [], plus: i };
    } else if (run && (meaning?.kind === 'filler' || SEPARATORS.has(token.norm)) && gap < MAX_GAP) {
      gap++;
    } else close();
  }
  close();
  return runs;
}
