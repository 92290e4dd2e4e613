import { repRoutes, type TeamLeader } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { settingsKeys } from './settingsQueryKeys';

// The rep-mapping and team-leaders tabs (admins and owners), and the project's names (any member).

export function useRepMappings(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.repMappings(projectId),
    queryFn: async () => (await call(repRoutes.listMappings, { params: { id: projectId } })).data,
  });
}

export interface RepMappingValues {
  identifier: string;
  representative: string;
  department: string | null;
}

function useInvalidateReps(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.repMappings(projectId) });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.allNames(projectId) });
  };
}

/** Adds (no id) or changes (id) an entry. */
export function useSaveRepMapping(projectId: number) {
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number; values: RepMappingValues }) => {
      const saved = id
        ? await call(repRoutes.updateMapping, { params: { id: projectId, mappingId: id }, body: values })
        : await call(repRoutes.createMapping, { params: { id: projectId }, body: values });
      return saved.data;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteRepMapping(projectId: number) {
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: (id: number) => call(repRoutes.removeMapping, { params: { id: projectId, mappingId: id } }),
    onSettled: invalidate,
  });
}

export function useApplyRepMappings(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: async () => (await call(repRoutes.applyMappings, { params: { id: projectId } })).data,
    onSuccess: () => {
      invalidate();
      // The analyses list shows representatives and departments.
      void queryClient.invalidateQueries({ queryKey: ['analyses'] });
    },
  });
}

/** The project's canonical departments or representatives (any member). */
export function useNames(projectId: number, kind: 'departments' | 'representatives') {
  return useQuery({
    queryKey: settingsKeys.names(projectId, kind),
    queryFn: async () => (await call(repRoutes[kind], { params: { id: projectId } })).data,
  });
}

export function useTeamLeaders(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.teamLeaders(projectId),
    queryFn: async () => (await call(repRoutes.listTeamLeaders, { params: { id: projectId } })).data,
  });
}

export function useSaveTeamLeader(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      userId,
      departments,
      representatives,
    }: {
      userId: number;
      departments: string[];
      representatives: string[];
    }) =>
      (
        await call(repRoutes.setTeamLeader, {
          params: { id: projectId, userId },
          body: { departments, representatives },
        })
      ).data,
    onSuccess: (saved) => {
      queryClient.setQueryData<TeamLeader[]>(settingsKeys.teamLeaders(projectId), (old) =>
        old?.map((leader) => (leader.user_id === saved.user_id ? saved : leader)),
      );
    },
  });
}
