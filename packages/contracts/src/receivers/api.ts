import { z } from 'zod';
import { UPLOAD_METADATA } from '../analyses/api.ts';
import { Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';

// Phone-system receivers (issue 36 part 4): per project, admins and owners (and full API keys) set one up in
// Integrations → Phone systems; the phone system posts to its address when a call's recording is ready, and the
// recording is fetched through the URL-upload path (SSRF rules, blacklist, duplicates, billing).

/**
 * - twilio: a recording status callback, signed with the account's Auth Token (`X-Twilio-Signature`);
 * - zoom: the `recording.completed` event of a Zoom webhook-only app, signed with its Secret Token, which also
 *   answers Zoom's URL validation;
 * - aircall: the `call.ended` event of an Aircall webhook, carrying the webhook's token;
 * - generic: any system that can post a JSON with a recording URL, signed per the Standard Webhooks
 *   specification with a secret Parley makes.
 */
export const RECEIVER_KINDS = ['twilio', 'zoom', 'aircall', 'generic'] as const;
export type ReceiverKind = (typeof RECEIVER_KINDS)[number];

export const RECEIVERS = {
  nameMax: 100,
  /** A provider's token as it is pasted (Twilio's Auth Token is 32 characters, Zoom's Secret Token 22). */
  secretMax: 200,
  receiversMax: 20,
  /** Rows of a receiver's field mapping. */
  mappingMax: 20,
  /** A field's place in the provider's payload: 'data.user.name', 'payload.object.topic', 'CallSid'. */
  sourceMax: 200,
  /** The largest request a receiver reads: the providers' call events are a few KB. */
  bodyMaxBytes: 256 * 1024,
  /** A request whose signed timestamp is further than this from now is refused (replays). */
  toleranceSeconds: 5 * 60,
  defaultPageSize: 50,
  pageSizeMax: 100,
} as const;

/** A mapping row: the payload's field at `source` becomes the analysis's metadata field `metadata`. */
export const ReceiverMappingRow = z.object({
  source: z.string().trim().min(1, 'Please enter the field of the call.').max(RECEIVERS.sourceMax),
  metadata: z.string().trim().min(1, 'Please enter the metadata field.').max(UPLOAD_METADATA.nameMax),
});
export type ReceiverMappingRow = z.infer<typeof ReceiverMappingRow>;

export interface ReceiverDefaults {
  mapping: ReceiverMappingRow[];
  /** The field holding when the call started: the analysis's conversation date. */
  dateSource: string;
}

/**
 * What a new receiver maps, per kind: the call's agent, queue, direction and caller number, and its start time.
 * Twilio's recording callback carries none of the first four: they come from query parameters the project adds
 * to the callback URL (`?agent=...&queue=...`), which Twilio signs with the rest.
 */
export const RECEIVER_DEFAULTS: Record<ReceiverKind, ReceiverDefaults> = {
  twilio: {
    mapping: [
      { source: 'agent', metadata: 'Representative' },
      { source: 'queue', metadata: 'Department' },
      { source: 'direction', metadata: 'Direction' },
      { source: 'caller', metadata: 'Phone' },
    ],
    dateSource: 'RecordingStartTime',
  },
  zoom: {
    mapping: [
      { source: 'payload.object.host_email', metadata: 'Representative' },
      { source: 'payload.object.topic', metadata: 'Topic' },
    ],
    dateSource: 'payload.object.start_time',
  },
  aircall: {
    mapping: [
      { source: 'data.user.name', metadata: 'Representative' },
      { source: 'data.number.name', metadata: 'Department' },
      { source: 'data.direction', metadata: 'Direction' },
      { source: 'data.raw_digits', metadata: 'Phone' },
    ],
    dateSource: 'data.started_at',
  },
  generic: {
    mapping: [
      { source: 'agent', metadata: 'Representative' },
      { source: 'queue', metadata: 'Department' },
      { source: 'direction', metadata: 'Direction' },
      { source: 'caller_number', metadata: 'Phone' },
    ],
    dateSource: 'started_at',
  },
};

const name = z.string().trim().min(1, 'Please enter a name.').max(RECEIVERS.nameMax);
const secret = z.string().trim().min(1, 'Please enter the secret.').max(RECEIVERS.secretMax);
const mapping = z
  .array(ReceiverMappingRow)
  .max(RECEIVERS.mappingMax)
  .refine((rows) => new Set(rows.map((row) => row.metadata)).size === rows.length, {
    message: 'Each metadata field can be filled from one field of the call only.',
  });
const dateSource = z.string().trim().max(RECEIVERS.sourceMax);

/**
 * A new receiver. `secret` is the provider's (Twilio's Auth Token, Zoom's Secret Token, Aircall's webhook
 * token) and required for those; a generic receiver's secret is made by Parley and answered once.
 */
export const ReceiverCreateRequest = z
  .object({
    kind: z.enum(RECEIVER_KINDS),
    name,
    prompt_id: Id,
    secret: secret.optional(),
    mapping: mapping.optional(),
    /** Empty: the conversation date is when the recording arrived. */
    date_source: dateSource.optional(),
    enabled: z.boolean().default(true),
  })
  .refine((input) => input.kind === 'generic' || input.secret !== undefined, {
    message: 'Please enter the secret.',
    path: ['secret'],
  })
  .transform((input) => ({
    ...input,
    mapping: input.mapping ?? RECEIVER_DEFAULTS[input.kind].mapping,
    date_source: input.date_source ?? RECEIVER_DEFAULTS[input.kind].dateSource,
  }));
export type ReceiverCreateRequest = z.input<typeof ReceiverCreateRequest>;

/** Changes to a receiver; a new `secret` replaces the provider's (not for a generic receiver). */
export const ReceiverUpdateRequest = z.object({
  name: name.optional(),
  prompt_id: Id.optional(),
  secret: secret.optional(),
  mapping: mapping.optional(),
  date_source: dateSource.optional(),
  enabled: z.boolean().optional(),
});
export type ReceiverUpdateRequest = z.input<typeof ReceiverUpdateRequest>;

export const Receiver = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(RECEIVER_KINDS),
  name: z.string(),
  prompt_id: z.number().int().nullable(),
  mapping: z.array(ReceiverMappingRow),
  date_source: z.string(),
  enabled: z.boolean(),
  /** The address to give the phone system: PUBLIC_URL + /api/receivers/ + an unguessable key. */
  url: z.string(),
  /** The last call event it accepted, or null. */
  last_event_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Receiver = z.infer<typeof Receiver>;

export const ReceiverResponse = z.object({ data: Receiver });
/** A generic receiver's creation answers its signing secret (`whsec_` + base64): shown this once. */
export const ReceiverCreatedResponse = z.object({
  data: Receiver.extend({ secret: z.string().nullable() }),
});
export const ReceiverListResponse = z.object({ data: z.array(Receiver) });
export const ReceiverParams = z.object({ id: Id, receiverId: Id });

/**
 * What became of a call event: received (the recording is being fetched), queued (an analysis was made),
 * duplicate (the recording was analysed before), skipped (the caller is on the blacklist), ignored (not about
 * a finished recording), failed (why in `reason`).
 */
export const RECEIVER_EVENT_STATUSES = [
  'received',
  'queued',
  'duplicate',
  'skipped',
  'ignored',
  'failed',
] as const;
export type ReceiverEventStatus = (typeof RECEIVER_EVENT_STATUSES)[number];

export const ReceiverEvent = z.object({
  id: z.number().int(),
  receiver_id: z.number().int(),
  /** The provider's id of the call or recording: a repeated event with it is answered and not taken again. */
  external_id: z.string(),
  /** The provider's event ('recording.completed', 'call.ended', 'completed' for Twilio, 'recording' for generic). */
  event_type: z.string(),
  status: z.enum(RECEIVER_EVENT_STATUSES),
  reason: z.string().nullable(),
  task_id: z.number().int().nullable(),
  /** The metadata the mapping made, as the analysis got it. */
  metadata: z.record(z.string(), z.string()),
  conversation_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReceiverEvent = z.infer<typeof ReceiverEvent>;

export const ReceiverEventListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, RECEIVERS.pageSizeMax).default(RECEIVERS.defaultPageSize),
});
export const ReceiverEventListResponse = z.object({
  data: z.object({
    items: z.array(ReceiverEvent),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

/** The public address's path parameter: the receiver's key. */
export const ReceiverKeyParams = z.object({ key: z.string().min(1).max(64) });

/**
 * The JSON a generic receiver takes (signed per Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). Any other field may be mapped to metadata by its path.
 */
export const GenericCallEvent = z
  .object({
    /** An https link to the recording (or an allowed host's). */
    recording_url: z.string().max(2000),
    /** The call's id in the phone system; else the `webhook-id` identifies it. */
    call_id: z.string().max(200).optional(),
    started_at: z.string().max(64).optional(),
    agent: z.string().max(UPLOAD_METADATA.valueMax).optional(),
    queue: z.string().max(UPLOAD_METADATA.valueMax).optional(),
    direction: z.string().max(UPLOAD_METADATA.valueMax).optional(),
    caller_number: z.string().max(UPLOAD_METADATA.valueMax).optional(),
  })
  .loose()
  .meta({ description: 'A call whose recording is ready, as a generic receiver takes it.' });

/**
 * A receiver's answer to an event it took (or had taken before): 200 quickly, the download and analysis follow
 * in the background. Zoom's URL validation is answered `{ plainToken, encryptedToken }` instead.
 */
export const ReceiverAcceptedResponse = z.union([
  z.object({
    data: z.object({ event_id: z.number().int().nullable(), status: z.enum(RECEIVER_EVENT_STATUSES) }),
  }),
  z.object({ plainToken: z.string(), encryptedToken: z.string() }),
]);
