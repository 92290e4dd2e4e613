import {
  type ApiKey,
  apiKeyRoutes,
  authRoutes,
  type Invite,
  type Member,
  memberRoutes,
  modelRoutes,
  type Project,
  projectRoutes,
  promptRoutes,
  type RepMapping,
  repRoutes,
  type SupportAccess,
  supportRoutes,
  type TeamLeader,
  type TranscriptionProvidersResponse,
} from '@parley/contracts';
import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { vi } from 'vitest';
import type { z } from 'zod';
import SettingsPage from '../../app/pages/SettingsPage';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../../test/utils';

/** Test helpers for the settings page (not used by the app). */

export const settingsRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'settings', element: <Navigate to="general" replace /> },
      { path: 'settings/:tab', element: <SettingsPage /> },
    ],
  },
  { path: '*', element: <div>elsewhere</div> },
];

export const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
export const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export function settingsProject(overrides: Partial<Project> = {}): Project {
  return testProject({
    phone_metadata_field: null,
    keep_skipped_media: false,
    default_prompt_id: null,
    read_only: false,
    ...overrides,
  });
}

export function member(userId: number, role: Member['role'], overrides: Partial<Member> = {}): Member {
  return {
    user_id: userId,
    name: `Member ${userId}`,
    email: `member${userId}@example.com`,
    role,
    reviewer: false,
    joined_at: '2026-01-02T10:00:00.000Z',
    deactivated: false,
    ...overrides,
  };
}

export function invite(id: number, overrides: Partial<Invite> = {}): Invite {
  return {
    id,
    project_id: 5,
    email: `invitee${id}@example.com`,
    role: 'user',
    status: 'pending',
    invited_by: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-08T10:00:00.000Z',
    ...overrides,
  };
}

export function apiKey(id: number, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    project_id: 5,
    name: `Key ${id}`,
    key_mask: `pk_live_ab${id}c…`,
    type: 'full',
    status: 'active',
    user_id: 1,
    user_first_name: 'Ada',
    user_last_name: 'Lovelace',
    user_email: 'ada@example.com',
    created_at: '2026-03-01T10:00:00.000Z',
    last_used: null,
    revoked_at: null,
    ...overrides,
  };
}

export function repMapping(id: number, overrides: Partial<RepMapping> = {}): RepMapping {
  return {
    id,
    project_id: 5,
    identifier: `ext-${id}`,
    representative: `Rep ${id}`,
    department: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function teamLeader(userId: number, overrides: Partial<TeamLeader> = {}): TeamLeader {
  return {
    user_id: userId,
    name: `Leader ${userId}`,
    email: `leader${userId}@example.com`,
    departments: [],
    representatives: [],
    updated_at: null,
    ...overrides,
  };
}

export function supportAccess(overrides: Partial<SupportAccess> = {}): SupportAccess {
  return {
    active: false,
    expires_at: null,
    granted_at: null,
    granted_by: null,
    revoked_at: null,
    ...overrides,
  };
}

/** OpenAI (whisper-1, the server default) and Deepgram configured; AssemblyAI without a key. */
export function transcriptionCatalog(): z.infer<typeof TranscriptionProvidersResponse> {
  return {
    default: { provider: 'openai', model: 'whisper-1' },
    data: [
      {
        id: 'openai',
        name: 'OpenAI',
        available: true,
        models: [
          { model: 'whisper-1', display_name: 'Whisper', units: 1, diarizes: false },
          {
            model: 'gpt-4o-transcribe-diarize',
            display_name: 'GPT-4o Transcribe (speakers)',
            units: 1,
            diarizes: true,
          },
        ],
      },
      {
        id: 'deepgram',
        name: 'Deepgram',
        available: true,
        models: [{ model: 'nova-3', display_name: 'Nova-3', units: 1, diarizes: true }],
      },
      {
        id: 'assemblyai',
        name: 'AssemblyAI',
        available: false,
        models: [{ model: 'universal', display_name: 'Universal', units: 0.5, diarizes: true }],
      },
    ],
  };
}

/** The project, the user (Ada, id 1) and empty lists; `handlers` override or add calls. */
export function mockSettingsApi(handlers: Record<string, Handler> = {}, project = settingsProject()) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => routeAnswer(projectRoutes.get, { data: project }),
    [routeKey(promptRoutes.list, { id: 5 })]: () => jsonResponse(200, { data: [] }),
    [routeKey(modelRoutes.listTranscriptionProviders)]: () =>
      routeAnswer(modelRoutes.listTranscriptionProviders, transcriptionCatalog()),
    [routeKey(memberRoutes.list, { id: 5 })]: () =>
      routeAnswer(memberRoutes.list, {
        data: {
          members: [member(1, 'owner', { name: 'Ada Lovelace', email: 'ada@example.com' })],
          invites: [],
        },
      }),
    [routeKey(repRoutes.departments, { id: 5 })]: () => routeAnswer(repRoutes.departments, { data: [] }),
    [routeKey(repRoutes.representatives, { id: 5 })]: () =>
      routeAnswer(repRoutes.representatives, { data: [] }),
    [routeKey(repRoutes.listMappings, { id: 5 })]: () => routeAnswer(repRoutes.listMappings, { data: [] }),
    [routeKey(repRoutes.listTeamLeaders, { id: 5 })]: () =>
      routeAnswer(repRoutes.listTeamLeaders, { data: [] }),
    [routeKey(apiKeyRoutes.list, { id: 5 })]: () => routeAnswer(apiKeyRoutes.list, { data: [] }),
    [routeKey(supportRoutes.status, { id: 5 })]: () =>
      routeAnswer(supportRoutes.status, { data: supportAccess() }),
    [routeKey(supportRoutes.audit, { id: 5 })]: () =>
      routeAnswer(supportRoutes.audit, { data: { items: [], total: 0, page: 1, page_size: 25 } }),
    ...handlers,
  });
}

/** Mocks the API (`handlers` over mockSettingsApi's), opens a settings tab and waits for its heading. */
export async function openSettingsTab(
  tab: string,
  heading: string,
  handlers: Record<string, Handler>,
  project = settingsProject(),
) {
  const fetch = mockSettingsApi(handlers, project);
  renderRoutes(settingsRoutes, `/projects/5/settings/${tab}`);
  await screen.findByRole('heading', { name: heading });
  return fetch;
}

/** The notice bar's text box. */
export const notice = () => screen.getByTestId('toast');

/** Calls of a route (its routeKey; the query is not compared) so far. */
export function callsTo(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET').toUpperCase() === method;
  });
}

/** The JSON body of the last call of a route (its routeKey). */
export function lastBody(fetch: ReturnType<typeof mockFetch>, key: string): unknown {
  const call = callsTo(fetch, key).at(-1);
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

/** The calls that would change something (any method but GET) so far, as 'METHOD /path'. */
export function writeCalls(fetch: ReturnType<typeof mockFetch>): string[] {
  return fetch.mock.calls.flatMap(([input, init]) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    return method === 'GET' ? [] : [`${method} ${new URL(String(input), 'http://localhost').pathname}`];
  });
}
