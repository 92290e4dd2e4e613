import {
  type AssignmentStatus,
  reviewRoutes,
  SAMPLING,
  type SamplingRuleCreateRequest,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/routes/reviews.ts (sampling rules, queue, assignments).

export const reviewQueueKeys = {
  all: (projectId: number) => ['review-queue', projectId] as const,
  queue: (projectId: number, query: WeekListQuery) => ['review-queue', projectId, 'queue', query] as const,
  assignments: (projectId: number, query: AssignmentsListQuery) =>
    ['review-queue', projectId, 'assignments', query] as const,
  rules: (projectId: number) => ['review-queue', projectId, 'rules'] as const,
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = SAMPLING.defaultPageSize;

export interface WeekListQuery {
  /** Any day of the week ('YYYY-MM-DD'); undefined: the current week in the project's timezone. */
  week?: string;
  status?: AssignmentStatus;
  page: number;
  per_page: number;
}

export interface AssignmentsListQuery extends WeekListQuery {
  reviewer_id?: number;
  rule_id?: number;
}

export const analysisPath = (projectId: number, taskId: number) =>
  `/projects/${projectId}/analysis/${taskId}`;
export const reviewPath = (projectId: number, taskId: number) => `${analysisPath(projectId, taskId)}/review`;

/** The caller's assignments of a week and their progress. */
export function useReviewQueue(projectId: number, query: WeekListQuery) {
  return useQuery({
    queryKey: reviewQueueKeys.queue(projectId, query),
    queryFn: async ({ signal }) =>
      await call(reviewRoutes.queue, { params: { id: projectId }, query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every assignment of a week with each reviewer's progress (admins and owners). */
export function useAssignments(projectId: number, query: AssignmentsListQuery, enabled = true) {
  return useQuery({
    queryKey: reviewQueueKeys.assignments(projectId, query),
    queryFn: async ({ signal }) =>
      await call(reviewRoutes.assignments, { params: { id: projectId }, query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useSamplingRules(projectId: number, enabled = true) {
  return useQuery({
    queryKey: reviewQueueKeys.rules(projectId),
    queryFn: async ({ signal }) =>
      (await call(reviewRoutes.listRules, { params: { id: projectId }, signal })).data,
    staleTime: 0,
    enabled,
  });
}

/** A rule's change assigns at once (an enabled rule runs when saved): every list of the page is read again. */
function useInvalidateAll(projectId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reviewQueueKeys.all(projectId) });
}

export function useCreateRule(projectId: number) {
  const invalidate = useInvalidateAll(projectId);
  return useMutation({
    mutationFn: async (body: SamplingRuleCreateRequest) =>
      (await call(reviewRoutes.createRule, { params: { id: projectId }, body })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateRule(projectId: number) {
  const invalidate = useInvalidateAll(projectId);
  return useMutation({
    mutationFn: async ({ ruleId, body }: { ruleId: number; body: SamplingRuleCreateRequest }) =>
      (await call(reviewRoutes.updateRule, { params: { id: projectId, ruleId }, body })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteRule(projectId: number) {
  const invalidate = useInvalidateAll(projectId);
  return useMutation({
    mutationFn: async (ruleId: number) =>
      (await call(reviewRoutes.deleteRule, { params: { id: projectId, ruleId } })).data,
    onSuccess: invalidate,
  });
}

export function useRunRule(projectId: number) {
  const invalidate = useInvalidateAll(projectId);
  return useMutation({
    mutationFn: async (ruleId: number) =>
      (await call(reviewRoutes.runRule, { params: { id: projectId, ruleId } })).data,
    onSuccess: invalidate,
  });
}
