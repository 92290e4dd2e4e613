import type { RedactionEntityType } from '@parley/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import {
  isBirthDate,
  isCardExpiry,
  isCardNumber,
  isPhoneIn,
  isRealDay,
  isSpanishDni,
  numericIdStrength,
  UI_REGIONS,
} from './checks.ts';
import { type ContextKind, distanceBack, saidAs } from './context.ts';
import { monthOf } from './months.ts';
import type { DigitRun, Token } from './tokens.ts';
import { isSpokenIban } from './written.ts';

/** A value found in the conversation's tokens, said or written digit by digit. */
export interface SpokenFinding {
  type: RedactionEntityType;
  value: string;
  tokens: number[];
}

/** Preferred card lengths, most common first. */
const CARD_LENGTHS = [16, 15, 19, 18, 17, 14, 13];
/** How many tokens after a card number its expiry and security code may follow without being named. */
const NEAR_CARD = 10;
/** How long after a card number (in tokens) the conversation still talks about the card. */
const CARD_TALK = 60;

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
  const cardEnds: number[] = [];

  // Card numbers first: their check digit is strong evidence, and they set the context for what follows.
  for (const run of runs) {
    for (const [a, b] of freeSlices(run, claimed)) {
      for (let i = a; i <= b - 13; i++) {
        if (!mayStartCard(run, i, a)) continue;
        const length = CARD_LENGTHS.find(
          (n) => i + n <= b && endsToken(run, i + n) && isCardNumber(run.digits.slice(i, i + n)),
        );
        if (!length) continue;
        take('card_number', run.digits.slice(i, i + length), run.tokenOf.slice(i, i + length));
        cardEnds.push(run.tokenOf[i + length - 1]!);
        i += length - 1;
      }
    }
  }

  findBirthDatesByMonth(tokens, runs, claimed, now, take);

  const cardBefore = (token: number, within: number) =>
    cardEnds.some((end) => end < token && token - end <= within);
  for (const run of runs) {
    for (const [a, b] of freeSlices(run, claimed)) {
      let start = a;
      const first = run.tokenOf[a]!;
      const cardTalk = cardBefore(first, CARD_TALK) || saidAs(tokens, first, 'card');
      if (cardTalk) {
        let nearCard = cardBefore(first, NEAR_CARD);
        for (const length of [4, 6]) {
          const digits = run.digits.slice(start, start + length);
          if (
            (nearCard || saidAs(tokens, first, 'expiry')) &&
            start + length <= b &&
            endsToken(run, start + length) &&
            isCardExpiry(digits)
          ) {
            take('card_expiry', digits, run.tokenOf.slice(start, start + length));
            start += length;
            nearCard = true;
            break;
          }
        }
        const rest = b - start;
        if (
          (rest === 3 || rest === 4) &&
          (saidAs(tokens, run.tokenOf[start]!, 'securityCode') || (nearCard && rest === 3))
        ) {
          take('card_security_code', run.digits.slice(start, b), run.tokenOf.slice(start, b));
          continue;
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

  const country = ibanCountryBefore(tokens, first);
  if (country && isSpokenIban(country.code, digits)) {
    take('iban', `${country.code}${digits}`, [...country.tokens, ...tokenList]);
    return;
  }
  const letter = tokens[last + 1];
  if (letter?.kind === 'word' && letter.text.length === 1 && isSpanishDni(digits, letter.text)) {
    take('national_id', `${digits}${letter.text.toUpperCase()}`, [...tokenList, last + 1]);
    return;
  }

  const nearest = nearestKind(tokens, first);
  if (nearest === 'reference') return;
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

function nearestKind(tokens: readonly Token[], at: number): ContextKind | null {
  let best: { kind: ContextKind; distance: number } | null = null;
  for (const kind of DECIDING) {
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

/**
 * A card number starts where its slice of digits starts, after a pause (a separator or filler between the
 * tokens) or at a written group of digits: never inside a string of digits said one by one, where some
 * 13-digit window of almost any longer number passes the check digit.
 */
function mayStartCard(run: DigitRun, i: number, sliceStart: number): boolean {
  if (i === sliceStart) return true;
  if (!startsToken(run, i)) return false;
  return run.tokenOf[i]! - run.tokenOf[i - 1]! > 1 || run.tokenOf[i + 1] === run.tokenOf[i];
}

const startsToken = (run: DigitRun, i: number) => i === 0 || run.tokenOf[i] !== run.tokenOf[i - 1];
const endsToken = (run: DigitRun, i: number) =>
  i === run.digits.length || run.tokenOf[i] !== run.tokenOf[i - 1];
