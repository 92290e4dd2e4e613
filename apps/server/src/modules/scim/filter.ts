import { ScimError } from './protocol.ts';

/** A filter this server answers: one attribute compared for equality (`userName eq "x"`). */
export interface EqualityFilter<A extends string> {
  attribute: A;
  value: string;
}

const MAX_FILTER_LENGTH = 1000;
/** `attribute eq "json string"`: the only shape Okta and Entra send for lookups. The pattern is fixed, never built from input. */
const EQUALITY = /^\s*([A-Za-z][A-Za-z0-9.]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

const refuse = (message: string) => new ScimError(400, message, 'invalidFilter');

/**
 * Parses `filter` (RFC 7644 §3.4.2.2) when it is `<attribute> eq "<value>"` with one of `attributes` (compared
 * case-insensitively, as attribute names are); anything else — other operators, `and`/`or`, unknown
 * attributes — answers 400 invalidFilter.
 */
export function parseEqualityFilter<A extends string>(
  filter: unknown,
  attributes: readonly A[],
): EqualityFilter<A> | null {
  if (filter === undefined) return null;
  if (typeof filter !== 'string' || filter.length > MAX_FILTER_LENGTH)
    throw refuse('The filter is not valid.');
  const match = EQUALITY.exec(filter);
  if (!match)
    throw refuse(`Only filters of the form: attribute eq "value" (${attributes.join(', ')}) are supported.`);
  const attribute = attributes.find((name) => name.toLowerCase() === match[1]!.toLowerCase());
  if (!attribute)
    throw refuse(`Filtering by ${match[1]!.slice(0, 64)} is not supported (only ${attributes.join(', ')}).`);
  let value: unknown;
  try {
    value = JSON.parse(match[2]!);
  } catch {
    throw refuse('The filter value is not a valid string.');
  }
  return { attribute, value: value as string };
}

/** The member id of a PATCH path `members[value eq "id"]` (Okta's and Entra's removal of one member), or null. */
export function memberValuePath(path: string): string | null {
  const match = /^members\[(.*)\]$/i.exec(path.trim());
  if (!match) return null;
  return parseEqualityFilter(match[1], ['value'] as const)!.value;
}
