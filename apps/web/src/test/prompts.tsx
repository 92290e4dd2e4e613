import type {
  ModelsResponse,
  Prompt,
  PromptData,
  PromptField,
  PromptListResponse,
  ProvidersResponse,
} from '@parley/contracts';
import { modelRoutes, projectRoutes, promptRoutes as promptApiRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { z } from 'zod';
import PromptFormPage from '../features/prompts/PromptFormPage';
import PromptsPage from '../features/prompts/PromptsPage';
import { ProjectGuard } from '../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeKey, testProject } from './utils';

/** Test helpers for the prompt pages (not used by the app). */

export const promptRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'prompts', element: <PromptsPage /> },
      { path: 'prompts/new', element: <PromptFormPage /> },
      { path: 'prompts/edit', element: <PromptFormPage /> },
    ],
  },
  { path: '*', element: <div>elsewhere</div> },
];

export const field = (key: string, type: PromptField['type'] = 'string', extra: Partial<PromptField> = {}) =>
  ({ key, type, explanation: '', includeInScore: false, ...extra }) as PromptField;

/** A prompt's form data, as the AI generator answers it. */
export function promptDataFixture(overrides: Partial<PromptData> = {}): PromptData {
  return {
    scriptName: 'Sales QA',
    role: 'Sales',
    basicInstruction: 'Review the call',
    transcribeInstructions: '',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5-20250929',
    responseLanguage: 'English',
    companyDetails: '',
    finalScore: 'sum',
    LVA: 'none',
    maxScore: null,
    transcriptionTask: 'translate',
    transcriptionLanguage: 'auto',
    content: [
      field('Summary'),
      field('Title'),
      field('Greeting', 'bool', { includeInScore: true }),
      field('Final Score', 'float'),
    ],
    metadataFields: ['Department', 'Representative'],
    isClassification: false,
    ...overrides,
  };
}

/** A saved prompt, as the server answers it. */
export function promptFixture(overrides: Partial<Prompt> = {}): Prompt {
  return {
    ...promptDataFixture(),
    id: 11,
    projectId: 5,
    units: 1,
    modelNotice: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-02T15:30:00.000Z',
    ...overrides,
  };
}

export const projects = [
  testProject(),
  testProject({ id: 6, name: 'Support QA', my_role: 'owner' }),
  testProject({ id: 7, name: 'Read Only', my_role: 'user' }),
];

/** The API the prompt pages call, answering from fixtures; override any route. */
export function mockPromptApi(overrides: Record<string, Handler> = {}) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: projects }),
    [routeKey(promptApiRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, {
        data: [
          promptFixture(),
          promptFixture({ id: 12, scriptName: 'Support Triage', provider: 'openai', model: 'gpt-4o' }),
        ],
      } satisfies z.input<typeof PromptListResponse>),
    [routeKey(modelRoutes.listProviders)]: () =>
      jsonResponse(200, {
        data: [
          { id: 'anthropic', name: 'Anthropic', available: true },
          { id: 'openai', name: 'OpenAI', available: false },
        ],
      } satisfies z.input<typeof ProvidersResponse>),
    [routeKey(modelRoutes.listModels, { provider: 'anthropic' })]: () =>
      jsonResponse(200, {
        data: [
          {
            model: 'claude-sonnet-4-5-20250929',
            display_name: 'Claude Sonnet 4.5',
            max_tokens: 64000,
            context_window: 200000,
            units: 1,
          },
          {
            model: 'claude-haiku-4-5-20251001',
            display_name: 'Claude Haiku 4.5',
            max_tokens: 64000,
            context_window: 200000,
            units: 0.5,
          },
          {
            model: 'claude-3-7-sonnet-20250219',
            display_name: 'Claude 3.7 Sonnet',
            max_tokens: 64000,
            context_window: 200000,
            units: 1,
            retired: true,
          },
        ],
      } satisfies z.input<typeof ModelsResponse>),
    [routeKey(modelRoutes.listModels, { provider: 'openai' })]: () =>
      jsonResponse(200, {
        data: [
          {
            model: 'gpt-4o-mini',
            display_name: 'GPT-4o mini',
            max_tokens: 16384,
            context_window: 128000,
            units: 0.5,
          },
          { model: 'gpt-4o', display_name: 'GPT-4o', max_tokens: 16384, context_window: 128000, units: 1.5 },
        ],
      } satisfies z.input<typeof ModelsResponse>),
    ...overrides,
  });
}

/** The JSON body of the last call to a route (its routeKey). */
export function lastBody(fetch: ReturnType<typeof mockFetch>, key: string): unknown {
  const [method, path] = key.split(' ');
  const calls = fetch.mock.calls.filter(
    ([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method,
  );
  const init = calls.at(-1)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

export function calls(fetch: ReturnType<typeof mockFetch>, key: string): number {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(
    ([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method,
  ).length;
}

/** Opens an MUI select and clicks an option. */
export function chooseOption(combobox: HTMLElement, name: string | RegExp) {
  fireEvent.mouseDown(combobox);
  const listbox = screen.getByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name }));
}

/** Opens an MUI select and clicks an option, the way a user does. */
export async function pickOption(user: UserEvent, combobox: HTMLElement, name: string | RegExp) {
  await user.click(combobox);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

/** A form tab, also while a dialog hides the page from the accessibility tree. */
export const tab = (name: string) => screen.getByRole('tab', { name, hidden: true });
