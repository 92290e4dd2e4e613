import { TaskParams } from '../analyses/detail.ts';
import { ProjectIdParams } from '../api.ts';
import {
  AgreementQuery,
  AgreementResponse,
  DisagreementListResponse,
  DisagreementQuery,
} from '../reviews/agreement-api.ts';
import {
  AnalysisReviewsResponse,
  MemberReviewerUpdate,
  ReviewParams,
  ReviewResponse,
  SaveReview,
} from '../reviews/api.ts';
import {
  CalibrationCreateRequest,
  CalibrationListQuery,
  CalibrationListResponse,
  CalibrationParams,
  CalibrationSessionResponse,
} from '../reviews/calibration.ts';
import {
  AssignmentsOverviewResponse,
  AssignmentsQuery,
  QueueQuery,
  ReviewQueueResponse,
  SamplingRuleCreateRequest,
  SamplingRuleListResponse,
  SamplingRuleParams,
  SamplingRuleResponse,
  SamplingRuleUpdateRequest,
  SamplingRunResponse,
} from '../reviews/sampling.ts';
import { MemberParams, MemberResponse } from '../settings/api.ts';
import { defineRoute } from './route.ts';

// Reviews by people (issue 35 part 3). Owners, admins, team leaders (their teams' analyses) and members with
// the reviewer permission review the analyses they see; the analysis's representative acknowledges a review
// (or disputes it through a change request). An analysis the caller does not see, or another project's: 404.
const tags = ['reviews'] as const;

export const reviewRoutes = {
  agreement: defineRoute({
    method: 'GET',
    path: '/projects/:id/reviews/agreement',
    operationId: 'getReviewAgreement',
    summary: "How often reviewers kept the AI's answers: per field and scorecard version of a prompt",
    description:
      'From submitted reviews of the analyses the caller sees: the share of answers kept with its 95 % ' +
      "(Wilson) interval, Cohen's kappa for yes/no, ok/not ok, option and classification fields, and the mean " +
      'absolute difference for numbers and marks, each with its count and interval; optionally per ' +
      'representative, reviewer or month. For members who review (team leaders, admins, owners, reviewers); ' +
      '403 for others.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: AgreementQuery,
    responses: { 200: AgreementResponse },
    errors: [403, 404],
  }),
  disagreements: defineRoute({
    method: 'GET',
    path: '/projects/:id/reviews/agreement/disagreements',
    operationId: 'listReviewDisagreements',
    summary: "The reviewed answers of one field where the reviewer changed the AI's answer, newest first",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: DisagreementQuery,
    responses: { 200: DisagreementListResponse },
    errors: [403, 404],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId/reviews',
    operationId: 'listAnalysisReviews',
    summary: "An analysis's submitted reviews, the caller's draft and what the caller may do",
    tags,
    access: 'full-key',
    params: TaskParams,
    responses: { 200: AnalysisReviewsResponse },
    errors: [403, 404],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/projects/:id/analyses/:taskId/reviews/mine',
    operationId: 'saveAnalysisReview',
    summary: "Save the caller's review of a completed analysis as a draft, or submit it (submit: true)",
    description:
      'Each answer names a correctable field of the prompt the analysis ran with, its value typed like the ' +
      'field (422 invalid_value otherwise); fields not named keep the AI answer. The human score is computed ' +
      'like the AI score, knockouts included. One review per reviewer and analysis: a submitted one cannot ' +
      'change (409 review_submitted). 403 for members who may not review it (users without the reviewer ' +
      'permission, the representative of the analysis); 409 not_completed before a result.',
    tags,
    access: 'full-key',
    params: TaskParams,
    body: SaveReview,
    responses: { 200: ReviewResponse },
    errors: [403, 404, 409, 422],
  }),
  discard: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/analyses/:taskId/reviews/mine',
    operationId: 'discardAnalysisReview',
    summary: "Discard the caller's draft review (404 without one)",
    tags,
    access: 'full-key',
    params: TaskParams,
    responses: { 200: ReviewResponse },
    errors: [403, 404],
  }),
  acknowledge: defineRoute({
    method: 'POST',
    path: '/projects/:id/reviews/:reviewId/acknowledge',
    operationId: 'acknowledgeReview',
    summary: 'The representative of the analysis acknowledges a submitted review (the time is kept)',
    description:
      'Only the member the rep mapping names as the analysis’s representative (403 otherwise). 409 ' +
      'already_acknowledged. To disagree, open a change request on the analysis instead.',
    tags,
    access: 'full-key',
    params: ReviewParams,
    responses: { 200: ReviewResponse },
    errors: [403, 404, 409],
  }),
  listRules: defineRoute({
    method: 'GET',
    path: '/projects/:id/sampling-rules',
    operationId: 'listSamplingRules',
    summary: 'The sampling rules that pick the analyses people review each week (admin or owner)',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: SamplingRuleListResponse },
    errors: [403, 404],
  }),
  createRule: defineRoute({
    method: 'POST',
    path: '/projects/:id/sampling-rules',
    operationId: 'createSamplingRule',
    summary: 'Add a sampling rule (admin or owner); an enabled rule assigns the current week at once',
    description:
      'random: N analyses per representative and week; knockout: every knocked-out analysis; score_below: ' +
      'every final score below a threshold; disputed: every analysis with a change request; unsure: every ' +
      'analysis where the model said it was unsure of a field (field_path: of that field of the prompt). ' +
      'Filtered by prompt, department and conversation dates; assigned round-robin to the named reviewers ' +
      '(none named: every member who may review the analysis), at most weekly_goal per reviewer. 409 ' +
      'too_many_rules past the limit; 422 when a named reviewer or prompt is not of the project, or ' +
      'field_path not a field of the prompt.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: SamplingRuleCreateRequest,
    responses: { 201: SamplingRuleResponse },
    errors: [403, 404, 409, 422],
  }),
  updateRule: defineRoute({
    method: 'PUT',
    path: '/projects/:id/sampling-rules/:ruleId',
    operationId: 'updateSamplingRule',
    summary: "Replace a sampling rule's settings (admin or owner); assignments already made stay",
    tags,
    access: 'full-key',
    params: SamplingRuleParams,
    body: SamplingRuleUpdateRequest,
    responses: { 200: SamplingRuleResponse },
    errors: [403, 404, 422],
  }),
  deleteRule: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/sampling-rules/:ruleId',
    operationId: 'deleteSamplingRule',
    summary: 'Delete a sampling rule (admin or owner); its open assignments go, done ones stay',
    tags,
    access: 'full-key',
    params: SamplingRuleParams,
    responses: { 200: SamplingRuleResponse },
    errors: [403, 404],
  }),
  runRule: defineRoute({
    method: 'POST',
    path: '/projects/:id/sampling-rules/:ruleId/run',
    operationId: 'runSamplingRule',
    summary: 'Run a sampling rule for the current week now (admin or owner); a rerun assigns nothing new',
    description:
      'Rules also run on a schedule. Picking is deterministic (the rule seed, the week and the analysis), so ' +
      'a rerun over the same analyses picks the same ones and assigns only what is missing. 409 rule_disabled.',
    tags,
    access: 'full-key',
    params: SamplingRuleParams,
    responses: { 200: SamplingRunResponse },
    errors: [403, 404, 409],
  }),
  queue: defineRoute({
    method: 'GET',
    path: '/projects/:id/reviews/queue',
    operationId: 'getReviewQueue',
    summary: "The caller's review assignments of a week, open ones first, with their progress",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: QueueQuery,
    responses: { 200: ReviewQueueResponse },
    errors: [404],
  }),
  assignments: defineRoute({
    method: 'GET',
    path: '/projects/:id/reviews/assignments',
    operationId: 'listReviewAssignments',
    summary: "A week's review assignments of every reviewer with their progress (admin or owner)",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: AssignmentsQuery,
    responses: { 200: AssignmentsOverviewResponse },
    errors: [403, 404],
  }),
  createCalibration: defineRoute({
    method: 'POST',
    path: '/projects/:id/calibrations',
    operationId: 'createCalibrationSession',
    summary: 'Start a calibration session: several reviewers review one analysis blind (admin or owner)',
    description:
      'The reviewers (2–20) must be members who may review the analysis and not its representative (422 ' +
      'invalid_value otherwise). While the session is open, a participant who has not submitted sees no other ' +
      "review of the analysis; once everyone submitted (or an admin closes it), everyone sees each other's " +
      'answers side by side. 409 not_completed for an analysis without a result, calibration_open when the ' +
      'analysis has an open session already, too_many_calibrations past the limit of open sessions.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: CalibrationCreateRequest,
    responses: { 201: CalibrationSessionResponse },
    errors: [403, 404, 409, 422],
  }),
  listCalibrations: defineRoute({
    method: 'GET',
    path: '/projects/:id/calibrations',
    operationId: 'listCalibrationSessions',
    summary: 'Calibration sessions, open ones first, newest first: all for admins and owners, else the own',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: CalibrationListQuery,
    responses: { 200: CalibrationListResponse },
    errors: [404],
  }),
  getCalibration: defineRoute({
    method: 'GET',
    path: '/projects/:id/calibrations/:calibrationId',
    operationId: 'getCalibrationSession',
    summary: "A calibration session with the participants' answers side by side once the caller may see them",
    description: 'For admins, owners and the participants; 404 for others.',
    tags,
    access: 'full-key',
    params: CalibrationParams,
    responses: { 200: CalibrationSessionResponse },
    errors: [404],
  }),
  closeCalibration: defineRoute({
    method: 'POST',
    path: '/projects/:id/calibrations/:calibrationId/close',
    operationId: 'closeCalibrationSession',
    summary:
      'Close a calibration session before everyone submitted: the answers show to all (admin or owner)',
    description: '409 calibration_closed when it is closed already.',
    tags,
    access: 'full-key',
    params: CalibrationParams,
    responses: { 200: CalibrationSessionResponse },
    errors: [403, 404, 409],
  }),
  setReviewer: defineRoute({
    method: 'PUT',
    path: '/projects/:id/members/:userId/reviewer',
    operationId: 'setMemberReviewer',
    summary: 'Give or take the reviewer permission of a member (admin or owner)',
    description:
      'A reviewer reviews the analyses they see whatever their role; team leaders, admins and owners review ' +
      'by their role anyway.',
    tags: ['members'],
    access: 'full-key',
    params: MemberParams,
    body: MemberReviewerUpdate,
    responses: { 200: MemberResponse },
    errors: [403, 404],
  }),
};
