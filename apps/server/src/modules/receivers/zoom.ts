import { createHmac } from 'node:crypto';
import { RECEIVERS } from '@parley/contracts';
import { badRequest } from '../../errors.ts';
import { valueAt } from './mapping.ts';
import {
  badSignature,
  type CallEventReading,
  type CallEventRequest,
  externalIdOf,
  headerOf,
  jsonObjectOf,
  linkOf,
  RECEIVE_TEXTS,
  sameText,
} from './providers.ts';

// A Zoom webhook-only app's events, signed with its Secret Token
// (https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events).

const hmacHex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** x-zm-signature: 'v0=' + hex HMAC-SHA256 with the Secret Token over 'v0:<x-zm-request-timestamp>:<body>'. */
export function zoomSignature(secretToken: string, timestamp: string, body: Buffer | string): string {
  const hmac = createHmac('sha256', secretToken).update(`v0:${timestamp}:`, 'utf8').update(body);
  return `v0=${hmac.digest('hex')}`;
}

/** Seconds since 1970 of Zoom's timestamp header (seconds; milliseconds read as such), or null. */
function secondsOf(timestamp: string): number | null {
  if (!/^\d{1,15}$/.test(timestamp)) return null;
  const value = Number(timestamp);
  return value > 1e11 ? value / 1000 : value;
}

interface ZoomFile {
  id?: unknown;
  file_type?: unknown;
  file_extension?: unknown;
  download_url?: unknown;
}

/** The recording to analyse: the audio-only file (M4A), else the video (MP4); null when there is neither. */
function recordingFileOf(files: unknown): ZoomFile | null {
  if (!Array.isArray(files)) return null;
  const all = files.filter((file): file is ZoomFile => file !== null && typeof file === 'object');
  return all.find((file) => file.file_type === 'M4A') ?? all.find((file) => file.file_type === 'MP4') ?? null;
}

/**
 * Verifies the signature and its time (within RECEIVERS.toleranceSeconds), then: answers Zoom's URL validation
 * (only when signed, so the receiver never computes the secret's HMAC of text a stranger chose), takes
 * `recording.completed` with its M4A or MP4 file (fetched with the event's download_token), ignores the rest.
 */
export function readZoom(secretToken: string, request: CallEventRequest): CallEventReading {
  const timestamp = headerOf(request.headers, 'x-zm-request-timestamp') ?? '';
  const given = headerOf(request.headers, 'x-zm-signature') ?? '';
  if (!sameText(given, zoomSignature(secretToken, timestamp, request.body))) throw badSignature();
  const seconds = secondsOf(timestamp);
  if (seconds === null || Math.abs(request.now.getTime() / 1000 - seconds) > RECEIVERS.toleranceSeconds) {
    throw badSignature(RECEIVE_TEXTS.oldTimestamp);
  }
  const body = jsonObjectOf(request.body);
  const event = typeof body.event === 'string' ? body.event : 'unknown';
  if (event === 'endpoint.url_validation') {
    const plainToken = valueAt(body, 'payload.plainToken');
    if (typeof plainToken !== 'string' || plainToken.length > 256) {
      throw badRequest(RECEIVE_TEXTS.missing('payload.plainToken'));
    }
    return { kind: 'reply', body: { plainToken, encryptedToken: hmacHex(secretToken, plainToken) } };
  }
  if (event !== 'recording.completed') return { kind: 'ignored', eventType: event };
  const file = recordingFileOf(valueAt(body, 'payload.object.recording_files'));
  if (!file) return { kind: 'ignored', eventType: event };
  const meeting = externalIdOf(valueAt(body, 'payload.object.uuid'), 'payload.object.uuid');
  const fileId = externalIdOf(file.id, 'recording file id');
  const token = typeof body.download_token === 'string' ? body.download_token : null;
  const extension = String(file.file_extension ?? file.file_type)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return {
    kind: 'call',
    eventType: event,
    externalId: externalIdOf(`${meeting}:${fileId}`, 'recording id'),
    source: body,
    download: {
      url: linkOf(file.download_url, 'download_url'),
      authorization: token ? `Bearer ${token}` : null,
      fileName: `zoom-${fileId.replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}`,
    },
  };
}
