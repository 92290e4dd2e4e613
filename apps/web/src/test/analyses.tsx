import type {
  AnalysisDetail,
  AnalysisListResponse,
  PromptField,
  TaskResult,
  UploadPrompt,
  UploadResponse,
} from '@parley/contracts';
import { analysisRoutes, projectRoutes, uploadRoutes } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { expect, vi } from 'vitest';
import type { z } from 'zod';
import AnalysisPage from '../app/pages/AnalysisPage';
import AnalysesPage from '../features/analyses/AnalysesPage';
import AnalysisRedirect from '../features/analyses/AnalysisRedirect';
import FailedTasksPage from '../features/failed-tasks/FailedTasksPage';
import type { AnalysisRow } from '../shared/api/analyses';
import { ProjectGuard, RequireProjectManager } from '../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeKey, testProject } from './utils';

/** Test helpers for the analyses and failed-tasks pages (not used by the app). */

export const analysesRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analyses', element: <AnalysesPage /> },
      { path: 'analyses/:analysisId', element: <AnalysisRedirect /> },
      { path: 'analysis/upload', element: <div>Upload page</div> },
      { path: 'analysis/:taskId', element: <AnalysisPage /> },
      {
        element: <RequireProjectManager />,
        children: [{ path: 'failed-tasks', element: <FailedTasksPage /> }],
      },
    ],
  },
];

/** Opens the stream and waits for the reload that follows (what changed before the stream opened). */
export async function openStream(source: MockEventSource, client: QueryClient): Promise<void> {
  source.open();
  await waitFor(() => expect(client.isFetching()).toBe(0));
}

/** A stand-in for the browser's EventSource: tests open, fail and feed it by hand. */
export class MockEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: MockEventSource[] = [];

  readyState = MockEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    MockEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = MockEventSource.CLOSED;
  }

  /** The server accepted the stream. */
  open() {
    act(() => {
      this.readyState = MockEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  /** The server sends `event: <type>` with this JSON. */
  emit(type: string, data: unknown) {
    act(() => {
      const event = new MessageEvent(type, { data: JSON.stringify(data) });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }

  /** The connection dropped (the browser retries) or, with `closed`, was refused (it gives up). */
  drop(closed = false) {
    act(() => {
      this.readyState = closed ? MockEventSource.CLOSED : MockEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }

  get closed() {
    return this.readyState === MockEventSource.CLOSED;
  }

  static latest(): MockEventSource {
    const source = MockEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }
}

export function stubEventSource() {
  MockEventSource.instances = [];
  vi.stubGlobal('EventSource', MockEventSource);
}

export function listItem(id: number, overrides: Partial<AnalysisRow> = {}): AnalysisRow {
  const uploaded = new Date(Date.UTC(2026, 2, 10, 9, 30) - id * 60_000).toISOString();
  return {
    id,
    created_at: uploaded,
    conversation_at: uploaded,
    title: `Call ${id}`,
    representative: 'Alice',
    department: 'Sales',
    prompt_id: 3,
    prompt_name: 'Sales scorecard',
    final_score: 80,
    score_mode: 'sum',
    duration_seconds: 125,
    status: 'completed',
    stage: 'done',
    progress: 100,
    error: null,
    error_reason: null,
    file_name: `call-${id}.mp3`,
    ...overrides,
  };
}

export function listPage(
  items: AnalysisRow[],
  total = items.length,
  page = 1,
  pageSize = 25,
  totalCapped = false,
) {
  return {
    data: { items, total, total_capped: totalCapped, page, page_size: pageSize },
  } satisfies z.input<typeof AnalysisListResponse>;
}

export const promptChoices = [
  { id: 3, name: 'Sales scorecard', project_id: 5, metadataFields: ['Department', 'Representative'] },
  { id: 4, name: 'Support checklist', project_id: 5, metadataFields: [] },
] satisfies z.input<typeof UploadPrompt>[];

/** POST /projects/5/analyses/42/reanalyze: the new analysis. */
export const reanalyzed = (taskId: number) =>
  ({
    data: { restarted: true, task_id: taskId, audio: { id: 7 } },
    message: `Force reanalysis started! Task ID: ${taskId}`,
    analysis_url: `/projects/5/analysis/${taskId}`,
  }) satisfies z.input<typeof UploadResponse>;

/** A prompt with one field of every type (and a group). */
export const scorecardFields: PromptField[] = [
  { key: 'Summary', type: 'string', explanation: 'Provide a concise summary', includeInScore: false },
  { key: 'Title', type: 'string', explanation: 'A title', includeInScore: false },
  { key: 'Objections', type: 'int', explanation: 'How many objections', includeInScore: false },
  { key: 'Talk speed', type: 'float', explanation: 'Words per second', includeInScore: false },
  { key: 'Topics', type: 'array', explanation: 'Topics discussed', includeInScore: false },
  { key: 'Greeted', type: 'bool', explanation: 'Did the rep greet?', includeInScore: true },
  { key: 'Closing', type: 'ok', explanation: 'Closed properly', includeInScore: true },
  {
    key: 'Sentiment',
    type: 'option',
    explanation: 'Customer mood',
    includeInScore: false,
    options: [
      { value: 'positive', explanation: 'The customer was pleased' },
      { value: 'negative', explanation: 'The customer was upset' },
    ],
  },
  {
    key: 'Empathy',
    type: 'marks',
    explanation: 'Empathy shown',
    includeInScore: true,
    marks: [
      { value: 1, explanation: 'Cold' },
      { value: 3, explanation: 'Warm and attentive' },
      { value: 5, explanation: 'Outstanding' },
    ],
  },
  {
    key: 'Discovery',
    type: 'object',
    explanation: 'Needs discovery',
    includeInScore: false,
    content: [{ key: 'Budget', type: 'bool', explanation: 'Asked about budget', includeInScore: true }],
  },
  { key: 'Final Score', type: 'float', explanation: 'The final score', includeInScore: false },
];

export const scorecardResult: TaskResult = {
  prompt: { id: 3, name: 'Sales scorecard' },
  values: {
    Summary: 'The customer asked about pricing and agreed to a demo.',
    Title: 'Pricing call with Acme',
    Objections: 2,
    'Talk speed': 2.75,
    Topics: ['pricing', 'demo'],
    Greeted: true,
    Closing: 'not ok',
    Sentiment: 'positive',
    Empathy: 3,
    Discovery: { Budget: false },
    'Final Score': 44.44,
  },
  evidence: {
    Greeted: {
      justification: 'The rep said hello first.',
      quote: 'Hello, thanks for calling',
      timestamp: 0.5,
      unsure: false,
    },
    Empathy: {
      justification: 'The rep listened.',
      quote: 'I understand completely',
      timestamp: 12.5,
      unsure: false,
    },
    'Discovery.Budget': { justification: 'Budget never came up.', quote: '', timestamp: null, unsure: true },
  },
  score: {
    mode: 'percent',
    score: 44.44,
    sum: 4,
    maxBounded: 8,
    base: 9,
    fields: [
      { path: 'Greeted', type: 'bool', points: 1, max: 1 },
      { path: 'Closing', type: 'ok', points: 0, max: 1 },
      { path: 'Empathy', type: 'marks', points: 3, max: 5 },
      { path: 'Discovery.Budget', type: 'bool', points: 0, max: 1 },
    ],
    knockouts: [],
  },
};

export function detailFixture(overrides: Partial<AnalysisDetail> = {}): AnalysisDetail {
  return {
    id: 42,
    project_id: 5,
    status: 'completed',
    stage: 'done',
    progress: 100,
    priority: 1,
    scheduled_at: null,
    created_at: '2026-03-10T09:30:00.000Z',
    conversation_at: '2026-03-08T14:15:00.000Z',
    conversation_at_source: 'declared',
    updated_at: '2026-03-10T09:32:00.000Z',
    started_at: '2026-03-10T09:30:05.000Z',
    completed_at: '2026-03-10T09:32:00.000Z',
    attempts: 1,
    title: 'Pricing call with Acme',
    representative: 'Alice',
    department: 'Sales',
    metadata: { Department: 'Sales', Representative: 'Alice' },
    final_score: 44.44,
    units_charged: 3.125,
    error: null,
    error_reason: null,
    prompt_id: 3,
    prompt: {
      id: 3,
      name: 'Sales scorecard',
      source: 'snapshot',
      data: { scriptName: 'Sales scorecard', finalScore: 'percent', maxScore: 9, content: scorecardFields },
    },
    media: {
      id: 7,
      file_name: 'acme-call.mp3',
      kind: 'audio',
      content_type: 'audio/mpeg',
      size_bytes: 1_048_576,
      duration_seconds: 30,
      channels: 2,
      has_video: false,
      source_url: null,
      url: '/api/projects/5/analyses/42/media',
    },
    transcript: [
      { start: 0.5, end: 4, text: 'Hello, thanks for calling.', speaker: 'Channel 1' },
      { start: 4.5, end: 10, text: 'Hi, I have a question about pricing?', speaker: 'Channel 2' },
      { start: 12.5, end: 18, text: 'I understand completely.', speaker: 'Channel 1' },
    ],
    transcript_text: null,
    result: scorecardResult,
    metrics: {
      durationSeconds: 30,
      speakers: [
        {
          speaker: 'Channel 1',
          talkSeconds: 9,
          talkRatio: 0.6,
          words: 7,
          wordsPerMinute: 46.7,
          questions: 0,
          interruptions: 0,
        },
        {
          speaker: 'Channel 2',
          talkSeconds: 5.5,
          talkRatio: 0.4,
          words: 8,
          wordsPerMinute: 87.3,
          questions: 1,
          interruptions: 1,
        },
      ],
      longestMonologue: { speaker: 'Channel 1', seconds: 5.5, start: 12.5 },
      silenceShare: 0.5167,
      overlaps: 2,
      interruptions: 1,
    },
    speaker_roles: {
      roles: { 'Channel 1': 'representative', 'Channel 2': 'customer' },
      source: 'channel',
      check: 'agrees',
      metrics: {
        representative_share: 62.1,
        customer_share: 37.9,
        representative_longest_monologue: 5.5,
        customer_longest_story: 5.5,
        representative_questions: 0,
        customer_questions: 1,
        representative_interruptions: 0,
        customer_interruptions: 1,
        representative_words_per_minute: 46.7,
        customer_words_per_minute: null,
      },
    },
    lva: null,
    ...overrides,
  };
}

/** The API the pages call, answering from fixtures; override any route. */
export function mockAnalysesApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: promptChoices }),
    [routeKey(analysisRoutes.list, { id: 5 })]: () => jsonResponse(200, listPage([listItem(1), listItem(2)])),
    [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
      jsonResponse(200, { data: detailFixture() }),
    ...overrides,
  });
}

export function requests(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === path;
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
}

/** jsdom has no media playback: position and play() are stubbed on the element prototype. */
export function mockMedia() {
  const state = { time: 0 };
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(() => state.time);
  const setTime = vi
    .spyOn(HTMLMediaElement.prototype, 'currentTime', 'set')
    .mockImplementation((value: number) => {
      state.time = value;
    });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  return { state, setTime, play };
}
