import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ReceiverDownload } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { refuseInvalidInput } from '../../http/text-guard.ts';

/** A call event as it arrived: its raw bytes (the signatures are over them), its headers and its address. */
export interface CallEventRequest {
  body: Buffer;
  headers: IncomingHttpHeaders;
  /** The address the provider called: PUBLIC_URL with the path and query string of the request. */
  url: string;
  now: Date;
}

/**
 * What a verified event asks for: an answer of its own (Zoom's URL validation), nothing (an event that is not
 * about a finished recording), or a call whose recording is to be fetched. `source` is what the mapping and
 * the date source read; the download's authorization is the header as sent (encrypted before it is stored).
 */
export type CallEventReading =
  | { kind: 'reply'; body: { plainToken: string; encryptedToken: string } }
  | { kind: 'ignored'; eventType: string }
  | {
      kind: 'call';
      eventType: string;
      externalId: string;
      source: unknown;
      download: ReceiverDownload;
    };

export const RECEIVE_TEXTS = {
  badSignature: 'The signature of this event does not hold: check the secret the receiver has.',
  oldTimestamp:
    'The signed time of this event is more than 5 minutes away from now (a replay, or a wrong clock).',
  notJson: 'The body is not a JSON object.',
  missing: (field: string) => `The event has no ${field}.`,
  idTooLong: 'The call id is longer than 255 characters.',
} as const;

/** The longest provider id of a call or recording taken (Twilio's are 34 characters, Zoom's about 60). */
const EXTERNAL_ID_MAX = 255;

export const badSignature = (message: string = RECEIVE_TEXTS.badSignature) =>
  new AppError('unauthenticated', 'invalid_signature', message);

/** Compares two secrets or signatures in constant time (for their length). */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** One header's value (the first when repeated). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A body as a JSON object, refused (400) when it is none or holds text that cannot be stored. */
export function jsonObjectOf(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest(RECEIVE_TEXTS.notJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest(RECEIVE_TEXTS.notJson);
  }
  refuseInvalidInput(parsed);
  return parsed as Record<string, unknown>;
}

/** A provider's id as text (Aircall's are numbers), refused when missing or too long. */
export function externalIdOf(value: unknown, field: string): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || text.trim() === '') throw badRequest(RECEIVE_TEXTS.missing(field));
  if (text.length > EXTERNAL_ID_MAX) throw badRequest(RECEIVE_TEXTS.idTooLong);
  return text.trim();
}

/** A link the event gives, refused (400) when it is not text. The download checks it further (SSRF rules). */
export function linkOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(RECEIVE_TEXTS.missing(field));
  return value.trim();
}
