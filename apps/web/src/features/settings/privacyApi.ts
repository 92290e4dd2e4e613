import { type PrivacySettings, privacyRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settingsQueryKeys';

// The privacy tab: a project's redaction and retention settings (admins and owners).

const retentionPreviewKey = (projectId: number) =>
  [...settingsKeys.privacy(projectId), 'retention-preview'] as const;

export function usePrivacySettings(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.privacy(projectId),
    queryFn: async ({ signal }) =>
      (await call(privacyRoutes.get, { params: { id: projectId }, signal })).data,
  });
}

export function useSavePrivacySettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: PrivacySettings) =>
      (await call(privacyRoutes.update, { params: { id: projectId }, body: settings })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.privacy(projectId), saved);
      // New retention days change what will be deleted next.
      void queryClient.invalidateQueries({ queryKey: retentionPreviewKey(projectId) });
    },
  });
}

/** What retention deletes next (shown under the retention fields). */
export function useRetentionPreview(projectId: number) {
  return useQuery({
    queryKey: retentionPreviewKey(projectId),
    queryFn: async ({ signal }) =>
      (await call(privacyRoutes.retentionPreview, { params: { id: projectId }, signal })).data,
  });
}
