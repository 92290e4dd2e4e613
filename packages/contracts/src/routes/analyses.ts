import { AnalysisListQuery, AnalysisListResponse, UploadResponse } from '../analyses/api.ts';
import {
  AnalysisDetailResponse,
  FailedTaskListQuery,
  FailedTaskListResponse,
  ReanalyzeRequest,
  RetryTasksRequest,
  RetryTasksResponse,
  TaskParams,
} from '../analyses/detail.ts';
import { AnalysisExportQuery } from '../analyses/export.ts';
import { SpeakerRolesResponse, SpeakerRolesUpdate } from '../analyses/roles.ts';
import { OkResponse, ProjectIdParams } from '../api.ts';
import { defineRoute } from './route.ts';

// The read side of analyses (list, detail, media, live events) for any member, reanalysis, and failed tasks
// for admins and owners. Team leaders see only the analyses of their assignment and media keys only their
// own uploads. Media keys may read the list, a detail and its media (403 elsewhere); anyone outside the
// project gets 404.
const tags = ['analyses'] as const;

export const analysisRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses',
    operationId: 'listAnalyses',
    summary: "A page of the project's analyses, newest first (filters; q searches titles and transcripts)",
    description:
      '`total` counts the matching analyses up to 10,000 (1,000 when `q` searches); when more match, `total` is ' +
      'that cap and `total_capped` is true (later pages can still be read).',
    tags,
    access: 'media-key',
    params: ProjectIdParams,
    query: AnalysisListQuery,
    responses: { 200: AnalysisListResponse },
    errors: [404],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/export',
    operationId: 'exportAnalyses',
    summary: 'Every analysis the list shows with these filters, as a CSV or JSON Lines file (streamed)',
    description:
      'Takes the filters of `listAnalyses` (no paging) and `format` (`csv`, the default, or `jsonl`); answers an ' +
      'attachment named analyses-project-{id}-{YYYYMMDD-HHMMSS}.{csv|jsonl}, newest first, with exactly the ' +
      'analyses the list shows the caller. Columns: id, created_at, title, file_name, representative, ' +
      'department, prompt_id, prompt_name, final_score, score_mode, duration_seconds, status, error; with ' +
      '`prompt_id`, then one column per answer of that prompt (dotted paths of its current fields, e.g. ' +
      '`Discovery.Budget`; lists joined with "; "). The CSV starts with a UTF-8 byte order mark (spreadsheet ' +
      'programs then read names right) and text cells that start with = + - @, a tab or a carriage return get a ' +
      "leading ' so that spreadsheets show them as text. A JSON line has the same keys and `results`: the " +
      "chosen prompt's answers by path (null when unanswered), or without `prompt_id` every answer of the " +
      "analysis's own result. The file is written as it is read, so its size has no limit.",
    tags,
    access: 'media-key',
    params: ProjectIdParams,
    query: AnalysisExportQuery,
    produces: ['text/csv', 'application/x-ndjson'],
    responses: { 200: null },
    errors: [404],
  }),
  events: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/events',
    operationId: 'streamAnalysisEvents',
    summary:
      'Live task and batch changes of the project (text/event-stream; `event: task`, data: TaskEvent; ' +
      '`event: batch`, data: BatchEvent)',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    produces: ['text/event-stream'],
    responses: { 200: null },
    errors: [403, 404],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId',
    operationId: 'getAnalysis',
    summary: 'Everything the analysis page shows',
    tags,
    access: 'media-key',
    params: TaskParams,
    responses: { 200: AnalysisDetailResponse },
    errors: [404],
  }),
  media: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId/media',
    operationId: 'getAnalysisMedia',
    summary: "The analysis's recording or conversation file (answers Range requests with 206)",
    tags,
    access: 'media-key',
    params: TaskParams,
    produces: ['audio/*', 'video/*', 'text/plain', 'application/json', 'application/octet-stream'],
    responses: { 200: null, 206: null },
    errors: [404, 416],
  }),
  reanalyze: defineRoute({
    method: 'POST',
    path: '/projects/:id/analyses/:taskId/reanalyze',
    operationId: 'reanalyzeAnalysis',
    summary: 'Analyse the same file again, with this prompt (a new analysis)',
    tags,
    access: 'full-key',
    params: TaskParams,
    body: ReanalyzeRequest,
    responses: { 201: UploadResponse },
    errors: [402, 403, 404, 503],
  }),
  speakerRoles: defineRoute({
    method: 'PUT',
    path: '/projects/:id/analyses/:taskId/speaker-roles',
    operationId: 'setSpeakerRoles',
    summary: 'Set who each speaker is (representative, customer, other); the metrics per role are recomputed',
    description:
      'Any member who can see the analysis may correct its roles; they then stay as set when the ' +
      'task is retried (a re-analysis is a new analysis, whose roles are read anew). 409 while the ' +
      'conversation has no speakers (no transcript yet, or a model that does not tell speakers apart).',
    tags,
    access: 'full-key',
    params: TaskParams,
    body: SpeakerRolesUpdate,
    responses: { 200: SpeakerRolesResponse },
    errors: [400, 403, 404, 409],
  }),
  failed: defineRoute({
    method: 'GET',
    path: '/projects/:id/failed-tasks',
    operationId: 'listFailedTasks',
    summary: "The project's failed analyses (admin or owner)",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: FailedTaskListQuery,
    responses: { 200: FailedTaskListResponse },
    errors: [403, 404],
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/projects/:id/failed-tasks/retry',
    operationId: 'retryFailedTasks',
    summary: 'Queue failed analyses again (admin or owner); ids that are not failed are ignored',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: RetryTasksRequest,
    responses: { 200: RetryTasksResponse },
    errors: [402, 403, 404, 503],
  }),
  deleteFailed: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/failed-tasks/:taskId',
    operationId: 'deleteFailedTask',
    summary: 'Delete a failed analysis (admin or owner); its file goes when no analysis uses it',
    tags,
    access: 'full-key',
    params: TaskParams,
    responses: { 200: OkResponse },
    errors: [403, 404],
  }),
};
