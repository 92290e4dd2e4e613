import { TaskParams } from '../analyses/detail.ts';
import { OkResponse, ProjectIdParams } from '../api.ts';
import {
  AnalysisTrackerHitsResponse,
  TRACKERS,
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
    summary: 'Add a keyword tracker; it is applied to new analyses and, in the background, to past ones',
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
};
