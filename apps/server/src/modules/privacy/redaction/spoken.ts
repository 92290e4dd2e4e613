import type { RedactionEntityType } from '@parley/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import {
  isBirthDate,
  isCardExpiry,
  isCardNumber,
  isPhoneIn,
  isRealDay,
  isSpokenSpanishId,
  numericIdStrength,
  UI_REGIONS,
} from './checks.ts';
import { type ContextKind, distanceBack, saidAs } from './context.ts';
import { monthOf } from './months.ts';
import type { DigitRun, Token } from './tokens.ts';
import { isSpokenIban, spokenIbanDigits } from './written.ts';

/** A value found in the conversation's tokens, said or written digit by digit. */
export interface SpokenFinding {
  type: RedactionEntityType;
  value: string;
  tokens: number[];
}

/** Card lengths, most common first. */
const CARD_LENGTHS = [16, 15, 19, 18, 17];
/** How many tokens after a card number its expiry and security code may follow without being named. */
const NEAR_CARD = 10;
/** How long after a card number (in tokens) the conversation still talks about the card. */
const CARD_TALK = 60;
/** How close before a number a word naming it (expiry, security code) must stand. */
const NAMED_WITHIN = 8;
/**
 * A security code is asked for, then answered after fillers ("cvv, please." — "um, well, it's 170"): its name may
 * stand further back, counting the punctuation between.
 */
const CODE_NAMED_WITHIN = 12;

/**
 * Finds card numbers, expiry dates, security codes, IBANs, identity numbers, dates of birth, phone numbers and
 * bank accounts in the conversation's digit runs, deciding between look-alikes by check digits and by the
 * words said before them. `claimed` holds the tokens already taken (written finds); it grows.
 */
export function findSpoken(
  tokens: readonly Token[],
  runs: readonly DigitRun[],
  claimed: Set<number>,
  region: CountryCode | null,
  now: Date,
): SpokenFinding[] {
  const found: SpokenFinding[] = [];
  const take = (type: RedactionEntityType, value: string, tokenList: number[]) => {
    for (const token of tokenList) claimed.add(token);
    found.push({ type, value, tokens: [...new Set(tokenList)] });
  };
  const cards: Array<{ end: number; amex: boolean }> = [];

  // IBANs said after their country letters, then card numbers: check digits are strong evidence, and a card
  // sets the context for the expiry and security code that follow it.
  for (const run of runs) {
    for (const [a, b] of freeSlices(run, claimed)) {
      const country = ibanCountryBefore(tokens, run.tokenOf[a]!);
      const length = country ? spokenIbanDigits(country.code) : null;
      if (!country || !length || a + length > b || !endsToken(run, a + length)) continue;
      const digits = run.digits.slice(a, a + length);
      if (isSpokenIban(country.code, digits)) {
        take('iban', `${country.code}${digits}`, [...country.tokens, ...run.tokenOf.slice(a, a + length)]);
      }
    }
  }
  for (const run of runs) {
    for (const [a, b] of freeSlices(run, claimed)) {
      const first = run.tokenOf[a]!;
      if (nearestOf(tokens, first, ['card', 'reference']) === 'reference') continue;
      // A card number starts where the number starts; the whole number may be 13 or 14 digits, a card with
      // its expiry and code after it is 15–19.
      const length =
        isCardNumber(run.digits.slice(a, b)) && b - a >= 13
          ? b - a
          : CARD_LENGTHS.find(
              (n) =>
                n >= 15 &&
                a + n <= b &&
                b - (a + n) <= 10 &&
                endsToken(run, a + n) &&
                isCardNumber(run.digits.slice(a, a + n)),
            );
      if (!length) continue;
      const digits = run.digits.slice(a, a + length);
      take('card_number', digits, run.tokenOf.slice(a, a + length));
      cards.push({ end: run.tokenOf[a + length - 1]!, amex: /^3[47]/.test(digits) && length === 15 });
    }
  }

  findBirthDatesByMonth(tokens, runs, claimed, now, take);

  const cardBefore = (token: number, within: number) =>
    cards.find((card) => card.end < token && token - card.end <= within) ?? null;
  for (const run of runs) {
    for (const [a, b] of freeSlices(run, claimed)) {
      let start = a;
      const first = run.tokenOf[a]!;
      if (writtenAsDecimal(tokens, run, a, b)) continue;
      const named = (kind: ContextKind) => saidAs(tokens, first, kind, NAMED_WITHIN);
      const card = cardBefore(first, CARD_TALK);
      const codeAsked = saidAs(tokens, first, 'securityCode', CODE_NAMED_WITHIN);
      if (card || named('card') || named('expiry') || codeAsked) {
        let nearCard = cardBefore(first, NEAR_CARD) !== null;
        for (const length of [4, 6]) {
          const digits = run.digits.slice(start, start + length);
          if (
            (nearCard || named('expiry')) &&
            start + length <= b &&
            endsToken(run, start + length) &&
            isCardExpiry(digits) &&
            !writtenAsDate(tokens, run, start, start + length)
          ) {
            take('card_expiry', digits, run.tokenOf.slice(start, start + length));
            start += length;
            nearCard = true;
            break;
          }
        }
        const codeAt = run.tokenOf[start] ?? first;
        // "Social security number" names an identity number, not a card's code.
        const codeNamed =
          saidAs(tokens, codeAt, 'securityCode', CODE_NAMED_WITHIN) &&
          nearestOf(tokens, codeAt, ['securityCode', 'nationalId']) !== 'nationalId';
        // A named code ends where its piece ends, even when the next message starts with a number.
        const end = codeNamed ? pieceEnd(tokens, run, start, b) : b;
        const code = run.digits.slice(start, end);
        const yearLike =
          /^(19|20)\d\d$/.test(code) && !saidAs(tokens, run.tokenOf[start] ?? first, 'securityCode', 3);
        const fits = code.length === 3 || (code.length === 4 && (codeNamed || card?.amex === true));
        if (start < end && fits && !yearLike && (codeNamed || nearCard)) {
          take('card_security_code', code, run.tokenOf.slice(start, end));
          if (end === b) continue;
          start = end;
        }
      }
      if (start < b) classifyNumber(tokens, run, start, b, region, now, take);
    }
  }
  return found;
}

type Take = (type: RedactionEntityType, value: string, tokens: number[]) => void;

const DECIDING: ContextKind[] = ['birth', 'nationalId', 'account', 'phone', 'reference'];

/** Whatever a number that is not part of a card is: decided by the nearest word that names it, then by its digits. */
function classifyNumber(
  tokens: readonly Token[],
  run: DigitRun,
  a: number,
  b: number,
  region: CountryCode | null,
  now: Date,
  take: Take,
) {
  const digits = run.digits.slice(a, b);
  const tokenList = run.tokenOf.slice(a, b);
  const first = tokenList[0]!;
  const last = tokenList.at(-1)!;

  const letter = tokens[last + 1];
  const nieLetter = tokens[first - 1];
  const before = nieLetter?.kind === 'word' && /^[xyz]$/i.test(nieLetter.text) ? nieLetter.text : null;
  if (letter?.kind === 'word' && letter.text.length === 1 && isSpokenSpanishId(before, digits, letter.text)) {
    const letters = before === null ? [last + 1] : [first - 1, last + 1];
    take('national_id', `${before ?? ''}${digits}${letter.text}`.toUpperCase(), [...tokenList, ...letters]);
    return;
  }

  const nearest = nearestOf(tokens, first, DECIDING);
  if (nearest === 'reference') return;
  if (writtenAsDate(tokens, run, a, b)) {
    if (nearest === 'birth' && isBirthDate(digits, now)) take('date_of_birth', digits, tokenList);
    return;
  }
  const id = numericIdStrength(digits);
  const phone = isPhone(digits, run.plus !== null, region, nearest === 'phone' || digits.startsWith('0'));
  if (nearest === 'birth' && isBirthDate(digits, now)) take('date_of_birth', digits, tokenList);
  else if (nearest === 'nationalId' && (id || looksLikeSsn(run, a, b)))
    take('national_id', digits, tokenList);
  else if (nearest === 'account' && digits.length >= 6 && digits.length <= 18)
    take('bank_account', digits, tokenList);
  else if (nearest === 'phone' && phone) take('phone_number', digits, withPlus(run, tokenList));
  else if (
    (id === 'strong' || (id && looksLikeSsn(run, a, b))) &&
    nearest !== 'phone' &&
    nearest !== 'account'
  )
    take('national_id', digits, tokenList);
  else if (phone && nearest !== 'account') take('phone_number', digits, withPlus(run, tokenList));
}

function nearestOf(tokens: readonly Token[], at: number, kinds: readonly ContextKind[]): ContextKind | null {
  let best: { kind: ContextKind; distance: number } | null = null;
  for (const kind of kinds) {
    const distance = distanceBack(tokens, at, kind);
    if (distance !== null && (!best || distance < best.distance)) best = { kind, distance };
  }
  return best?.kind ?? null;
}

/**
 * A phone number: with "+" or "00" anywhere; in the project's region; or in one of the UI languages' countries
 * when `hinted` (named as a phone, or starting with a trunk prefix 0).
 */
function isPhone(digits: string, plus: boolean, region: CountryCode | null, hinted: boolean): boolean {
  if (plus || digits.startsWith('00')) return isPhoneIn(digits, true, region ?? 'US');
  if (region && isPhoneIn(digits, false, region)) return true;
  return hinted && UI_REGIONS.some((other) => isPhoneIn(digits, false, other));
}

const withPlus = (run: DigitRun, tokenList: number[]) =>
  run.plus === null ? tokenList : [run.plus, ...tokenList];

/**
 * A date written with separators (12/03/2027, 03.12.2027, 2027-12-03): a delivery or renewal date is no
 * phone number or account; it is personal only as a date of birth.
 */
function writtenAsDate(tokens: readonly Token[], run: DigitRun, a: number, b: number): boolean {
  const groups: Array<{ length: number; token: number }> = [];
  for (let i = a; i < b; i++) {
    if (i === a || run.tokenOf[i] !== run.tokenOf[i - 1]) groups.push({ length: 0, token: run.tokenOf[i]! });
    groups.at(-1)!.length++;
  }
  const lengths = groups.map((group) => group.length).join('-');
  if (!/^([12]-[12]-(2|4)|4-[12]-[12])$/.test(lengths)) return false;
  return groups.slice(1).every((group) => {
    const between = tokens[group.token - 1];
    return (
      between?.kind === 'symbol' && /^[./-]$/.test(between.norm) && tokens[group.token - 2]?.kind === 'digits'
    );
  });
}

/** A price or a quantity written with decimals ("6,49", "12.50"). */
function writtenAsDecimal(tokens: readonly Token[], run: DigitRun, a: number, b: number): boolean {
  const split = run.tokenOf.slice(a, b).findIndex((token, i, all) => i > 0 && token !== all[i - 1]);
  if (split < 1 || b - a - split !== 2 || split > 4) return false;
  const tail = run.tokenOf[a + split]!;
  if (run.tokenOf.slice(a + split, b).some((token) => token !== tail)) return false;
  return /^[.,]$/.test(tokens[tail - 1]?.norm ?? '') && tokens[tail - 2]?.kind === 'digits';
}

/** Written as an SSN is: 3-2-4 digit groups. */
function looksLikeSsn(run: DigitRun, a: number, b: number): boolean {
  if (b - a !== 9) return false;
  const groups: number[] = [];
  for (let i = a; i < b; i++) {
    if (i === a || run.tokenOf[i] !== run.tokenOf[i - 1]) groups.push(0);
    groups[groups.length - 1]!++;
  }
  return groups.join('-') === '3-2-4';
}

/** A country code said or written before an IBAN's digits: "DE", or "D E". */
function ibanCountryBefore(
  tokens: readonly Token[],
  first: number,
): { code: string; tokens: number[] } | null {
  const one = tokens[first - 1];
  const two = tokens[first - 2];
  if (one?.kind === 'word' && /^[A-Z]{2}$/.test(one.text)) return { code: one.text, tokens: [first - 1] };
  if (
    one?.kind === 'word' &&
    two?.kind === 'word' &&
    /^[A-Z]$/i.test(one.text) &&
    /^[A-Z]$/i.test(two.text)
  ) {
    return { code: `${two.text}${one.text}`.toUpperCase(), tokens: [first - 2, first - 1] };
  }
  return null;
}

/**
 * Dates of birth said with the month's name ("12 March 1985", "March 12, 1985", "12 березня 1985 року"):
 * a month word after a birth word, with the day and year in the digit runs around it.
 */
function findBirthDatesByMonth(
  tokens: readonly Token[],
  runs: readonly DigitRun[],
  claimed: Set<number>,
  now: Date,
  take: Take,
) {
  const runAt = new Map<number, DigitRun>();
  for (const run of runs) for (const token of run.tokenOf) runAt.set(token, run);
  tokens.forEach((token, at) => {
    const month = token.kind === 'word' ? monthOf(token.norm) : null;
    if (!month || claimed.has(at) || !saidAs(tokens, at, 'birth')) return;
    const before = runNear(tokens, runAt, at, -1);
    const after = runNear(tokens, runAt, at, 1);
    if (!after) return;
    const tail = after.digits.slice(-4);
    const dayDigits = before?.digits ?? after.digits.slice(0, -4);
    const year = Number(tail);
    const day = Number(dayDigits);
    if (tail.length !== 4 || dayDigits.length < 1 || dayDigits.length > 2) return;
    if (year > now.getUTCFullYear() || year < now.getUTCFullYear() - 120 || !isRealDay(year, month, day))
      return;
    const tokenList = [...(before?.tokenOf ?? []), at, ...after.tokenOf].filter((t) => !claimed.has(t));
    take(
      'date_of_birth',
      `${tail}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      tokenList,
    );
  });
}

/** The digit run that ends (direction -1) or starts (+1) within three tokens of `at`, skipping "of", "th", ",". */
function runNear(tokens: readonly Token[], runAt: Map<number, DigitRun>, at: number, direction: -1 | 1) {
  for (let step = 1; step <= 3; step++) {
    const index = at + direction * step;
    const run = runAt.get(index);
    if (run) return direction === -1 && run.tokenOf.at(-1) !== index ? null : run;
    const token = tokens[index];
    if (!token || (token.kind === 'digits' && !run)) return null;
  }
  return null;
}

/** The [start, end) digit ranges of a run whose tokens nobody has taken yet. */
function freeSlices(run: DigitRun, claimed: ReadonlySet<number>): Array<[number, number]> {
  const slices: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= run.digits.length; i++) {
    const free = i < run.digits.length && !claimed.has(run.tokenOf[i]!);
    if (free && start < 0) start = i;
    if (!free && start >= 0) {
      slices.push([start, i]);
      start = -1;
    }
  }
  return slices;
}

/** Where the piece (segment or message) of digit `start` ends within the run: at `b` when the run is one piece. */
function pieceEnd(tokens: readonly Token[], run: DigitRun, start: number, b: number): number {
  const piece = tokens[run.tokenOf[start]!]!.piece;
  for (let i = start + 1; i < b; i++) if (tokens[run.tokenOf[i]!]!.piece !== piece) return i;
  return b;
}

const endsToken = (run: DigitRun, i: number) =>
  i === run.digits.length || run.tokenOf[i] !== run.tokenOf[i - 1];
