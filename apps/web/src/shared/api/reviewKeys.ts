/**
 * React Query key of an analysis's reviews (features/reviews). Shared: a calibration session decides whose
 * reviews the caller sees, so starting or closing one reads them again.
 */
export const reviewKeys = {
  analysis: (projectId: number, taskId: number) => ['reviews', projectId, taskId] as const,
};
