import { TaskParams } from '../analyses/detail.ts';
import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  AnalysisTrackerHitsResponse,
  TRACKERS,
  TrackerApplyEstimateResponse,
  TrackerApplyRange,
  TrackerCreateRequest,
  TrackerListResponse,
  TrackerParams,
  TrackerResponse,
  TrackerStatsQuery,
  TrackerStatsResponse,
  TrackerUpdateRequest,
} from '../trackers/api.ts';
import { defineRoute } from './route.ts';

// A project's trackers (issue 38): admins and owners (and full API keys acting for one) define them; every member
// reads them, their hits in an analysis and their hit rates (team leaders: within their teams). Anyone outside
// the project 404, also for another project's tracker.
const tags = ['trackers'] as const;
const access = 'full-key';

export const trackerRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/trackers',
    operationId: 'listTrackers',
    summary: "The project's trackers, by name, with how far each is applied to past analyses",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: TrackerListResponse },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/trackers',
    operationId: 'createTracker',
    summary:
      'Add a tracker: keywords (applied to new analyses and, in the background, free, to past ones) or smart (answered with new analyses)',
    description: `Admins and owners. At most ${TRACKERS.trackersMax} trackers per project (409 too_many_trackers); 409 tracker_name_taken for a name the project has.`,
    tags,
    access,
    params: ProjectIdParams,
    body: TrackerCreateRequest,
    responses: { 201: TrackerResponse },
    errors: [403, 404, 409],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/projects/:id/trackers/:trackerId',
    operationId: 'updateTracker',
    summary: 'Change a tracker; a change of what it matches applies it anew to past analyses',
    description: 'Admins and owners. 409 tracker_name_taken for a name another tracker of the project has.',
    tags,
    access,
    params: TrackerParams,
    body: TrackerUpdateRequest,
    responses: { 200: TrackerResponse },
    errors: [403, 404, 409],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/trackers/:trackerId',
    operationId: 'deleteTracker',
    summary: 'Delete a tracker and its hits',
    description: 'Admins and owners.',
    tags,
    access,
    params: TrackerParams,
    responses: { 200: OkResponse },
    errors: [403, 404],
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/projects/:id/trackers/stats',
    operationId: 'getTrackerStats',
    summary: 'Hit rates of the trackers per representative, department or month of the conversation',
    tags,
    access,
    params: ProjectIdParams,
    query: TrackerStatsQuery,
    responses: { 200: TrackerStatsResponse },
    errors: [400, 404],
  }),
  analysisHits: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId/trackers',
    operationId: 'getAnalysisTrackerHits',
    summary: 'The trackers an analysis hit, each with its moments in the transcript',
    tags,
    access,
    params: TaskParams,
    responses: { 200: AnalysisTrackerHitsResponse },
    errors: [404],
  }),
  applyEstimate: defineRoute({
    method: 'GET',
    path: '/projects/:id/trackers/:trackerId/apply-estimate',
    operationId: 'estimateTrackerApply',
    summary:
      'The price of applying a smart tracker to past analyses: the analyses in the range and their units',
    description:
      'Admins and owners. 409 not_smart_tracker for a keyword tracker (applied to past analyses for free).',
    tags,
    access,
    params: TrackerParams,
    query: TrackerApplyRange,
    responses: { 200: TrackerApplyEstimateResponse },
    errors: [400, 403, 404, 409],
  }),
  apply: defineRoute({
    method: 'POST',
    path: '/projects/:id/trackers/:trackerId/apply',
    operationId: 'applyTracker',
    summary: 'Apply a smart tracker to past analyses (priced, in the background)',
    description:
      "Admins and owners. The project's completed analyses in the range are each asked the tracker's statement in " +
      "a model call (the generation model's units per analysis), held at once (402 insufficient_funds when the " +
      'project cannot pay it) and charged for the analyses answered once the run ends; its progress is the ' +
      "tracker's `apply`. 409 not_smart_tracker for a keyword tracker, tracker_apply_running while a run is " +
      'under way, nothing_to_apply when the range has no analysis.',
    tags,
    access,
    params: TrackerParams,
    body: TrackerApplyRange,
    responses: { 202: TrackerResponse },
    errors: [400, 402, 403, 404, 409],
  }),
};
