import { z } from 'zod';
import { AnalysisListItem } from '../analyses/api.ts';
import { AUTOMATION_WEBHOOK_EVENT, AutomationFiredPayload } from '../automations/api.ts';
import { UploadBatch } from '../bulk/api.ts';
import { ChangeRequest } from '../change-requests/api.ts';
import { Id, PG_INTEGER_MAX, Timestamp, wholeNumber } from '../inputs.ts';
import { Insight } from '../insights/api.ts';
import { Review } from '../reviews/api.ts';

// Webhooks (issue 36 part 1): per project, admins and owners (and full API keys). Signed per the Standard
// Webhooks specification; delivered at least once from a queue (apps/server/src/modules/webhooks).

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'analysis.completed',
  'analysis.failed',
  'analysis.corrected',
  'analysis.knocked_out',
  'change_request.created',
  'change_request.resolved',
  'batch.completed',
  'insight.completed',
  'billing.balance_low',
  'review.submitted',
  'review.acknowledged',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "send test event" posts; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOKS = {
  urlMax: 2000,
  descriptionMax: 500,
  /** Endpoints per project: each event costs one delivery per subscribed endpoint. */
  endpointsMax: 20,
  /** A receiver that answers 2xx within this is a success; anything else a failure. */
  timeoutMs: 15_000,
  /** Of a receiver's answer, this much is kept in the delivery log. */
  responseBodyMaxBytes: 1024,
  /** After a rotation the old secret still signs (and so is valid) this long. */
  rotationGraceMs: 24 * 60 * 60 * 1000,
  /**
   * Seconds before each retry after a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h, about three
   * days in all (67.6 h); then the endpoint is disabled. The server's default: WEBHOOK_RETRY_DELAYS_SECONDS
   * replaces it.
   */
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, ...Array<number>(6).fill(10 * 3600)],
  /** Deliveries one "resend failed" sends again (the oldest first); ask again for more. */
  resendMax: 1000,
  defaultPageSize: 50,
  pageSizeMax: 100,
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const url = z.string().trim().min(1, 'Please enter the endpoint URL.').max(WEBHOOKS.urlMax);
const description = z.string().trim().max(WEBHOOKS.descriptionMax);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const WebhookEndpointCreateRequest = z.object({
  url,
  description: description.default(''),
  events,
  enabled: z.boolean().default(true),
});
export const WebhookEndpointUpdateRequest = z.object({
  url: url.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the platform disabled it (its deliveries kept failing), or null. */
  disabled_reason: z.string().nullable(),
  /** Until when the previous secret still signs after a rotation, or null. */
  previous_secret_expires_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointResponse = z.object({ data: WebhookEndpoint });
/** Creation and rotation answer the signing secret (`whsec_` + base64): shown this once, never again. */
export const WebhookEndpointWithSecretResponse = z.object({
  data: WebhookEndpoint.extend({ secret: z.string() }),
});
export const WebhookEndpointListResponse = z.object({ data: z.array(WebhookEndpoint) });

export const WebhookEndpointParams = z.object({ id: Id, endpointId: Id });
export const WebhookDeliveryParams = WebhookEndpointParams.extend({ deliveryId: Id });

export const WebhookDelivery = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  /** The `webhook-id` header: the same for every attempt, so receivers can drop duplicates. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  response_status: z.number().int().nullable(),
  /** The first 1 KB of the receiver's last answer (or why there was none). */
  response_body: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, WEBHOOKS.pageSizeMax).default(WEBHOOKS.defaultPageSize),
});
export const WebhookDeliveryListResponse = z.object({
  data: z.object({
    items: z.array(WebhookDelivery),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
export const WebhookDeliveryResponse = z.object({ data: WebhookDelivery });

export const WebhookResendFailedRequest = z.object({ since: Timestamp });
export const WebhookResendFailedResponse = z.object({ data: z.object({ resent: z.number().int() }) });

// ---------- what receivers get: the body of each delivery ----------

/** An event's body: its type, when it happened and the resource; the description is the OpenAPI document's. */
const envelope = <T extends string, D extends z.ZodType>(type: T, data: D, description: string) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data }).meta({ description });

export const AnalysisCompletedEvent = envelope(
  'analysis.completed',
  AnalysisListItem,
  'An analysis completed: the analysis as the analyses list answers it.',
);
export const AnalysisFailedEvent = envelope(
  'analysis.failed',
  AnalysisListItem,
  'An analysis failed: the analysis as the analyses list answers it (error and error_reason say why).',
);
export const AnalysisCorrectedEvent = envelope(
  'analysis.corrected',
  AnalysisListItem,
  "A change request's values were approved into an analysis: the analysis as listed.",
);
export const AnalysisKnockedOutEvent = envelope(
  'analysis.knocked_out',
  AnalysisListItem,
  'An analysis completed with a knockout answer (sent beside analysis.completed): the analysis as listed; ' +
    "its final score is 0 or the prompt's cap, the analysis page says which answer.",
);
export const ChangeRequestCreatedEvent = envelope(
  'change_request.created',
  ChangeRequest,
  'A change request was opened: the request as the change requests API answers it to an admin (can_review ' +
    'is false: a receiver cannot review).',
);
export const ChangeRequestResolvedEvent = envelope(
  'change_request.resolved',
  ChangeRequest,
  'A change request was approved or rejected: the request as the change requests API answers it to an admin.',
);
export const BatchCompletedEvent = envelope(
  'batch.completed',
  UploadBatch,
  'A bulk upload finished (completed, partially_completed or failed): the batch as the batches API answers it.',
);
export const InsightCompletedEvent = envelope(
  'insight.completed',
  Insight,
  'An AI insight answered (and was charged): the insight as the insights API answers it to an admin.',
);
export const BalanceLowEvent = envelope(
  'billing.balance_low',
  z.object({
    project_id: z.number().int(),
    /** The balance after the debit, in the project's currency. */
    balance: z.number(),
    /** What the debit took, in the project's currency. */
    amount: z.number(),
    currency: z.string(),
    /** Below this the balance is low. */
    threshold: z.number(),
  }),
  "A charge, plan purchase or adjustment took the project's balance from at least the low-balance threshold " +
    '(5) to below it; once per crossing, again after a credit lifts it.',
);
export const ReviewSubmittedEvent = envelope(
  'review.submitted',
  Review,
  "A person submitted a review of an analysis: the review with the AI's and the reviewer's answer per field " +
    'and both scores, as the reviews API answers it.',
);
export const ReviewAcknowledgedEvent = envelope(
  'review.acknowledged',
  Review,
  "The analysis's representative acknowledged a submitted review: the review as the reviews API answers it.",
);
export const AutomationFiredEvent = envelope(
  AUTOMATION_WEBHOOK_EVENT,
  AutomationFiredPayload,
  'An automation rule fired and names this endpoint in a webhook action (no endpoint subscribes to it): the ' +
    'rule, the event that fired it and the analysis as listed.',
);
export const WebhookTestEvent = envelope(
  WEBHOOK_TEST_EVENT,
  z.object({ endpoint_id: z.number().int(), project_id: z.number().int() }),
  'Sent only by "send test event" in the settings (no endpoint subscribes to it).',
);
export const WebhookEvent = z.discriminatedUnion('type', [
  AnalysisCompletedEvent,
  AnalysisFailedEvent,
  AnalysisCorrectedEvent,
  AnalysisKnockedOutEvent,
  ChangeRequestCreatedEvent,
  ChangeRequestResolvedEvent,
  BatchCompletedEvent,
  InsightCompletedEvent,
  BalanceLowEvent,
  ReviewSubmittedEvent,
  ReviewAcknowledgedEvent,
  AutomationFiredEvent,
  WebhookTestEvent,
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
