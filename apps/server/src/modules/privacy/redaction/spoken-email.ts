import type { Token } from './tokens.ts';

/** "at" and "dot" as people spell an email address out, in the eleven UI languages. */
const AT_WORDS = new Set([
  'at',
  'собака',
  'собачка',
  'равлик',
  'małpa',
  'malpa',
  'arroba',
  'klammeraffe',
  'chiocciola',
  'arobase',
  'kuyruklu',
  'et',
  'маймунка',
  'кльомба',
]);
const DOT_WORDS = new Set(['dot', 'точка', 'крапка', 'kropka', 'punto', 'punkt', 'ponto', 'point', 'nokta']);
const JOIN_WORDS = new Map([
  ['underscore', '_'],
  ['dash', '-'],
  ['hyphen', '-'],
]);
/** Top-level domains an address said aloud may end in (the common generic ones and the UI languages' countries). */
const DOMAIN_ENDINGS = new Set([
  'com',
  'net',
  'org',
  'info',
  'io',
  'co',
  'uk',
  'us',
  'ua',
  'pl',
  'ru',
  'es',
  'de',
  'pt',
  'br',
  'it',
  'fr',
  'tr',
  'bg',
  'eu',
  'edu',
  'gov',
]);

export interface SpokenEmail {
  value: string;
  tokens: number[];
}

/** Email addresses spelt out: "john dot smith at example dot com". */
export function findSpokenEmails(tokens: readonly Token[], claimed: ReadonlySet<number>): SpokenEmail[] {
  const found: SpokenEmail[] = [];
  const isPart = (i: number) =>
    !claimed.has(i) &&
    (tokens[i]?.kind === 'word' || tokens[i]?.kind === 'digits') &&
    !isGlue(tokens[i]!.norm);
  for (let at = 1; at < tokens.length - 3; at++) {
    if (!AT_WORDS.has(tokens[at]!.norm) || claimed.has(at)) continue;
    // The local part: words joined by dot/underscore words, read backwards; then the domain, forwards.
    let start = at - 1;
    if (!isPart(start)) continue;
    while (start >= 2 && isGlue(tokens[start - 1]!.norm) && isPart(start - 2)) start -= 2;
    let end = at + 1;
    if (!isPart(end)) continue;
    let dots = 0;
    while (end + 2 < tokens.length && DOT_WORDS.has(tokens[end + 1]!.norm) && isPart(end + 2)) {
      end += 2;
      dots++;
    }
    if (dots === 0 || !DOMAIN_ENDINGS.has(tokens[end]!.norm)) continue;
    const spell = (from: number, to: number) =>
      tokens
        .slice(from, to + 1)
        .map((token) => (DOT_WORDS.has(token.norm) ? '.' : (JOIN_WORDS.get(token.norm) ?? token.norm)))
        .join('');
    found.push({
      value: `${spell(start, at - 1)}@${spell(at + 1, end)}`,
      tokens: Array.from({ length: end - start + 1 }, (_, i) => start + i),
    });
    at = end;
  }
  return found;
}

const isGlue = (word: string) => DOT_WORDS.has(word) || JOIN_WORDS.has(word);
