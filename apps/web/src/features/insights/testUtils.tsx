import {
  analyticsRoutes,
  authRoutes,
  type Insight,
  type InsightSummary,
  insightRoutes,
  modelRoutes,
  projectRoutes,
  repRoutes,
  unquoteFieldPath,
  uploadRoutes,
} from '@parley/contracts';
import type { RouteObject } from 'react-router';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { promptChoices } from '../../test/analyses';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../../test/utils';
import InsightPage from './InsightPage';
import InsightsPage from './InsightsPage';

/** Test helpers for the insight pages (not used by the app). */

export const INSIGHTS_PATH = '/projects/5/analytics/insights';

export const insightPages: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'analytics/insights', element: <InsightsPage /> },
      { path: 'analytics/insights/:insightId', element: <InsightPage /> },
      { path: 'analyses', element: <p>Analyses list</p> },
      { path: 'billing', element: <p>Billing page</p> },
    ],
  },
];

/** The fields of the 'Sales scorecard' prompt (3): three of them are default insight fields. */
export const promptFields = [
  { path: 'Quality', label: 'Quality', type: 'marks', max: 5, count: 10 },
  { path: 'Discovery.Budget', label: 'Discovery - Budget', type: 'bool', max: 1, count: 10 },
  { path: 'Sentiment', label: 'Sentiment', type: 'option', max: null, count: 10 },
  {
    path: 'Call.Closing and next steps',
    label: 'Call - Closing and next steps',
    type: 'ok',
    max: 1,
    count: 9,
  },
  { path: 'Empathy', label: 'Empathy', type: 'marks', max: 5, count: 10 },
] as const;

export const CLAUDE = {
  model: 'claude-test',
  display_name: 'Claude Test',
  max_tokens: 8000,
  context_window: 200000,
  units: 1.2,
};

export function insightFixture(overrides: Partial<Insight> = {}): Insight {
  return {
    id: 12,
    project_id: 5,
    question: 'Why do <b>deals</b> stall?',
    filters: {
      department: ['Sales'],
      representative: [],
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      prompt_id: 3,
      prompt_name: 'Sales scorecard',
      analysis_fields: ['Discovery.Budget'],
      search: null,
    },
    provider: 'anthropic',
    model: 'claude-test',
    model_name: 'Claude Test',
    status: 'completed',
    stage: 'done',
    error: null,
    analyses: 42,
    units_milli: 6000,
    charged: true,
    created_by: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
    created_at: '2026-03-31T10:00:00.000Z',
    completed_at: '2026-03-31T10:00:30.000Z',
    answer: {
      summary: 'Deals stall when the budget is <i>never</i> asked.',
      findings: [
        {
          title: 'Budget is skipped',
          detail: 'Ann skips the budget question in most calls.',
          figures: [{ label: 'Pass rate of Discovery - Budget', value: '38 %' }],
          citations: [
            {
              label: "Ann's calls without a budget question",
              analysis_ids: [101, 102],
              representative: 'Ann',
              department: null,
              field: 'Discovery.Budget',
              field_outcome: 'missed',
              moments: [{ analysis_id: 101, segment: 4, seconds: 73.5 }],
            },
          ],
        },
      ],
      actions: [{ title: 'Coach Ann on discovery', detail: 'Role-play the budget question.' }],
    },
    ...overrides,
  };
}

export const summaryOf = ({ answer: _answer, ...summary }: Insight): InsightSummary => summary;

export function listOf(items: InsightSummary[], total = items.length, page = 1, pageSize = 10) {
  return { data: { items, total, page, page_size: pageSize } };
}

/** The API of the insight pages, answering from fixtures; override any route. */
export function mockInsightsApi(overrides: Record<string, Handler> = {}, project = testProject()) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: promptChoices }),
    [routeKey(repRoutes.departments, { id: 5 })]: () =>
      routeAnswer(repRoutes.departments, { data: ['Sales', 'null', 'Support', 'undefined'] }),
    [routeKey(repRoutes.representatives, { id: 5 })]: () =>
      routeAnswer(repRoutes.representatives, { data: ['Ann', 'undefined', 'Bob', 'null'] }),
    [routeKey(analyticsRoutes.fields, { id: 5 })]: (url) =>
      routeAnswer(analyticsRoutes.fields, {
        data: url.searchParams.get('prompt_id') === '3' ? [...promptFields] : [],
      }),
    [routeKey(modelRoutes.listProviders)]: () =>
      routeAnswer(modelRoutes.listProviders, {
        data: [
          { id: 'openai', name: 'OpenAI', available: false },
          { id: 'anthropic', name: 'Anthropic', available: true },
        ],
      }),
    [routeKey(modelRoutes.listModels, { provider: 'anthropic' })]: () =>
      routeAnswer(modelRoutes.listModels, { data: [CLAUDE] }),
    [routeKey(insightRoutes.fieldContext, { id: 5 })]: (url) =>
      routeAnswer(insightRoutes.fieldContext, {
        data: url.searchParams.getAll('field').map((field) => ({
          fieldName: unquoteFieldPath(field) ?? field,
          fieldData: {
            totalUnique: 7,
            results: [
              { value: 'true', count: 30 },
              { value: 'Sometimes', count: 12 },
            ],
            remainingCount: 5,
          },
        })),
      }),
    [routeKey(insightRoutes.list, { id: 5 })]: () => routeAnswer(insightRoutes.list, listOf([])),
    [routeKey(insightRoutes.create, { id: 5 })]: () =>
      jsonResponse(202, { data: insightFixture({ status: 'queued', stage: 'queued', answer: null }) }),
    [routeKey(insightRoutes.get, { id: 5, insightId: 12 })]: () =>
      routeAnswer(insightRoutes.get, { data: insightFixture() }),
    ...overrides,
  });
}
