import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  GenericCallEvent,
  RECEIVERS,
  ReceiverAcceptedResponse,
  ReceiverCreatedResponse,
  ReceiverCreateRequest,
  ReceiverEventListQuery,
  ReceiverEventListResponse,
  ReceiverKeyParams,
  ReceiverListResponse,
  ReceiverParams,
  ReceiverResponse,
  ReceiverUpdateRequest,
} from '../receivers/api.ts';
import { defineRoute } from './route.ts';

// A project's phone-system receivers (Integrations → Phone systems) and their event log. Admins and owners (and
// full API keys acting for one); other members 403, anyone else 404, also for another project's receiver. The
// receiving address itself is public: the provider's signature is its authentication.
const tags = ['receivers'] as const;
const access = 'full-key';
const errors = [403, 404] as const;

export const receiverRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/receivers',
    operationId: 'listReceivers',
    summary: "The project's phone-system receivers, oldest first",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: ReceiverListResponse },
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/receivers',
    operationId: 'createReceiver',
    summary: 'Add a receiver for Twilio, Zoom, Aircall or a generic signed JSON',
    description:
      `At most ${RECEIVERS.receiversMax} receivers per project (409 too_many_receivers). 422 invalid_value when ` +
      "the prompt is not the project's; 503 when the server has no ENCRYPTION_KEY (secrets are stored " +
      "encrypted). A generic receiver's signing secret is answered this once.",
    tags,
    access,
    params: ProjectIdParams,
    body: ReceiverCreateRequest,
    responses: { 201: ReceiverCreatedResponse },
    errors: [...errors, 409, 422, 503],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/projects/:id/receivers/:receiverId',
    operationId: 'updateReceiver',
    summary: "Change a receiver's name, prompt, secret, mapping or state (its address stays)",
    tags,
    access,
    params: ReceiverParams,
    body: ReceiverUpdateRequest,
    responses: { 200: ReceiverResponse },
    errors: [...errors, 422, 503],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/receivers/:receiverId',
    operationId: 'deleteReceiver',
    summary: 'Delete a receiver and its event log (its analyses stay); its address answers 404 from then on',
    tags,
    access,
    params: ReceiverParams,
    responses: { 200: OkResponse },
    errors,
  }),
  events: defineRoute({
    method: 'GET',
    path: '/projects/:id/receivers/:receiverId/events',
    operationId: 'listReceiverEvents',
    summary: "A receiver's call events, newest first, with what became of each",
    tags,
    access,
    params: ReceiverParams,
    query: ReceiverEventListQuery,
    responses: { 200: ReceiverEventListResponse },
    errors,
  }),
  receive: defineRoute({
    method: 'POST',
    path: '/receivers/:key',
    operationId: 'receiveCallEvent',
    summary: "A phone system's call event (the address a receiver shows)",
    description:
      "Twilio posts its recording status callback form signed with X-Twilio-Signature; Zoom its JSON events signed with x-zm-signature (its endpoint.url_validation is answered with the token Zoom expects); Aircall its JSON events carrying the webhook's token; a generic sender the JSON below, signed per Standard Webhooks. 401 when the signature does not hold or the signed time is more than 5 minutes away, 404 for an unknown or disabled receiver. An event already taken (the same call or recording id) answers 200 with what became of it; the recording is fetched and analysed in the background.",
    tags,
    access: 'public',
    params: ReceiverKeyParams,
    // Read as raw bytes (the signatures are over them) and by the receiver's kind: documented, not validated.
    form: GenericCallEvent,
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    responses: { 200: ReceiverAcceptedResponse },
    errors: [401, 404, 413, 415, 429],
  }),
} as const;
