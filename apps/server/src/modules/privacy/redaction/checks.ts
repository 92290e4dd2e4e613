import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { stdnum, type Validator } from 'stdnum';

/** Payment card numbers: 13–19 digits from an issuer range (2–6), Luhn check digit (ISO/IEC 7812). */
export function isCardNumber(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19 || !/^[2-6]/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card's expiry as said: MMYY or MMYYYY (20YY). */
export function isCardExpiry(digits: string): boolean {
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return false;
  return digits.length === 4 || (digits.length === 6 && digits.startsWith('20', 2));
}

const valid = (validator: Validator | undefined, value: string) =>
  validator?.validate(value).isValid === true;

/**
 * National identity numbers of the UI languages' countries, by digit count. Strong ones have check digits
 * and a structure (a birth date) that few other numbers pass; weak ones (a format or one mod-11 digit) are
 * taken only where the conversation says it is an identity number.
 */
const NUMERIC_IDS: Array<{ length: number; validator: Validator; strong: boolean }> = [
  { length: 9, validator: stdnum.US!.ssn!, strong: false },
  { length: 9, validator: stdnum.PT!.nif!, strong: false },
  { length: 10, validator: stdnum.UA!.rntrc!, strong: false },
  { length: 10, validator: stdnum.BG!.egn!, strong: true },
  { length: 11, validator: stdnum.PL!.pesel!, strong: true },
  { length: 11, validator: stdnum.TR!.tckimlik!, strong: true },
  { length: 11, validator: stdnum.DE!.idnr!, strong: true },
  { length: 15, validator: stdnum.FR!.nir!, strong: true },
];

export type IdStrength = 'strong' | 'weak' | null;

export function numericIdStrength(digits: string): IdStrength {
  let found: IdStrength = null;
  for (const id of NUMERIC_IDS) {
    if (id.length !== digits.length || !valid(id.validator, digits)) continue;
    if (id.strong) return 'strong';
    found = 'weak';
  }
  return found;
}

/** Identity numbers with letters, as written (UK National Insurance, Spanish DNI and NIE, Italian codice fiscale). */
export const LETTER_IDS: Array<{ pattern: RegExp; validator: Validator }> = [
  { pattern: /\b[A-Z]{2}[ -]?\d{2}[ -]?\d{2}[ -]?\d{2}[ -]?[A-D]\b/giu, validator: stdnum.GB!.nino! },
  { pattern: /\b[XYZ][ -]?\d{7}[ -]?[A-Z]\b/giu, validator: stdnum.ES!.nie! },
  { pattern: /\b\d{8}[ -]?[A-Z]\b/giu, validator: stdnum.ES!.dni! },
  {
    pattern: /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/giu,
    validator: stdnum.IT!.codicefiscale!,
  },
];

export const isValidId = (validator: Validator, value: string) => valid(validator, value.toUpperCase());

/** The Spanish DNI said aloud (eight digits and the control letter), or the NIE (X, Y or Z, seven digits, the letter). */
export function isSpokenSpanishId(before: string | null, digits: string, letter: string): boolean {
  if (before !== null)
    return digits.length === 7 && valid(stdnum.ES!.nie, `${before}${digits}${letter}`.toUpperCase());
  return digits.length === 8 && valid(stdnum.ES!.dni, `${digits}${letter.toUpperCase()}`);
}

/** The countries of the eleven UI languages, where a number without a country code is tried. */
export const UI_REGIONS: CountryCode[] = [
  'US',
  'GB',
  'UA',
  'PL',
  'RU',
  'ES',
  'DE',
  'PT',
  'IT',
  'FR',
  'TR',
  'BG',
];

/** A valid phone number: international ("+" or "00"), or national in `region`. */
export function isPhoneIn(digits: string, plus: boolean, region: CountryCode): boolean {
  if (digits.length < 7 || digits.length > 15) return false;
  const international = plus ? `+${digits}` : digits.startsWith('00') ? `+${digits.slice(2)}` : null;
  const phone = parsePhoneNumberFromString(international ?? digits, region);
  return phone?.isValid() === true;
}

/** A date of birth as digits: DDMMYYYY, MMDDYYYY, YYYYMMDD or DDMMYY, a real day in the last 120 years. */
export function isBirthDate(digits: string, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  const candidates: Array<[number, number, number]> =
    digits.length === 8
      ? [
          [Number(digits.slice(4)), Number(digits.slice(2, 4)), Number(digits.slice(0, 2))],
          [Number(digits.slice(4)), Number(digits.slice(0, 2)), Number(digits.slice(2, 4))],
          [Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6))],
        ]
      : digits.length === 6
        ? [[fullYear(Number(digits.slice(4)), year), Number(digits.slice(2, 4)), Number(digits.slice(0, 2))]]
        : [];
  return candidates.some(([y, m, d]) => y > year - 120 && y <= year && isRealDay(y, m, d));
}

/** A two-digit year of birth: this century up to this year, the last one after it. */
const fullYear = (short: number, year: number) => (short <= year % 100 ? 2000 : 1900) + short;

export function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
