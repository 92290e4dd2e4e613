import { valueAt } from './mapping.ts';
import {
  badSignature,
  type CallEventReading,
  type CallEventRequest,
  externalIdOf,
  jsonObjectOf,
  linkOf,
  sameText,
} from './providers.ts';

// An Aircall webhook's events (https://developer.aircall.io/api-references/#webhooks): JSON carrying the
// webhook's token, which is how Aircall lets a receiver know the event is its own (it signs nothing).

/** Takes `call.ended` with its recording link (a short-lived signed link, fetched as it is); ignores the rest. */
export function readAircall(webhookToken: string, request: CallEventRequest): CallEventReading {
  const body = jsonObjectOf(request.body);
  if (typeof body.token !== 'string' || !sameText(body.token, webhookToken)) throw badSignature();
  const event = typeof body.event === 'string' ? body.event : 'unknown';
  const recording = valueAt(body, 'data.recording');
  if (event !== 'call.ended' || typeof recording !== 'string' || recording.trim() === '') {
    return { kind: 'ignored', eventType: event };
  }
  return {
    kind: 'call',
    eventType: event,
    externalId: externalIdOf(valueAt(body, 'data.id'), 'data.id'),
    source: body,
    download: { url: linkOf(recording, 'data.recording'), authorization: null, fileName: null },
  };
}
