import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  FieldContextQuery,
  FieldContextResponse,
  InsightListQuery,
  InsightListResponse,
  InsightParams,
  InsightRequest,
  InsightResponse,
} from '../insights/api.ts';
import { defineRoute } from './route.ts';

// AI insights: a question answered by an LLM from the aggregated field values of the project's analyses (any
// member; team leaders over their teams' analyses, and they see their own insights only). Deleting: admins
// and owners.
const tags = ['insights'] as const;
const access = 'full-key';
const errors = [400, 403, 404] as const;

export const insightRoutes = {
  fieldContext: defineRoute({
    method: 'GET',
    path: '/projects/:id/insights/field-context',
    operationId: 'getInsightFieldContext',
    summary: 'For each field asked: distinct values, the top 5 with counts, and how many more (insight form)',
    tags,
    access,
    params: ProjectIdParams,
    query: FieldContextQuery,
    responses: { 200: FieldContextResponse },
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/insights',
    operationId: 'createInsight',
    summary: 'Ask a question: the insight runs in the background; poll it until completed or failed',
    description:
      "Priced at 5 units times the model's units; the price is held at once (402 insufficient_funds when " +
      'the project cannot pay it) and charged when the answer is ready. Department and representative take ' +
      'one name or a list; analysis_fields are quoted parts joined by dots (\'"Discovery"."Budget"\') or ' +
      'dotted paths.',
    tags,
    access,
    params: ProjectIdParams,
    body: InsightRequest,
    responses: { 202: InsightResponse },
    errors: [...errors, 402, 503],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/insights',
    operationId: 'listInsights',
    summary: "The project's insights, newest first",
    tags,
    access,
    params: ProjectIdParams,
    query: InsightListQuery,
    responses: { 200: InsightListResponse },
    errors,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id/insights/:insightId',
    operationId: 'getInsight',
    summary: 'An insight with its progress and, once completed, its answer',
    tags,
    access,
    params: InsightParams,
    responses: { 200: InsightResponse },
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/insights/:insightId',
    operationId: 'deleteInsight',
    summary: 'Delete an insight (admin or owner)',
    tags,
    access,
    params: InsightParams,
    responses: { 200: OkResponse },
    errors,
  }),
};
