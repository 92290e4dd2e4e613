import {
  findPlaceholders,
  isUiLanguage,
  type PrivacySettings,
  type RedactionEntityType,
  redactionPlaceholder,
  speakerLabels,
  UI_LANGUAGES,
  type UiLanguage,
} from '@parley/contracts';
import { isSupportedCountry } from 'libphonenumber-js/max';
import type { TextSpan } from './audio-spans.ts';
import { isPersonLabel } from './redaction/names.ts';
import { type RedactedEntity, type Redaction, redactConversation } from './redaction/redact.ts';

/** What a prompt includes of a conversation besides its transcript. */
export interface ConversationDetails {
  metadata: Record<string, string>;
  fileName: string;
}

export interface RedactedSegments<S> {
  segments: S[];
  /** The segments as they were, when the project keeps originals and something was redacted; else null. */
  original: S[] | null;
  /** Which characters of which segment (of the text as it was) were replaced: where the recording is toned. */
  spans: TextSpan[];
  /**
   * The details redacted with the same placeholders as the segments for the same values (the customer's name
   * given in the metadata and said in the chat); null while redaction is off.
   */
  details: ConversationDetails | null;
}

/** Metadata fields that hold a person's name ("Customer name", "Representative", "Agent"). */
const NAME_FIELD =
  /name|customer|client|caller|agent|representative|\brep\b|operator|contact|имя|ім.я|nazwisko|imię|nombre|vorname|nachname|nome|cognome|prénom|^adı|soyad|^име/iu;

/** The names a task's metadata gives: found in the conversation wherever they are said. */
function metadataNames(metadata: Record<string, string>): string[] {
  return Object.entries(metadata)
    .filter(([key, value]) => NAME_FIELD.test(key) && /\p{L}/u.test(value))
    .map(([, value]) => value);
}

const optionsOf = (settings: PrivacySettings, knownNames: string[]) => ({
  types: settings.redaction_types,
  region: settings.region !== null && isSupportedCountry(settings.region) ? settings.region : null,
  knownNames,
});

/** What redacting a conversation's text before gave: equal values later get the same placeholders. */
interface Before {
  entities: RedactedEntity[];
  /** The redacted text (with any service's tokens made placeholders): new numbers continue after its own. */
  text: string;
}

/**
 * A conversation's segments (a recording's) or messages (a chat's) with the project's chosen personal data
 * replaced by placeholders, all of them read as one conversation; unchanged when redaction is off. A
 * transcript may already hold the transcription service's own redactions (its second net): those become
 * placeholders of their type too, numbered after Parley's, and count as redacted spans. A chat's authors are
 * redacted too (`authors`): a label that is a person's name becomes that person's placeholder, the one the
 * messages use when they say the name; a phone number or email as a label becomes its placeholder.
 */
export function redactSegments<S extends { text: string; speaker: string | null }>(
  segments: S[],
  settings: PrivacySettings,
  conversation: {
    /** The metadata (the names it gives are redacted wherever the conversation says them) and file name. */
    details: ConversationDetails;
    /** The language the transcription heard (a code or a name), when known: only its number words count. */
    language?: string | null;
    /** The segments come from a transcription service that was asked to redact as well. */
    serviceRedacted?: boolean;
    /** The speakers are a chat's authors (a recording's "Channel 1", "Speaker A" stay). */
    authors?: boolean;
  },
): RedactedSegments<S> {
  if (!settings.redaction_enabled) return { segments, original: null, spans: [], details: null };
  const language = uiLanguageOf(conversation.language ?? null);
  const labels = conversation.authors ? speakerLabels(segments) : [];
  const authorNames = settings.redaction_types.includes('person_name')
    ? labels.filter((label) => isPersonLabel(label, language))
    : [];
  const knownNames = [...metadataNames(conversation.details.metadata), ...authorNames];
  const texts = segments.map((segment) => segment.text);
  const redaction = redactConversation(texts, { ...optionsOf(settings, knownNames), language });
  const spans: TextSpan[] = redaction.entities.flatMap((entity) =>
    entity.spans.map((span) => ({ segment: span.piece, start: span.start, end: span.end })),
  );
  let pieces = redaction.pieces;
  if (conversation.serviceRedacted) {
    const service = serviceRedactions(texts, pieces);
    spans.push(...service.spans);
    pieces = service.pieces;
  }
  let before: Before = { entities: redaction.entities, text: pieces.join('\n') };
  const speakers = new Map<string, string>();
  if (labels.length > 0) {
    const authors = redactContinued(labels, before, settings, knownNames);
    // The whole label is the person's: "john.smith" is one placeholder, not one per part.
    const named = new Set(authorNames);
    const person = new Map<number, string>();
    for (const entity of authors.redaction.entities) {
      const piece = entity.spans[0]!.piece;
      if (entity.type === 'person_name' && named.has(labels[piece]!) && !person.has(piece)) {
        person.set(piece, entity.placeholder);
      }
    }
    labels.forEach((label, index) => {
      const redacted = person.get(index) ?? authors.redaction.pieces[index]!;
      if (redacted !== label) speakers.set(label, redacted);
    });
    before = authors.after;
  }
  const details = redactDetailsAfter(conversation.details, before, settings, knownNames);
  if (spans.length === 0 && speakers.size === 0) return { segments, original: null, spans, details };
  return {
    segments: segments.map((segment, index) => ({
      ...segment,
      text: pieces[index]!,
      speaker: segment.speaker === null ? null : (speakers.get(segment.speaker) ?? segment.speaker),
    })),
    original: settings.redaction_keep === 'redacted_and_original' ? segments : null,
    spans,
    details,
  };
}

/** Redacts more text of a conversation after its `before`: equal values share placeholders, new ones follow. */
function redactContinued(
  pieces: readonly string[],
  before: Before,
  settings: PrivacySettings,
  knownNames: string[],
): { redaction: Redaction; after: Before } {
  const redaction = redactConversation(pieces, {
    ...optionsOf(settings, knownNames),
    taken: placeholdersIn(before.text),
    given: before.entities,
    separatePieces: true,
  });
  return {
    redaction,
    after: {
      entities: [...before.entities, ...redaction.entities],
      text: [before.text, ...redaction.pieces].join('\n'),
    },
  };
}

/** The metadata values and file name, each a piece of its own, redacted after the conversation's `before`. */
function redactDetailsAfter(
  details: ConversationDetails,
  before: Before,
  settings: PrivacySettings,
  knownNames: string[],
): ConversationDetails {
  const entries = Object.entries(details.metadata);
  const { redaction } = redactContinued(
    [...entries.map(([, value]) => value), details.fileName],
    before,
    settings,
    knownNames,
  );
  return {
    metadata: Object.fromEntries(entries.map(([key], index) => [key, redaction.pieces[index]!])),
    fileName: redaction.pieces.at(-1)!,
  };
}

/** What the services write in place of a value they redacted: `[CREDIT_CARD_NUMBER]`, `[PCI_1]`, `[SSN]`… */
const SERVICE_TOKEN = /\[([A-Z]+(?:_[A-Z]+)*)(?:_\d+)?\]/g;

/** The type of a service's redaction token, null for one without a type ('REDACTED'), undefined for no token. */
function serviceTokenType(name: string): RedactionEntityType | null | undefined {
  if (/CVV|SECURITY_CODE/.test(name)) return 'card_security_code';
  if (/EXPIRATION|EXPIRY/.test(name)) return 'card_expiry';
  if (/CREDIT_CARD|CARD_NUMBER|^PCI$/.test(name)) return 'card_number';
  if (/SSN|SOCIAL_SECURITY/.test(name)) return 'national_id';
  if (/BANKING|ACCOUNT_NUMBER|ROUTING/.test(name)) return 'bank_account';
  if (name === 'REDACTED') return null;
  return undefined;
}

/**
 * The service's redaction tokens: where they stand in the text as transcribed (they hold no digits, so Parley's
 * redaction left them in place) and the redacted pieces with each typed token made a placeholder.
 */
function serviceRedactions(
  texts: readonly string[],
  redacted: readonly string[],
): { spans: TextSpan[]; pieces: string[] } {
  const spans: TextSpan[] = [];
  texts.forEach((text, segment) => {
    for (const match of text.matchAll(SERVICE_TOKEN)) {
      if (isOwnPlaceholder(match[0]) || serviceTokenType(match[1]!) === undefined) continue;
      spans.push({ segment, start: match.index, end: match.index + match[0].length });
    }
  });
  if (spans.length === 0) return { spans, pieces: [...redacted] };
  const counts = placeholdersIn(redacted.join('\n'));
  const pieces = redacted.map((piece) =>
    piece.replace(SERVICE_TOKEN, (token, name: string) => {
      if (isOwnPlaceholder(token)) return token;
      const type = serviceTokenType(name);
      if (!type) return token;
      counts[type] = (counts[type] ?? 0) + 1;
      return redactionPlaceholder(type, counts[type]);
    }),
  );
  return { spans, pieces };
}

/** A token that is one of Parley's placeholders (a service token holds none). */
const isOwnPlaceholder = (token: string) => Object.keys(placeholdersIn(token)).length > 0;

const ENGLISH_NAMES = new Intl.DisplayNames('en', { type: 'language' });

/** A UI language from what a transcription service reports: a code ("uk", "pt-BR") or a name ("ukrainian"). */
function uiLanguageOf(reported: string | null): UiLanguage | null {
  const value = reported?.trim().toLowerCase();
  if (!value) return null;
  const code = value.split(/[-_]/)[0];
  if (isUiLanguage(code)) return code;
  return UI_LANGUAGES.find((language) => ENGLISH_NAMES.of(language)?.toLowerCase() === value) ?? null;
}

/** The highest placeholder number of each type in an already redacted text. */
function placeholdersIn(text: string): Partial<Record<RedactionEntityType, number>> {
  const taken: Partial<Record<RedactionEntityType, number>> = {};
  for (const { type, n } of findPlaceholders(text)) taken[type] = Math.max(taken[type] ?? 0, n);
  return taken;
}

/**
 * The conversation's details a prompt includes, for a transcript redacted before its details were redacted
 * with it (`redactSegments` returns them, the pipeline stores them): new placeholders continue the
 * transcript's numbering, but a value it already had cannot be told. Stored metadata stays as it is (the
 * blacklist and rep mapping read it); only what is sent is redacted.
 */
export function redactDetails(
  details: ConversationDetails,
  redactedTranscript: string,
  settings: PrivacySettings,
): ConversationDetails {
  if (!settings.redaction_enabled) return details;
  const before = { entities: [], text: redactedTranscript };
  return redactDetailsAfter(details, before, settings, metadataNames(details.metadata));
}
