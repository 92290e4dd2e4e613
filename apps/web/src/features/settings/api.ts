import type {
  ApiKey,
  ApiKeyType,
  Invite,
  Member,
  MemberRole,
  Project,
  RepMapping,
  SupportAccess,
  SupportAccessUnit,
  TeamLeader,
} from '@parley/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../shared/api/client';
import { send } from '../../shared/api/request';
import { projectQueryKey, projectsQueryKey } from '../projects/api';

// Routes and shapes: packages/contracts/src/settings/api.ts (admins and owners unless said otherwise).

export const settingsKeys = {
  all: (projectId: number) => ['settings', projectId] as const,
  project: (projectId: number) => ['settings', projectId, 'project'] as const,
  members: (projectId: number) => ['settings', projectId, 'members'] as const,
  repMappings: (projectId: number) => ['settings', projectId, 'rep-mappings'] as const,
  names: (projectId: number, kind: 'departments' | 'representatives') =>
    ['settings', projectId, 'names', kind] as const,
  teamLeaders: (projectId: number) => ['settings', projectId, 'team-leaders'] as const,
  apiKeys: (projectId: number) => ['settings', projectId, 'api-keys'] as const,
  support: (projectId: number) => ['settings', projectId, 'support-access'] as const,
  audit: (projectId: number, page: number, pageSize: number) =>
    ['settings', projectId, 'support-audit', page, pageSize] as const,
};

/**
 * The project as the settings page loads it (GET /projects/{id}, every settings field). A failure keeps
 * the server's message, or none, so that the page can fall back to 'Failed to load project data'.
 */
export function useSettingsProject(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.project(projectId),
    queryFn: async ({ signal }) => (await send<{ data: Project }>(`/projects/${projectId}`, { signal })).data,
    retry: false,
    staleTime: 0,
  });
}

/** Keeps the cached project (list and by id) in step with a saved one. */
function useStoreProject() {
  const queryClient = useQueryClient();
  return (project: Project) => {
    queryClient.setQueryData<Project[]>(projectsQueryKey, (old) =>
      old?.map((p) => (p.id === project.id ? project : p)),
    );
    queryClient.setQueryData(projectQueryKey(project.id), project);
    queryClient.setQueryData(settingsKeys.project(project.id), project);
  };
}

export interface AnalysisSettings {
  phone_metadata_field: string | null;
  keep_skipped_media: boolean;
  default_prompt_id: number | null;
}

export function useSaveAnalysisSettings(projectId: number) {
  const store = useStoreProject();
  return useMutation({
    mutationFn: (input: AnalysisSettings) =>
      apiData<Project>(`/projects/${projectId}`, { method: 'PUT', body: input }),
    onSuccess: store,
  });
}

export function useTransferOwnership(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/transfer-ownership`, {
        method: 'POST',
        body: { user_id: userId },
      }),
    onSuccess: () => {
      // My role changed (owner -> admin): the project and the team are out of date.
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all(projectId) });
    },
  });
}

export function useDeleteProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      apiData<{ ok: true }>(`/projects/${projectId}`, {
        method: 'DELETE',
        body: { confirm_name: confirmName },
      }),
    onSuccess: () => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (old) => old?.filter((p) => p.id !== projectId));
      queryClient.removeQueries({ queryKey: projectQueryKey(projectId) });
      queryClient.removeQueries({ queryKey: settingsKeys.all(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true });
    },
  });
}

// ---------- team members and invitations ----------

export interface MembersData {
  members: Member[];
  invites: Invite[];
}

export function useMembers(projectId: number, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.members(projectId),
    queryFn: () => apiData<MembersData>(`/projects/${projectId}/members`),
    enabled,
  });
}

function useInvalidateMembers(projectId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.members(projectId) });
    void queryClient.invalidateQueries({ queryKey: settingsKeys.teamLeaders(projectId) });
  };
}

export function useInvite(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (input: { email: string; role: MemberRole }) =>
      apiData<Invite>(`/projects/${projectId}/invites`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvite(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (inviteId: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/invites/${inviteId}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useChangeRole(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: MemberRole }) =>
      apiData<Member>(`/projects/${projectId}/members/${userId}`, { method: 'PUT', body: { role } }),
    onSettled: () => {
      invalidate();
      // My own role may have changed.
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}

export function useRemoveMember(projectId: number) {
  const invalidate = useInvalidateMembers(projectId);
  return useMutation({
    mutationFn: (userId: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/members/${userId}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

// ---------- rep mapping and team leaders ----------

export function useRepMappings(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.repMappings(projectId),
    queryFn: () => apiData<RepMapping[]>(`/projects/${projectId}/rep-mappings`),
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
    void queryClient.invalidateQueries({ queryKey: ['settings', projectId, 'names'] });
  };
}

export function useSaveRepMapping(projectId: number) {
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: RepMappingValues }) =>
      apiData<RepMapping>(
        id ? `/projects/${projectId}/rep-mappings/${id}` : `/projects/${projectId}/rep-mappings`,
        { method: id ? 'PUT' : 'POST', body: values },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteRepMapping(projectId: number) {
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: (id: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/rep-mappings/${id}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

export function useApplyRepMappings(projectId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReps(projectId);
  return useMutation({
    mutationFn: () =>
      apiData<{ changed: number }>(`/projects/${projectId}/rep-mappings/apply`, { method: 'POST' }),
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
    queryFn: () => apiData<string[]>(`/projects/${projectId}/${kind}`),
  });
}

export function useTeamLeaders(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.teamLeaders(projectId),
    queryFn: () => apiData<TeamLeader[]>(`/projects/${projectId}/team-leaders`),
  });
}

export function useSaveTeamLeader(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      departments,
      representatives,
    }: {
      userId: number;
      departments: string[];
      representatives: string[];
    }) =>
      apiData<TeamLeader>(`/projects/${projectId}/team-leaders/${userId}`, {
        method: 'PUT',
        body: { departments, representatives },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TeamLeader[]>(settingsKeys.teamLeaders(projectId), (old) =>
        old?.map((leader) => (leader.user_id === saved.user_id ? saved : leader)),
      );
    },
  });
}

// ---------- API keys ----------

export type CreatedApiKey = ApiKey & { api_key?: string };

export function useApiKeys(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.apiKeys(projectId),
    queryFn: () => apiData<ApiKey[]>(`/projects/${projectId}/api-keys`),
  });
}

export function useCreateApiKey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; type: ApiKeyType }) =>
      apiData<CreatedApiKey>(`/projects/${projectId}/api-keys`, {
        method: 'POST',
        body: { name: input.name, project_id: projectId, type: input.type },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys(projectId) }),
  });
}

export function useRevokeApiKey(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      apiData<ApiKey>(`/projects/${projectId}/api-keys/${keyId}/revoke`, { method: 'POST' }),
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(settingsKeys.apiKeys(projectId), (old) =>
        old?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys(projectId) }),
  });
}

// ---------- support access ----------

export function useSupportAccess(projectId: number) {
  return useQuery({
    queryKey: settingsKeys.support(projectId),
    queryFn: () => apiData<SupportAccess>(`/projects/${projectId}/support-access`),
  });
}

export interface SupportAuditPage {
  items: {
    id: number;
    user_id: number | null;
    user_name: string | null;
    user_email: string | null;
    method: string;
    path: string;
    allowed: boolean;
    created_at: string;
  }[];
  total: number;
  page: number;
  page_size: number;
}

export function useSupportAudit(projectId: number, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.audit(projectId, page, pageSize),
    queryFn: () =>
      apiData<SupportAuditPage>(
        `/projects/${projectId}/support-access/audit?page=${page}&page_size=${pageSize}`,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useStoreSupport(projectId: number) {
  const queryClient = useQueryClient();
  return (access: SupportAccess) => {
    queryClient.setQueryData(settingsKeys.support(projectId), access);
    void queryClient.invalidateQueries({ queryKey: ['settings', projectId, 'support-audit'] });
  };
}

export function useGrantSupport(projectId: number) {
  const store = useStoreSupport(projectId);
  return useMutation({
    mutationFn: (input: { duration: number; unit: SupportAccessUnit }) =>
      apiData<SupportAccess>(`/projects/${projectId}/support-access`, { method: 'POST', body: input }),
    onSuccess: store,
  });
}

export function useRevokeSupport(projectId: number) {
  const store = useStoreSupport(projectId);
  return useMutation({
    mutationFn: () => apiData<SupportAccess>(`/projects/${projectId}/support-access`, { method: 'DELETE' }),
    onSuccess: store,
  });
}
