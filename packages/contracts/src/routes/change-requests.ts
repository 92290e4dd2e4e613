import { TaskParams } from '../analyses/detail.ts';
import { ProjectIdParams } from '../api.ts';
import {
  ApproveChangeRequest,
  CalibrationQuery,
  CalibrationResponse,
  ChangeRequestListQuery,
  ChangeRequestListResponse,
  ChangeRequestOpenCountResponse,
  ChangeRequestParams,
  ChangeRequestResponse,
  CreateChangeRequest,
  RejectChangeRequest,
} from '../change-requests/api.ts';
import { defineRoute } from './route.ts';

// Change requests (issue 19). Members see their own requests, team leaders those on their teams'
// analyses, admins and owners all; team leaders (their teams), admins and owners review. Support access
// reads only. Another project's request or an analysis the caller does not see: 404.
const tags = ['change-requests'] as const;
const errors = [403, 404] as const;

export const changeRequestRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/analyses/:taskId/change-requests',
    operationId: 'createChangeRequest',
    summary: 'Dispute result fields of a completed analysis, or ask for it to be analysed again',
    description:
      'kind field: each path must be a result field of the prompt the analysis ran with, the value typed like ' +
      'the field. 409 when the analysis is not completed or a path already has an open request.',
    tags,
    access: 'full-key',
    params: TaskParams,
    body: CreateChangeRequest,
    responses: { 201: ChangeRequestResponse },
    errors: [...errors, 409, 422],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/change-requests',
    operationId: 'listChangeRequests',
    summary: 'A page of the change requests the caller sees, newest first, with counts per status',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: ChangeRequestListQuery,
    responses: { 200: ChangeRequestListResponse },
    errors,
  }),
  openCount: defineRoute({
    method: 'GET',
    path: '/projects/:id/change-requests/open-count',
    operationId: 'countOpenChangeRequests',
    summary: 'How many open requests the caller sees (for the sidebar)',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: ChangeRequestOpenCountResponse },
    errors,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id/change-requests/:requestId',
    operationId: 'getChangeRequest',
    summary: 'One change request',
    tags,
    access: 'full-key',
    params: ChangeRequestParams,
    responses: { 200: ChangeRequestResponse },
    errors,
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/projects/:id/change-requests/:requestId/approve',
    operationId: 'approveChangeRequest',
    summary: 'Approve: set the (optionally edited) values and recompute the score, or start the re-analysis',
    tags,
    access: 'full-key',
    params: ChangeRequestParams,
    body: ApproveChangeRequest,
    responses: { 200: ChangeRequestResponse },
    errors: [...errors, 402, 409, 422],
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/projects/:id/change-requests/:requestId/reject',
    operationId: 'rejectChangeRequest',
    summary: 'Reject with a reason',
    tags,
    access: 'full-key',
    params: ChangeRequestParams,
    body: RejectChangeRequest,
    responses: { 200: ChangeRequestResponse },
    errors: [...errors, 409],
  }),
  calibration: defineRoute({
    method: 'GET',
    path: '/projects/:id/analytics/calibration',
    operationId: 'getCalibration',
    summary: 'Per field of a prompt: the share of AI values reviewers changed, per model and per month',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: CalibrationQuery,
    responses: { 200: CalibrationResponse },
    errors: [400, 404],
  }),
};
