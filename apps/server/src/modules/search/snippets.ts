import { SEARCH, type SearchHighlight } from '@parley/contracts';

/**
 * A piece's snippet: its text cut around the phrase's first hit, with every word of the phrase marked. The
 * search itself is PostgreSQL's ('simple' configuration); the marks are found here on words as its parser reads
 * plain text: runs of letters, combining marks and digits, compared lower-cased. The text stays as it was
 * stored (markup in it is text, never interpreted), and offsets count UTF-16 units as String.prototype.slice.
 */

interface Word {
  start: number;
  end: number;
  lower: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    lower: match[0].toLowerCase(),
  }));
}

/** The phrase's words as the snippets mark them. */
export const phraseWords = (phrase: string): string[] => wordsOf(phrase).map((word) => word.lower);

/** Where the phrase first occurs: its words one after the other, else the first of them anywhere; 0 if none. */
function firstHit(words: readonly Word[], phrase: readonly string[]): number {
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (phrase.every((word, k) => words[i + k]!.lower === word)) return words[i]!.start;
  }
  return words.find((word) => phrase.includes(word.lower))?.start ?? 0;
}

/** Whether a cut at `at` would split a character (a surrogate pair). */
const splits = (text: string, at: number) => /[\uDC00-\uDFFF]/.test(text[at] ?? '');

/**
 * The snippet of a piece for the phrase's words: the text whole when it fits SEARCH.snippetMax, else cut to it
 * around the first hit (a third of the room before it) with '…' on the cut sides, the ellipses included.
 */
export function snippet(
  text: string,
  phrase: readonly string[],
): { text: string; highlights: SearchHighlight[] } {
  const words = wordsOf(text);
  let start = 0;
  let end = text.length;
  if (text.length > SEARCH.snippetMax) {
    const room = SEARCH.snippetMax - 2;
    start = Math.max(0, Math.min(firstHit(words, phrase) - Math.floor(room / 3), text.length - room));
    if (splits(text, start)) start += 1;
    end = Math.min(text.length, start + room);
    if (splits(text, end)) end -= 1;
  }
  const before = start > 0 ? '…' : '';
  const highlights = words
    .filter((word) => word.start >= start && word.end <= end && phrase.includes(word.lower))
    .map((word) => ({ start: word.start - start + before.length, length: word.end - word.start }));
  return { text: `${before}${text.slice(start, end)}${end < text.length ? '…' : ''}`, highlights };
}
