import { GenericCallEvent } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import { parseOrRefuse } from '../../http/validation.ts';
import {
  badSignature,
  type CallEventReading,
  type CallEventRequest,
  externalIdOf,
  headerOf,
  jsonObjectOf,
  RECEIVE_TEXTS,
} from './providers.ts';

// Any system that posts a JSON with a recording link, signed per Standard Webhooks with the receiver's whsec_
// secret (the standardwebhooks package verifies the signature and its time, within 5 minutes).

/** Takes every verified event: its recording_url, identified by its call_id, else by its webhook-id. */
export function readGeneric(secret: string, request: CallEventRequest): CallEventReading {
  const headers = {
    'webhook-id': headerOf(request.headers, 'webhook-id') ?? '',
    'webhook-timestamp': headerOf(request.headers, 'webhook-timestamp') ?? '',
    'webhook-signature': headerOf(request.headers, 'webhook-signature') ?? '',
  };
  try {
    new Webhook(secret).verify(request.body, headers, { jsonParse: false });
  } catch (error) {
    const old = error instanceof Error && /timestamp/i.test(error.message);
    throw badSignature(old ? RECEIVE_TEXTS.oldTimestamp : RECEIVE_TEXTS.badSignature);
  }
  const body = jsonObjectOf(request.body);
  const event = parseOrRefuse(GenericCallEvent, body);
  return {
    kind: 'call',
    eventType: 'recording',
    externalId: externalIdOf(event.call_id ?? headers['webhook-id'], 'call_id'),
    source: body,
    download: { url: event.recording_url.trim(), authorization: null, fileName: null },
  };
}
