import type { RedactionEntityType } from '@parley/contracts';
import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { isValidId, LETTER_IDS } from './checks.ts';

/** A value found in one piece's text by its written form. */
export interface WrittenFinding {
  type: RedactionEntityType;
  value: string;
  piece: number;
  start: number;
  end: number;
}

/**
 * Bounded parts (an address's local part is at most 64 characters, a domain label 63) and a start only where a run
 * of address characters starts: a long text without an @ is read once, not once per character.
 */
const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}/gu;
/** A country code, two check digits and the start of the account; its length comes from the country. */
const IBAN_START = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){8,30}/gu;
const IBAN_LENGTHS = new Map(
  Object.entries(getCountrySpecifications()).flatMap(([code, spec]) =>
    spec.chars ? [[code, spec.chars] as const] : [],
  ),
);

/** Emails, IBANs and identity numbers with letters, as written in a chat or a transcript. */
export function findWritten(pieces: readonly string[]): WrittenFinding[] {
  const found: WrittenFinding[] = [];
  pieces.forEach((text, piece) => {
    for (const match of text.matchAll(EMAIL)) {
      found.push({
        type: 'email',
        value: match[0].toLowerCase(),
        piece,
        start: match.index,
        end: match.index + match[0].length,
      });
    }
    for (const match of text.matchAll(IBAN_START)) {
      const iban = ibanAt(match[0]);
      if (!iban) found.push(...ibanAcrossPieces(pieces, piece, match.index));
      else
        found.push({
          type: 'iban',
          value: iban.compact,
          piece,
          start: match.index,
          end: match.index + iban.written,
        });
    }
    for (const { pattern, validator } of LETTER_IDS) {
      for (const match of text.matchAll(pattern)) {
        if (!isValidId(validator, match[0].replace(/[ -]/g, ''))) continue;
        const start = match.index;
        if (
          found.some(
            (other) => other.piece === piece && other.start < start + match[0].length && other.end > start,
          )
        )
          continue;
        found.push({
          type: 'national_id',
          value: match[0].replace(/[ -]/g, '').toUpperCase(),
          piece,
          start,
          end: start + match[0].length,
        });
      }
    }
  });
  return found;
}

/**
 * An IBAN that starts at the end of one piece and goes on at the start of the next ("GB55 YHVZ 5860 1596" /
 * "0908 46"): its two parts, or nothing.
 */
function ibanAcrossPieces(pieces: readonly string[], piece: number, start: number): WrittenFinding[] {
  const head = pieces[piece]!.slice(start).trimEnd();
  const tail = /^[A-Z0-9][A-Z0-9 -]*/.exec(pieces[piece + 1] ?? '')?.[0].trimEnd();
  if (!tail || !/^[A-Z0-9 -]+$/.test(head)) return [];
  const iban = ibanAt(`${head} ${tail}`);
  const tailLength = iban ? iban.written - head.length - 1 : 0;
  if (!iban || tailLength <= 0) return [];
  const part = (at: number, from: number, to: number): WrittenFinding => ({
    type: 'iban',
    value: iban.compact,
    piece: at,
    start: from,
    end: to,
  });
  return [part(piece, start, start + head.length), part(piece + 1, 0, tailLength)];
}

/** The IBAN at the start of `text` (its country's length of characters, spaces and dashes between), or null. */
function ibanAt(text: string): { compact: string; written: number } | null {
  const length = IBAN_LENGTHS.get(text.slice(0, 2));
  if (!length) return null;
  let compact = '';
  let written = 0;
  for (const char of text) {
    written += char.length;
    if (char !== ' ' && char !== '-') compact += char;
    if (compact.length === length) break;
  }
  const iban = electronicFormatIBAN(compact);
  return iban && compact.length === length && isValidIBAN(iban) ? { compact: iban, written } : null;
}

/** How many digits follow the country letters of a spoken IBAN of `country`, or null for an unknown country. */
export function spokenIbanDigits(country: string): number | null {
  const length = IBAN_LENGTHS.get(country);
  return length ? length - country.length : null;
}

/** An IBAN said aloud: the country's letters, then its digits (countries whose accounts are all digits). */
export function isSpokenIban(country: string, digits: string): boolean {
  const length = IBAN_LENGTHS.get(country);
  return length === country.length + digits.length && isValidIBAN(`${country}${digits}`);
}
