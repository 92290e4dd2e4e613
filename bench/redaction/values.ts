/**
 * Valid personal and card data for the redaction corpus: every value is built with its own check digits (Luhn,
 * mod 97, the national ids' rules) and then confirmed with stdnum, ibantools or libphonenumber-js.
 */
import { isValidIBAN } from 'ibantools';
import { type CountryCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { stdnum } from 'stdnum';
import type { Random } from './random.ts';

export type Language = 'en' | 'uk' | 'pl' | 'ru' | 'es' | 'de' | 'pt' | 'it' | 'fr' | 'tr' | 'bg';

/** A value is tried until it passes its validator: a guard against an endless loop in a broken rule. */
function until<T>(make: () => T, ok: (value: T) => boolean): T {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const value = make();
    if (ok(value)) return value;
  }
  throw new Error('no valid value in 10,000 attempts');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function withLuhn(body: string): string {
  for (let check = 0; check < 10; check++) if (luhnValid(`${body}${check}`)) return `${body}${check}`;
  throw new Error('unreachable');
}

export type CardBrand = 'visa' | 'mastercard' | 'amex';

export function cardNumber(random: Random, brand: CardBrand): string {
  if (brand === 'visa') return withLuhn(`4${random.digits(14)}`);
  if (brand === 'mastercard') return withLuhn(`5${random.int(1, 5)}${random.digits(13)}`);
  return withLuhn(`3${random.pick(['4', '7'])}${random.digits(12)}`);
}

/** A 16-digit number that looks like a Visa number but fails Luhn. */
export function nonLuhnNumber(random: Random): string {
  const valid = cardNumber(random, 'visa');
  return `${valid.slice(0, 15)}${(Number(valid[15]) + random.int(1, 9)) % 10}`;
}

export interface CardExpiry {
  month: string;
  year: string;
}

export const cardExpiry = (random: Random): CardExpiry => ({
  month: String(random.int(1, 12)).padStart(2, '0'),
  year: String(random.int(27, 32)),
});

/** IBAN countries and their BBAN shape: n a digit, a an upper-case letter, other characters as they are. */
const BBAN_SHAPES: Record<string, string> = {
  DE: 'nnnnnnnnnnnnnnnnnn',
  PL: 'nnnnnnnnnnnnnnnnnnnnnnnn',
  ES: 'nnnnnnnnnnnnnnnnnnnn',
  FR: 'nnnnnnnnnnnnnnnnnnnnnnn',
  IT: 'annnnnnnnnnnnnnnnnnnnnn',
  PT: 'nnnnnnnnnnnnnnnnnnnnn',
  TR: 'nnnnn0nnnnnnnnnnnnnnnn',
  BG: 'aaaannnnnnnnnnnnnn',
  UA: 'nnnnnnnnnnnnnnnnnnnnnnnnn',
  GB: 'aaaannnnnnnnnnnnnn',
};
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function mod97(text: string): number {
  const numeric = text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

export function iban(random: Random, country: string): string {
  const shape = BBAN_SHAPES[country];
  if (!shape) throw new Error(`no IBAN shape for ${country}`);
  const make = () => {
    const bban = [...shape]
      .map((char) => (char === 'n' ? random.digits(1) : char === 'a' ? random.pick([...LETTERS]) : char))
      .join('');
    const check = String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
    return `${country}${check}${bban}`;
  };
  return until(make, isValidIBAN);
}

export interface NationalId {
  value: string;
  /** How it is written: groups of characters. */
  groups: number[];
}

const sumWeighted = (digits: string, weights: number[]) =>
  weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A birth date between 1950 and 2004, as year, month and day. */
export function birthDate(random: Random): { year: number; month: number; day: number } {
  const year = random.int(1950, 2004);
  const month = random.int(1, 12);
  const day = random.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return { year, month, day };
}

function ssn(random: Random): string {
  return `${pad(random.int(1, 665), 3)}${pad(random.int(1, 99))}${pad(random.int(1, 9999), 4)}`;
}

function nino(random: Random): string {
  const first = random.pick([...'ABCEGHJKLMNOPRSTWXYZ']);
  const second = random.pick([...'ABCEGHJKLMNPRSTWXYZ']);
  return `${first}${second}${random.digits(6)}${random.pick(['A', 'B', 'C', 'D'])}`;
}

function rnokpp(random: Random): string {
  const { year, month, day } = birthDate(random);
  const days = Math.round((Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 31)) / 86_400_000);
  const body = `${pad(days, 5)}${random.digits(4)}`;
  const rest = ((sumWeighted(body, [-1, 5, 7, 9, 4, 6, 10, 5, 7]) % 11) + 11) % 11;
  return `${body}${rest % 10}`;
}

function pesel(random: Random): string {
  const { year, month, day } = birthDate(random);
  const body = `${pad(year % 100)}${pad(month + (year >= 2000 ? 20 : 0))}${pad(day)}${random.digits(4)}`;
  return `${body}${(10 - (sumWeighted(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10}`;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function dni(random: Random): string {
  const digits = random.digits(8);
  return `${digits}${DNI_LETTERS[Number(digits) % 23]}`;
}

function nie(random: Random): string {
  const prefix = random.int(0, 2);
  const digits = random.digits(7);
  return `${'XYZ'[prefix]}${digits}${DNI_LETTERS[Number(`${prefix}${digits}`) % 23]}`;
}

/** German tax id: ten digits, one of them twice, the rest once; ISO 7064 mod 11,10. */
function steuerId(random: Random): string {
  const missing = random.int(0, 9);
  const present = [...'0123456789'].filter((digit) => Number(digit) !== missing);
  const body = random.shuffle([...present, random.pick(present)]).join('');
  let product = 10;
  for (const digit of body) {
    const sum = (Number(digit) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return `${body}${(11 - product) % 10}`;
}

function portugueseNif(random: Random): string {
  const body = `${random.int(1, 2)}${random.digits(7)}`;
  const rest = sumWeighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return `${body}${rest < 2 ? 0 : 11 - rest}`;
}

const FISCAL_MONTHS = 'ABCDEHLMPRST';
const FISCAL_ODD = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
const CONSONANTS = 'BCDFGHLMNPRSTVZ';

function codiceFiscale(random: Random): string {
  const { year, month, day } = birthDate(random);
  const female = random.int(0, 1) === 1;
  const name = Array.from({ length: 6 }, () => random.pick([...CONSONANTS])).join('');
  const place = `${random.pick(['H', 'F', 'L', 'A'])}${random.digits(3)}`;
  const body = `${name}${pad(year % 100)}${FISCAL_MONTHS[month - 1]}${pad(day + (female ? 40 : 0))}${place}`;
  let sum = 0;
  [...body].forEach((char, i) => {
    const index = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? FISCAL_ODD[index]! : index;
  });
  return `${body}${LETTERS[sum % 26]}`;
}

function nir(random: Random): string {
  const { year, month } = birthDate(random);
  const body = `${random.int(1, 2)}${pad(year % 100)}${pad(month)}${pad(random.int(1, 95))}${pad(random.int(1, 999), 3)}${pad(random.int(1, 999), 3)}`;
  return `${body}${pad(97 - Number(BigInt(body) % 97n))}`;
}

function tcKimlik(random: Random): string {
  const nine = `${random.int(1, 9)}${random.digits(8)}`;
  const odd = sumWeighted(nine, [1, 0, 1, 0, 1, 0, 1, 0, 1]);
  const even = sumWeighted(nine, [0, 1, 0, 1, 0, 1, 0, 1, 0]);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const ten = `${nine}${tenth}`;
  return `${ten}${[...ten].reduce((sum, digit) => sum + Number(digit), 0) % 10}`;
}

function egn(random: Random): string {
  const { year, month, day } = birthDate(random);
  const body = `${pad(year % 100)}${pad(month + (year >= 2000 ? 40 : 0))}${pad(day)}${random.digits(3)}`;
  return `${body}${(sumWeighted(body, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10}`;
}

export type IdScheme =
  | 'ssn'
  | 'nino'
  | 'rnokpp'
  | 'pesel'
  | 'dni'
  | 'nie'
  | 'steuer_id'
  | 'nif'
  | 'codice_fiscale'
  | 'nir'
  | 'tc_kimlik'
  | 'egn';

const ID_MAKERS: Record<IdScheme, { make: (random: Random) => string; groups: number[] }> = {
  ssn: { make: ssn, groups: [3, 2, 4] },
  nino: { make: nino, groups: [2, 2, 2, 2, 1] },
  rnokpp: { make: rnokpp, groups: [10] },
  pesel: { make: pesel, groups: [11] },
  dni: { make: dni, groups: [9] },
  nie: { make: nie, groups: [9] },
  steuer_id: { make: steuerId, groups: [2, 3, 3, 3] },
  nif: { make: portugueseNif, groups: [3, 3, 3] },
  codice_fiscale: { make: codiceFiscale, groups: [16] },
  nir: { make: nir, groups: [1, 2, 2, 2, 3, 3, 2] },
  tc_kimlik: { make: tcKimlik, groups: [11] },
  egn: { make: egn, groups: [10] },
};

/** The stdnum validator of each scheme: the corpus's test checks every id with it. */
export const ID_VALIDATORS = {
  ssn: stdnum.US!.ssn!,
  nino: stdnum.GB!.nino!,
  rnokpp: stdnum.UA!.rntrc!,
  pesel: stdnum.PL!.pesel!,
  dni: stdnum.ES!.dni!,
  nie: stdnum.ES!.nie!,
  steuer_id: stdnum.DE!.idnr!,
  nif: stdnum.PT!.nif!,
  codice_fiscale: stdnum.IT!.codicefiscale!,
  nir: stdnum.FR!.nir!,
  tc_kimlik: stdnum.TR!.tckimlik!,
  egn: stdnum.BG!.egn!,
} satisfies Record<IdScheme, unknown>;

export function nationalId(random: Random, scheme: IdScheme): NationalId {
  const { make, groups } = ID_MAKERS[scheme];
  const value = until(
    () => make(random),
    (candidate) => ID_VALIDATORS[scheme].validate(candidate).isValid,
  );
  return { value, groups };
}

/** A valid mobile number of the country: its example number with the last five digits changed. */
export function phoneNumber(random: Random, country: CountryCode) {
  const example = getExampleNumber(country, mobileExamples)!;
  const national = String(example.nationalNumber);
  const phone = until(
    () => parsePhoneNumberFromString(`${national.slice(0, -5)}${random.digits(5)}`, country),
    (candidate) =>
      candidate?.isValid() === true && ['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(candidate.getType() ?? ''),
  )!;
  return phone;
}
