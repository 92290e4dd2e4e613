import { createHmac } from 'node:crypto';
import { refuseInvalidInput } from '../../http/text-guard.ts';
import {
  badSignature,
  type CallEventReading,
  type CallEventRequest,
  externalIdOf,
  headerOf,
  linkOf,
  sameText,
} from './providers.ts';

// Twilio's recording status callback: a form signed with the account's Auth Token
// (https://www.twilio.com/docs/usage/security#validating-requests).

/**
 * X-Twilio-Signature: base64 of HMAC-SHA1 with the Auth Token over the full URL Twilio called followed by each
 * POST parameter's name and value, sorted by name (a repeated name's values sorted too).
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) {
    for (const value of [...new Set(params.getAll(name))].sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The address as Twilio may have signed it: as called, and with the default port added or removed (Twilio signs
 * some requests with ':443' in the URL and some without, as its own helper libraries allow). Textually: a
 * signature is over the URL as written, which parsing would normalise.
 */
export function twilioUrlVariants(address: string): string[] {
  const match = /^(https?):\/\/([^/?#]*)(.*)$/s.exec(address);
  if (!match) return [address];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const defaultPort = scheme === 'https' ? '443' : '80';
  const port = /:(\d+)$/.exec(authority)?.[1];
  if (port === undefined) return [address, `${scheme}://${authority}:${defaultPort}${rest}`];
  if (port === defaultPort) return [address, `${scheme}://${authority.slice(0, -port.length - 1)}${rest}`];
  return [address];
}

/** Twilio's recording URL names no format: '.mp3' asks for the MP3 (the WAV is ten times larger). */
const recordingLink = (url: string) => (/\.\w{3,4}$/.test(new URL(url).pathname) ? url : `${url}.mp3`);

export function readTwilio(authToken: string, request: CallEventRequest): CallEventReading {
  const params = new URLSearchParams(request.body.toString('utf8'));
  const given = headerOf(request.headers, 'x-twilio-signature') ?? '';
  const holds = twilioUrlVariants(request.url).some((url) =>
    sameText(given, twilioSignature(authToken, url, params)),
  );
  if (!holds) throw badSignature();
  refuseInvalidInput([...params]);
  if (params.get('RecordingStatus') !== 'completed') {
    return { kind: 'ignored', eventType: params.get('RecordingStatus') ?? 'unknown' };
  }
  const recordingSid = externalIdOf(params.get('RecordingSid'), 'RecordingSid');
  const accountSid = externalIdOf(params.get('AccountSid'), 'AccountSid');
  const link = linkOf(params.get('RecordingUrl'), 'RecordingUrl');
  // The project's own fields (?agent=...&queue=...) beside Twilio's; Twilio's win a clash.
  const source = {
    ...Object.fromEntries(new URL(request.url).searchParams),
    ...Object.fromEntries(params),
  };
  let url: string;
  try {
    url = recordingLink(link);
  } catch {
    url = link; // not a URL: the download refuses it with the link's reason
  }
  return {
    kind: 'call',
    eventType: 'completed',
    externalId: recordingSid,
    source,
    download: {
      url,
      authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
      fileName: `${recordingSid}.mp3`,
    },
  };
}
