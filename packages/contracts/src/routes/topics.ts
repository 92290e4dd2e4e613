import { ProjectIdParams } from '../api.ts';
import {
  TOPICS,
  TopicEstimateResponse,
  TopicPeriodRequest,
  TopicRunDetailResponse,
  TopicRunListResponse,
  TopicRunParams,
  TopicRunResponse,
  TopicSettingsRequest,
  TopicSettingsResponse,
} from '../topics/api.ts';
import { defineRoute } from './route.ts';

// Topics (issue 38 part 3): every member reads a project's runs and topics (examples: the analyses the reader
// may see); admins and owners (and full API keys acting for one) estimate, start and schedule runs. Anyone
// outside the project 404, also for another project's run.
const tags = ['topics'] as const;
const access = 'full-key';

export const topicRoutes = {
  listRuns: defineRoute({
    method: 'GET',
    path: '/projects/:id/topics/runs',
    operationId: 'listTopicRuns',
    summary: "The project's topic runs, newest first, and whether it runs them monthly",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: TopicRunListResponse },
    errors: [404],
  }),
  getRun: defineRoute({
    method: 'GET',
    path: '/projects/:id/topics/runs/:runId',
    operationId: 'getTopicRun',
    summary: 'A topic run with its topics: counts, trend, emerging flag, suggested tracker and examples',
    tags,
    access,
    params: TopicRunParams,
    responses: { 200: TopicRunDetailResponse },
    errors: [404],
  }),
  estimate: defineRoute({
    method: 'GET',
    path: '/projects/:id/topics/estimate',
    operationId: 'estimateTopicRun',
    summary: 'What a topic run of a period would group and cost',
    description: `Admins and owners. Without dates: the last ${TOPICS.defaultPeriodDays} days up to today (UTC).`,
    tags,
    access,
    params: ProjectIdParams,
    query: TopicPeriodRequest,
    responses: { 200: TopicEstimateResponse },
    errors: [403, 404],
  }),
  start: defineRoute({
    method: 'POST',
    path: '/projects/:id/topics/runs',
    operationId: 'startTopicRun',
    summary: 'Start a topic run of a period in the background; its price is held now and charged once done',
    description:
      'Admins and owners. 402 insufficient_funds when the project cannot pay it; 409 topic_run_running while a run is queued or running; 422 too_few_conversations.',
    tags,
    access,
    params: ProjectIdParams,
    body: TopicPeriodRequest,
    responses: { 202: TopicRunResponse },
    errors: [402, 403, 404, 409, 422, 503],
  }),
  settings: defineRoute({
    method: 'PUT',
    path: '/projects/:id/topics/settings',
    operationId: 'updateTopicSettings',
    summary: 'Run topics every month for the previous calendar month (charged like a run on demand), or stop',
    tags,
    access,
    params: ProjectIdParams,
    body: TopicSettingsRequest,
    responses: { 200: TopicSettingsResponse },
    errors: [403, 404],
  }),
};
