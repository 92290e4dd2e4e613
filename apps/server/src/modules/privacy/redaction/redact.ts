import {
  REDACTION_ENTITY_TYPES,
  type RedactionEntityType,
  redactionPlaceholder,
  type UiLanguage,
} from '@parley/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import { findAddresses } from './addresses.ts';
import { findNames } from './names.ts';
import { NumberWords } from './number-words.ts';
import { findSpoken } from './spoken.ts';
import { findSpokenEmails } from './spoken-email.ts';
import { digitRuns, type Token, tokenize } from './tokens.ts';
import { findWritten } from './written.ts';

export interface RedactionOptions {
  /** The types to replace; everything is looked for, so that one type is not mistaken for another. */
  types: Iterable<RedactionEntityType>;
  /** The project's country, where phone numbers without a country code are first tried. */
  region?: CountryCode | null;
  now?: Date;
  /** The conversation's language when known: only its number words count (else every language's). */
  language?: UiLanguage | null;
  /** Placeholder numbers already used per type (in text redacted before): new ones continue after them. */
  taken?: Partial<Record<RedactionEntityType, number>>;
  /**
   * What text of the same conversation redacted before gave each value (its transcript's entities): an equal
   * value here gets the same placeholder. Their numbers must be within `taken`.
   */
  given?: ReadonlyArray<Pick<RedactedEntity, 'type' | 'value' | 'placeholder'>>;
  /** Names the conversation's details give (the customer's, the representative's): found wherever they are said. */
  knownNames?: readonly string[];
  /** The pieces are values of their own (metadata values, chat authors), not a conversation's turns. */
  separatePieces?: boolean;
}

/** Where in a piece (segment or message) a redacted value was. */
export interface RedactionSpan {
  piece: number;
  start: number;
  end: number;
}

export interface RedactedEntity {
  type: RedactionEntityType;
  placeholder: string;
  /** The value, normalised (digits only, lower-case email): equal values share a placeholder. */
  value: string;
  /** The text as it stood, piece by piece. */
  original: string[];
  spans: RedactionSpan[];
}

export interface Redaction {
  pieces: string[];
  entities: RedactedEntity[];
}

interface Finding {
  type: RedactionEntityType;
  value: string;
  spans: RedactionSpan[];
}

/**
 * Replaces the personal and card data of one conversation — its pieces in order, so that a number said across
 * two segments is found — with placeholders such as `[CARD_NUMBER_1]`. Each piece that held part of a value
 * gets the placeholder.
 */
export function redactConversation(pieces: readonly string[], options: RedactionOptions): Redaction {
  const wanted = new Set(options.types);
  const tokens = tokenize(pieces);
  const claimed = new Set<number>();
  const findings: Finding[] = [];

  const written = findWritten(pieces);
  for (const index of tokensWithin(tokens, written)) claimed.add(index);
  for (const found of written) {
    const span = { piece: found.piece, start: found.start, end: found.end };
    // The second part of a value that goes on into the next piece.
    const continued = findings.at(-1);
    if (
      continued?.value === found.value &&
      continued.type === found.type &&
      continued.spans.at(-1)!.piece === found.piece - 1
    ) {
      continued.spans.push(span);
    } else findings.push({ type: found.type, value: found.value, spans: [span] });
  }
  const language = options.language ?? null;
  const numbers = new NumberWords(language);
  const runs = digitRuns(tokens, claimed, numbers, options.separatePieces);
  // Before the numbers are read: a house number or a postcode is no phone number or account.
  for (const found of findAddresses(tokens, claimed, language, numbers, pieces)) {
    findings.push({ type: 'postal_address', value: found.value, spans: spansOf(tokens, found.tokens) });
  }
  for (const found of findSpoken(tokens, runs, claimed, options.region ?? null, options.now ?? new Date())) {
    findings.push({ type: found.type, value: found.value, spans: spansOf(tokens, found.tokens) });
  }
  for (const found of findSpokenEmails(tokens, claimed)) {
    for (const token of found.tokens) claimed.add(token);
    findings.push({ type: 'email', value: found.value, spans: spansOf(tokens, found.tokens) });
  }
  // Last: a name inside an email address or a street's name is part of that.
  for (const found of findNames(tokens, claimed, language, numbers, options.knownNames)) {
    findings.push({ type: 'person_name', value: found.value, spans: spansOf(tokens, found.tokens) });
  }

  const entities = placeholders(
    findings.filter((finding) => wanted.has(finding.type)),
    pieces,
    options.taken ?? {},
    options.given ?? [],
  );
  return { pieces: rewrite(pieces, entities), entities };
}

/**
 * The tokens inside any of the spans, in one sweep over both in text order (a chat of many thousand emails must
 * not cost tokens × emails).
 */
function tokensWithin(tokens: readonly Token[], spans: readonly RedactionSpan[]): number[] {
  const sorted = [...spans].sort((a, b) => a.piece - b.piece || a.start - b.start);
  const inside: number[] = [];
  let next = 0;
  for (const span of sorted) {
    while (next < tokens.length && before(tokens[next]!, span.piece, span.start)) next++;
    for (
      let i = next;
      i < tokens.length && tokens[i]!.piece === span.piece && tokens[i]!.start < span.end;
      i++
    ) {
      if (tokens[i]!.end > span.start) inside.push(i);
    }
  }
  return inside;
}

/** The token ends before `start` of `piece` (or lies in an earlier piece). */
const before = (token: Token, piece: number, start: number) =>
  token.piece < piece || (token.piece === piece && token.end <= start);

/** One span per piece, from the first token's start to the last one's end. */
function spansOf(tokens: readonly Token[], indexes: readonly number[]): RedactionSpan[] {
  const byPiece = new Map<number, RedactionSpan>();
  for (const index of indexes) {
    const token = tokens[index]!;
    const span = byPiece.get(token.piece);
    if (!span) byPiece.set(token.piece, { piece: token.piece, start: token.start, end: token.end });
    else {
      span.start = Math.min(span.start, token.start);
      span.end = Math.max(span.end, token.end);
    }
  }
  return [...byPiece.values()].sort((a, b) => a.piece - b.piece);
}

/**
 * Numbers each type's distinct values in the order the conversation first mentions them; a value given a
 * placeholder before keeps it.
 */
function placeholders(
  findings: Finding[],
  pieces: readonly string[],
  taken: Partial<Record<RedactionEntityType, number>>,
  given: ReadonlyArray<Pick<RedactedEntity, 'type' | 'value' | 'placeholder'>>,
): RedactedEntity[] {
  const first = (finding: Finding) => finding.spans[0]!;
  findings.sort((a, b) => first(a).piece - first(b).piece || first(a).start - first(b).start);
  const keyOf = (entity: Pick<Finding, 'type' | 'value'>) => `${entity.type}:${entity.value}`;
  const assigned = new Map(given.map((entity) => [keyOf(entity), entity.placeholder]));
  const counts = new Map<RedactionEntityType, number>();
  for (const type of REDACTION_ENTITY_TYPES) counts.set(type, taken[type] ?? 0);
  return findings.map((finding) => {
    const key = keyOf(finding);
    let placeholder = assigned.get(key);
    if (placeholder === undefined) {
      const n = (counts.get(finding.type) ?? 0) + 1;
      counts.set(finding.type, n);
      placeholder = redactionPlaceholder(finding.type, n);
      assigned.set(key, placeholder);
    }
    return {
      type: finding.type,
      placeholder,
      value: finding.value,
      original: finding.spans.map((span) => pieces[span.piece]!.slice(span.start, span.end)),
      spans: finding.spans,
    };
  });
}

/** Each piece rebuilt once from its parts (not copied again for every placeholder). */
function rewrite(pieces: readonly string[], entities: readonly RedactedEntity[]): string[] {
  const byPiece = new Map<number, Array<RedactionSpan & { placeholder: string }>>();
  for (const entity of entities) {
    for (const span of entity.spans) {
      const list = byPiece.get(span.piece) ?? [];
      list.push({ ...span, placeholder: entity.placeholder });
      byPiece.set(span.piece, list);
    }
  }
  return pieces.map((text, piece) => {
    const spans = byPiece.get(piece)?.sort((a, b) => a.start - b.start);
    if (!spans) return text;
    const parts: string[] = [];
    let at = 0;
    for (const span of spans) {
      parts.push(text.slice(at, span.start), span.placeholder);
      at = span.end;
    }
    parts.push(text.slice(at));
    return parts.join('');
  });
}
