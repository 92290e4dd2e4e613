import {
  type Project,
  projectRoutes,
  promptRoutes,
  type Receiver,
  type ReceiverEvent,
  receiverRoutes,
} from '@parley/contracts';
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { integrationRoutes } from './blacklist';
import { promptFixture } from './prompts';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  testProject,
} from './utils';

/** Test helpers for the Phone systems tab of the integrations page (not used by the app). */

export const PHONE_SYSTEMS_PATH = '/projects/5/integrations/phone-systems';

export function receiverFixture(id: number, overrides: Partial<Receiver> = {}): Receiver {
  return {
    id,
    project_id: 5,
    kind: 'twilio',
    name: `Receiver ${id}`,
    prompt_id: 11,
    mapping: [
      { source: 'agent', metadata: 'Representative' },
      { source: 'queue', metadata: 'Department' },
    ],
    date_source: 'RecordingStartTime',
    enabled: true,
    url: `https://parley.example.com/api/receivers/key${id}`,
    last_event_at: null,
    created_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function eventFixture(id: number, overrides: Partial<ReceiverEvent> = {}): ReceiverEvent {
  return {
    id,
    receiver_id: 1,
    external_id: `RE${id}`,
    event_type: 'completed',
    status: 'queued',
    reason: null,
    task_id: 40 + id,
    metadata: { Representative: 'Anna Smith', Department: 'Sales' },
    conversation_at: '2026-03-02T09:30:00.000Z',
    created_at: '2026-03-02T09:35:00.000Z',
    updated_at: '2026-03-02T09:35:00.000Z',
    ...overrides,
  };
}

export const eventsAnswer = (items: ReceiverEvent[], total = items.length) =>
  routeAnswer(receiverRoutes.events, { data: { items, total, page: 1, page_size: 10 } });

/** The calls the panel makes: the project, two prompts, the receivers and their (empty) event logs; override any. */
export function mockReceiversApi(
  {
    receivers = [receiverFixture(1)],
    project = testProject({ read_only: false }),
  }: { receivers?: Receiver[]; project?: Project } = {},
  overrides: Record<string, Handler> = {},
) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [project] }),
    [routeKey(promptRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, {
        data: [
          promptFixture(),
          promptFixture({ id: 12, scriptName: 'Support QA', metadataFields: ['Department'] }),
        ],
      }),
    [routeKey(receiverRoutes.list, { id: 5 })]: () => routeAnswer(receiverRoutes.list, { data: receivers }),
    ...Object.fromEntries(
      receivers.map((receiver) => [
        routeKey(receiverRoutes.events, { id: 5, receiverId: receiver.id }),
        () => eventsAnswer([]),
      ]),
    ),
    ...overrides,
  });
}

/** Opens the Phone systems tab and waits for its panel. */
export async function openPhoneSystems(path = PHONE_SYSTEMS_PATH) {
  const result = renderRoutes(integrationRoutes, path);
  await screen.findByTestId('receivers-panel');
  return result;
}

/** A clipboard that copies (jsdom has none); remove it with `Reflect.deleteProperty(navigator, 'clipboard')`. */
export function stubClipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}
