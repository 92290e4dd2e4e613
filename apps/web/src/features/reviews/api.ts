import { type AnalysisReviews, reviewRoutes, type SaveReview } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisKeys } from '../../shared/api/analyses';
import { call } from '../../shared/api/client';
import { reviewKeys } from '../../shared/api/reviewKeys';

// Routes and shapes: packages/contracts/src/routes/reviews.ts.

export const reviewPath = (projectId: number, taskId: number) =>
  `/projects/${projectId}/analysis/${taskId}/review`;

export function useAnalysisReviews(projectId: number, taskId: number, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.analysis(projectId, taskId),
    queryFn: async ({ signal }): Promise<AnalysisReviews> =>
      (await call(reviewRoutes.list, { params: { id: projectId, taskId }, signal })).data,
    enabled: enabled && Number.isInteger(taskId) && taskId > 0,
  });
}

function useInvalidate(projectId: number, taskId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.analysis(projectId, taskId) });
    // The list shows the human score and filters by it.
    void queryClient.invalidateQueries({ queryKey: analysisKeys.lists(projectId) });
  };
}

export function useSaveReview(projectId: number, taskId: number) {
  const invalidate = useInvalidate(projectId, taskId);
  return useMutation({
    mutationFn: async (body: SaveReview) =>
      (await call(reviewRoutes.save, { params: { id: projectId, taskId }, body })).data,
    onSuccess: invalidate,
  });
}

export function useDiscardReview(projectId: number, taskId: number) {
  const invalidate = useInvalidate(projectId, taskId);
  return useMutation({
    mutationFn: async () => (await call(reviewRoutes.discard, { params: { id: projectId, taskId } })).data,
    onSuccess: invalidate,
  });
}

export function useAcknowledgeReview(projectId: number, taskId: number) {
  const invalidate = useInvalidate(projectId, taskId);
  return useMutation({
    mutationFn: async (reviewId: number) =>
      (await call(reviewRoutes.acknowledge, { params: { id: projectId, reviewId } })).data,
    onSuccess: invalidate,
  });
}
