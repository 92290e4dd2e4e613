import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/** In a `u` pattern a surrogate pair is one code point, so only an unpaired surrogate matches. */
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

/** Why PostgreSQL cannot store a text: it refuses NUL, and an unpaired surrogate is no Unicode character. */
function flaw(text: string): string | null {
  if (text.includes('\u0000')) return 'the NUL character (U+0000)';
  if (UNPAIRED_SURROGATE.test(text)) return 'an incomplete Unicode character (an unpaired surrogate)';
  return null;
}

/**
 * Parsed JSON, query and path objects (the query parser's have a prototype without one); not a Buffer or
 * stream of a raw body.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** Text that cannot be stored: a message for a person, and the field it is in (as in validation errors). */
export interface InvalidText {
  message: string;
  /** Dotted like validation errors' field (`content.0.key`); undefined for a bare value. */
  field: string | undefined;
}

/**
 * The first string or object key in a parsed query, path or JSON body that PostgreSQL cannot store.
 * Iterative: a deeply nested body must not overflow the stack.
 */
export function findInvalidText(value: unknown): InvalidText | null {
  const pending: Array<{ value: unknown; field: string }> = [{ value, field: '' }];
  const at = (field: string, name: string) => (field ? `${field}.${name}` : name);
  while (pending.length > 0) {
    const { value: current, field } = pending.pop()!;
    if (typeof current === 'string') {
      const reason = flaw(current);
      if (reason)
        return { message: `The text contains ${reason}, which cannot be saved.`, field: field || undefined };
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries())
        pending.push({ value: item, field: at(field, String(index)) });
    } else if (isPlainObject(current)) {
      for (const [name, item] of Object.entries(current)) {
        const reason = flaw(name);
        if (reason)
          return {
            message: `A field name contains ${reason}, which cannot be saved.`,
            field: field || undefined,
          };
        pending.push({ value: item, field: at(field, name) });
      }
    }
  }
  return null;
}

/**
 * Deepest nesting of objects and lists an input may have: far beyond what any route takes (a prompt's fields
 * nest 6 levels, two each), and shallow enough for the recursive checks behind it (a schema that recurses,
 * JSON.stringify), which a body of 10,000 levels would overflow.
 */
export const MAX_INPUT_DEPTH = 64;

/** The first place of a parsed input nested deeper than MAX_INPUT_DEPTH. Iterative, like findInvalidText. */
export function findTooDeep(value: unknown): InvalidText | null {
  const pending: Array<{ value: unknown; field: string; depth: number }> = [{ value, field: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: current, field, depth } = pending.pop()!;
    if (!Array.isArray(current) && !isPlainObject(current)) continue;
    if (depth === MAX_INPUT_DEPTH) {
      return {
        message: `The input is nested more than ${MAX_INPUT_DEPTH} levels deep.`,
        field: field || undefined,
      };
    }
    for (const [name, item] of Object.entries(current)) {
      pending.push({ value: item, field: field ? `${field}.${name}` : name, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Throws 400 when a parsed input holds text that PostgreSQL cannot store (invalid_text) or is nested deeper than
 * MAX_INPUT_DEPTH (too_deep), with the field.
 */
export function refuseInvalidInput(value: unknown): void {
  const text = findInvalidText(value);
  if (text) throw badRequest(text.message, 'invalid_text', text.field);
  const deep = findTooDeep(value);
  if (deep) throw badRequest(deep.message, 'too_deep', deep.field);
}

/**
 * Refuses, before any route sees it, text that PostgreSQL cannot store (it would answer 500 deep in a query)
 * and nesting no route takes: every string of the query, the path parameters and a JSON body (multipart
 * forms: parseOrRefuse).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) refuseInvalidInput(part);
  });
}
