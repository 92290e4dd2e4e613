import { privacyRoutes } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';

// Route and shape: packages/contracts/src/routes/privacy.ts (originalTranscript).

/**
 * Not under analysisKeys: invalidating an analysis (live task events) must not read the original again, since
 * every reading is written to the audit trail.
 */
export const originalTranscriptKey = (projectId: number, taskId: number) =>
  ['original-transcript', projectId, taskId] as const;

/**
 * An analysis's transcript before redaction (admins and owners), fetched only while `enabled`. Read once per
 * page view: not again on focus or when switched off and on, and dropped from memory once nobody shows it.
 */
export function useOriginalTranscript(projectId: number, taskId: number, enabled: boolean) {
  return useQuery({
    queryKey: originalTranscriptKey(projectId, taskId),
    queryFn: async ({ signal }) =>
      (await call(privacyRoutes.originalTranscript, { params: { id: projectId, taskId }, signal })).data
        .transcript,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
