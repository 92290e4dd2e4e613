/**
 * What a project's redaction can find in a conversation (issue 34). Each found value is replaced by a
 * placeholder `[TYPE_N]`: the same value gets the same N within one conversation.
 */
export const REDACTION_ENTITY_TYPES = [
  'card_number',
  'card_security_code',
  'card_expiry',
  'iban',
  'bank_account',
  'national_id',
  'phone_number',
  'email',
  'date_of_birth',
  'postal_address',
  'person_name',
] as const;
export type RedactionEntityType = (typeof REDACTION_ENTITY_TYPES)[number];

/**
 * Types a project redacts when redaction is switched on and nobody chose otherwise: all but person names, an
 * option a project opts into (names are found by what introduces them, and an analysis often needs them).
 */
export const DEFAULT_REDACTION_TYPES: readonly RedactionEntityType[] = REDACTION_ENTITY_TYPES.filter(
  (type) => type !== 'person_name',
);

/** The placeholder of the n-th distinct value of a type in a conversation, e.g. `[CARD_NUMBER_1]`. */
export function redactionPlaceholder(type: RedactionEntityType, n: number): string {
  return `[${type.toUpperCase()}_${n}]`;
}

const PLACEHOLDER_SOURCE = `\\[(${REDACTION_ENTITY_TYPES.map((type) => type.toUpperCase()).join('|')})_(\\d+)\\]`;

/** Every placeholder in a text, with its type (for highlighting a redacted transcript). */
export const REDACTION_PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, 'g');

/** One placeholder found in a text: its type, its number and where it stands. */
export interface PlaceholderMatch {
  type: RedactionEntityType;
  n: number;
  placeholder: string;
  start: number;
  end: number;
}

const TYPE_BY_NAME = new Map<string, RedactionEntityType>(
  REDACTION_ENTITY_TYPES.map((type) => [type.toUpperCase(), type]),
);

/** The placeholders of a text in order (the server numbers new ones after them; the web highlights them). */
export function findPlaceholders(text: string): PlaceholderMatch[] {
  // A pattern of its own: a shared global one keeps the lastIndex of whoever used it last.
  const pattern = new RegExp(PLACEHOLDER_SOURCE, 'g');
  return [...text.matchAll(pattern)].map((match) => ({
    type: TYPE_BY_NAME.get(match[1]!)!,
    n: Number(match[2]),
    placeholder: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** A text cut into its plain parts and its placeholders, in order (empty plain parts left out). */
export function splitPlaceholders(text: string): Array<string | PlaceholderMatch> {
  const parts: Array<string | PlaceholderMatch> = [];
  let at = 0;
  for (const found of findPlaceholders(text)) {
    if (found.start > at) parts.push(text.slice(at, found.start));
    parts.push(found);
    at = found.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
