import { DAY_MAX, DAY_MIN, type InputIssueParams } from '@parley/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type AppError, badRequest } from '../errors.ts';
import { refuseInvalidInput } from './text-guard.ts';

/** Words that read as acronyms in a label. */
const ACRONYMS = new Set(['id', 'url', 'api', 'lva', 'csv', 'ai']);

/** The dotted path of a field (`content.0.key`), as the error body's `field`; undefined for the whole input. */
export function fieldOf(path: readonly PropertyKey[]): string | undefined {
  return path.length > 0 ? path.map(String).join('.') : undefined;
}

/**
 * A field's key in words for a message a person reads: the last named segment of its path, snake_case and
 * camelCase split (`phone_number` → "Phone number", `project_id` → "Project ID", `scriptName` → "Script name").
 */
export function labelOf(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((segment) => typeof segment === 'string' && !/^\d+$/.test(segment));
  if (typeof name !== 'string') return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** What an id, number or day of contracts' inputs.ts must be, after the field's label. */
function inputRule(params: InputIssueParams): string {
  switch (params.input) {
    case 'id':
      return `must be a whole number from 1 to ${params.max}, in digits only`;
    case 'whole':
      return 'must be a whole number, in digits only';
    case 'decimal':
      return 'must be a number in digits, like 12 or 12.5';
    case 'day':
      return `must be a day from ${DAY_MIN} to ${DAY_MAX} (YYYY-MM-DD)`;
    case 'timestamp':
      return `must be a date and time from ${DAY_MIN} to ${DAY_MAX} with its offset, like 2026-03-09T15:00:00Z`;
  }
}

const plural = (count: number | bigint, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** How much of something `origin` counts, for a size limit: characters of a text, items of a list. */
function sizeOf(origin: string, count: number | bigint): string {
  if (origin === 'string') return plural(count, 'character');
  if (origin === 'array' || origin === 'set') return plural(count, 'item');
  if (origin === 'file') return plural(count, 'byte');
  return String(count);
}

/**
 * The message of an issue whose schema gave none: zod's defaults ("Invalid input: expected string, received
 * undefined") only make sense next to the field's key, so these name the field in words instead. A message
 * the schema gives (the contracts' texts) always wins over this map.
 */
export const humanIssueMessage: z.core.$ZodErrorMap = (issue) => {
  const label = labelOf(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      return EXPECTED[issue.expected]
        ? `${label} must be ${EXPECTED[issue.expected]}.`
        : `${label} is invalid.`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${label} is required.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `${label} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}.`;
      return `${label} must have at least ${sizeOf(issue.origin, issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `${label} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}.`;
      return `${label} must have at most ${sizeOf(issue.origin, issue.maximum)}.`;
    case 'invalid_value':
      return issue.values.length <= 10
        ? `${label} must be one of: ${issue.values.map(String).join(', ')}.`
        : `${label} is invalid.`;
    case 'unrecognized_keys':
      // Names what the caller sent, not a field of ours.
      return undefined;
    case 'invalid_union':
      return issue.input === undefined || issue.input === null
        ? `${label} is required.`
        : `${label} is invalid.`;
    case 'invalid_format':
      if (issue.format === 'date') return `${label} ${inputRule({ input: 'day' })}.`;
      if (issue.format === 'datetime') return `${label} ${inputRule({ input: 'timestamp' })}.`;
      return `${label} is invalid.`;
    case 'custom': {
      const params = issue.params as InputIssueParams | undefined;
      return params?.input ? `${label} ${inputRule(params)}.` : `${label} is invalid.`;
    }
    default:
      return `${label} is invalid.`;
  }
};

/** 400 validation_error for the first issue: its message for a person, the field it is about apart. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const issue = issues[0];
  return badRequest(
    issue?.message ?? 'The request is invalid.',
    'validation_error',
    fieldOf(issue?.path ?? []),
  );
}

/**
 * Parses input the route's schemas do not see (multipart form fields) like they would: text PostgreSQL cannot
 * store and nesting too deep answer 400 (refuseInvalidInput), a failure validationError with the human
 * messages above.
 */
export function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  refuseInvalidInput(value);
  const result = schema.safeParse(value, { error: humanIssueMessage });
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** Fastify's validator for the routes' zod schemas: a failure is answered as validationError. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: humanIssueMessage });
    return result.success ? { value: result.data } : { error: validationError(result.error.issues) };
  };
