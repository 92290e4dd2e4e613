/** React Query keys of the settings page, one family per project (dropped together when it is deleted). */
export const settingsKeys = {
  all: (projectId: number) => ['settings', projectId] as const,
  project: (projectId: number) => ['settings', projectId, 'project'] as const,
  members: (projectId: number) => ['settings', projectId, 'members'] as const,
  repMappings: (projectId: number) => ['settings', projectId, 'rep-mappings'] as const,
  allNames: (projectId: number) => ['settings', projectId, 'names'] as const,
  names: (projectId: number, kind: 'departments' | 'representatives') =>
    ['settings', projectId, 'names', kind] as const,
  teamLeaders: (projectId: number) => ['settings', projectId, 'team-leaders'] as const,
  apiKeys: (projectId: number) => ['settings', projectId, 'api-keys'] as const,
  privacy: (projectId: number) => ['settings', projectId, 'privacy'] as const,
  support: (projectId: number) => ['settings', projectId, 'support-access'] as const,
  allAudit: (projectId: number) => ['settings', projectId, 'support-audit'] as const,
  audit: (projectId: number, page: number, pageSize: number) =>
    ['settings', projectId, 'support-audit', page, pageSize] as const,
};
