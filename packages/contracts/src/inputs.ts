import { z } from 'zod';
import { dayInRange } from './dates.ts';

// The ids, numbers and days the API takes (issue 30: one request must never stall everyone). Each is finite
// and bounded, so what reaches a query fits its column and what a handler computes with stays finite; text
// (a path, a query, a form field) is read as plain decimal digits only: no exponent, hex, 'Infinity' or
// fraction where a whole number is meant. The server's error map words their issues (`params.input`).

/** The longest email address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An email address as typed: trimmed, lowercased, checked. */
export const EmailAddress = z
  .string()
  .max(EMAIL_MAX_LENGTH, 'Please enter a valid email address')
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** Largest value of PostgreSQL's integer: serial ids and integer columns. */
export const PG_INTEGER_MAX = 2_147_483_647;

/** What kind of input a custom issue of these schemas is about, for the message that names the field. */
export type InputIssueParams =
  | { input: 'id'; max: number }
  | { input: 'whole' }
  | { input: 'decimal' }
  | { input: 'day' }
  | { input: 'timestamp' };

const ID_TEXT = /^[1-9]\d*$/;
const WHOLE_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

const refuse = (context: z.RefinementCtx, value: unknown, params: InputIssueParams, message?: string) => {
  context.addIssue({ code: 'custom', input: value, params, ...(message ? { message } : {}) });
  return z.NEVER;
};

/** Reads an id from 1 to `max` written in decimal digits only, refusing anything else. */
const toId =
  (max: number, message: string | undefined) =>
  (value: number | string, context: z.RefinementCtx): number => {
    const text = String(value);
    const id = ID_TEXT.test(text) ? Number(text) : Number.NaN;
    return id <= max ? id : refuse(context, value, { input: 'id', max }, message);
  };

/**
 * An id: a whole number from 1 to `max` (PostgreSQL's integer; pass Number.MAX_SAFE_INTEGER for a bigserial
 * column), written with decimal digits only, so '0x10', '1e0', '01' and '1.0' are not ids. A JSON number is
 * read as the text it is written as. `message` replaces the one naming the field.
 */
export function idSchema(max = PG_INTEGER_MAX, message?: string) {
  return z
    .union([z.number(), z.string()], message ? { error: message } : undefined)
    .meta(idBounds(max))
    .transform(toId(max, message));
}

/**
 * What the OpenAPI document says of an id's bounds (a JSON number's and its text's), as the transform checks
 * them: the schema is a union refined in code, whose limits zod cannot derive.
 */
function idBounds(max: number) {
  return { minimum: 1, maximum: max, maxLength: String(max).length, pattern: ID_TEXT.source };
}

/** The id of a row of a serial column (projects, prompts, analyses …). */
export const Id = idSchema();

/**
 * An id or null (null clears it). Each choice is nullable itself: OpenAPI 3.0 wants a type beside `nullable`,
 * which a union has not.
 */
export const NullableId = z
  .union([z.number().nullable(), z.string().nullable()])
  .meta(idBounds(PG_INTEGER_MAX))
  .transform((value, context) => (value === null ? null : toId(PG_INTEGER_MAX, undefined)(value, context)));

/** The id a raw input holds, or null (for checks that run before the route's validation). */
export function idFrom(value: unknown): number | null {
  const result = Id.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * A number as JSON carries it, or its text in plain decimal digits matching `pattern`, at most `maxLength`
 * characters (the OpenAPI document states the bounds: a union refined in code has none zod could derive).
 */
function numberOf(
  pattern: RegExp,
  params: InputIssueParams,
  bounds: { min: number; max: number; maxLength: number },
) {
  return z
    .union([z.number(), z.string()])
    .meta({ minimum: bounds.min, maximum: bounds.max, maxLength: bounds.maxLength, pattern: pattern.source })
    .transform((value, context) => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      return text.length <= bounds.maxLength && pattern.test(text)
        ? Number(text)
        : refuse(context, value, params);
    });
}

/** Characters of the longest decimal text of a number in [min, max]: its digits, sign and point. */
const DECIMAL_TEXT_MAX = 32;

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max: number) {
  const maxLength = Math.max(String(min).length, String(max).length);
  return numberOf(WHOLE_TEXT, { input: 'whole' }, { min, max, maxLength }).pipe(
    z.number().int().min(min).max(max),
  );
}

/** A number from `min` to `max` (finite by its bounds). */
export function decimalNumber(min: number, max: number) {
  return numberOf(DECIMAL_TEXT, { input: 'decimal' }, { min, max, maxLength: DECIMAL_TEXT_MAX }).pipe(
    z.number().min(min).max(max),
  );
}

/** '2026-12-05T09:30:00.123456789+05:30': nanoseconds are the finest any system writes. */
const TIMESTAMP_MAX_LENGTH = 35;

/**
 * A date and time with its offset (ISO 8601) on a day from DAY_MIN to DAY_MAX in UTC, e.g. when an analysis is
 * scheduled.
 */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .max(TIMESTAMP_MAX_LENGTH)
  .refine(
    (value) => {
      const time = Date.parse(value);
      return Number.isFinite(time) && dayInRange(new Date(time).toISOString().slice(0, 10));
    },
    { params: { input: 'timestamp' } satisfies InputIssueParams },
  );

/**
 * A day 'YYYY-MM-DD' of a date filter, from DAY_MIN to DAY_MAX: years PostgreSQL and JavaScript both represent
 * alike (no year 0, no day that a time zone moves before year 1).
 */
export const Day = z.iso
  .date()
  .max('YYYY-MM-DD'.length)
  .refine(dayInRange, { params: { input: 'day' } satisfies InputIssueParams });
