import {
  DRIVE,
  type DriveConnection,
  type FolderIntegration,
  googleDriveRoutes,
  type RouteBody,
} from '@parley/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';

export const driveKeys = {
  all: (projectId: number) => ['drive', projectId] as const,
  connections: (projectId: number) => ['drive', projectId, 'connections'] as const,
  integrations: (projectId: number) => ['drive', projectId, 'integrations'] as const,
  history: (projectId: number, id: number) => ['drive', projectId, 'history', id] as const,
  folders: (projectId: number, connectionId: number, parentId: string | null) =>
    ['drive', projectId, 'folders', connectionId, parentId] as const,
  preview: (projectId: number, connectionId: number | null, folderId: string) =>
    ['drive', projectId, 'preview', connectionId, folderId] as const,
};

export function useConnections(projectId: number) {
  return useQuery({
    queryKey: driveKeys.connections(projectId),
    queryFn: async ({ signal }): Promise<DriveConnection[]> =>
      (await call(googleDriveRoutes.listConnections, { query: { project_id: projectId }, signal })).data,
  });
}

/** The folder integrations; while one of them syncs, the list is asked again every few seconds until it ends. */
export function useIntegrations(projectId: number) {
  return useQuery({
    queryKey: driveKeys.integrations(projectId),
    queryFn: async ({ signal }): Promise<FolderIntegration[]> =>
      (await call(googleDriveRoutes.listIntegrations, { query: { project_id: projectId }, signal })).data,
    refetchInterval: (query) =>
      query.state.data?.some((integration) => integration.syncing) ? DRIVE.reloadAfterSyncMs : false,
  });
}

/** Reloads both lists (and the sync histories). */
export function useReloadDrive(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: driveKeys.all(projectId) });
}

/** Where Google sends the browser back after the consent (spec 2 §2.7). */
export const DRIVE_CALLBACK_PATH = '/auth/google-drive/callback';
/** The consent's state and the project it is for, kept while the browser is at Google. */
export const DRIVE_OAUTH_STORAGE_KEY = 'parley.googleDriveOAuthState';

export interface PendingDriveAuth {
  state: string;
  projectId: number;
}

export function storePendingAuth(pending: PendingDriveAuth): void {
  localStorage.setItem(DRIVE_OAUTH_STORAGE_KEY, JSON.stringify(pending));
}

export function readPendingAuth(): PendingDriveAuth | null {
  try {
    const raw = localStorage.getItem(DRIVE_OAUTH_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<PendingDriveAuth>) : null;
    if (typeof parsed?.state !== 'string' || typeof parsed.projectId !== 'number') return null;
    return { state: parsed.state, projectId: parsed.projectId };
  } catch {
    return null;
  }
}

export function forgetPendingAuth(): void {
  try {
    localStorage.removeItem(DRIVE_OAUTH_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** The browser leaves for Google; a seam so tests can watch it. */
export const browser = {
  go: (url: string) => window.location.assign(url),
};

/** Whether this server can make Drive connections (Google client and ENCRYPTION_KEY set), and why not. */
export function useDriveAvailability() {
  return useQuery({
    queryKey: ['drive', 'availability'],
    queryFn: async ({ signal }) => (await call(googleDriveRoutes.oauthStatus, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new connection with its name, or the consent again for a connection that lost (or never got) it. */
export type ConnectTarget = { name: string } | { connectionId: number };

/**
 * Sends the browser to Google's consent, keeping the state for the callback page (spec 2 §4 'Connecting'):
 * a new connection (an empty name becomes 'Google Drive Connection') or an existing one again.
 */
export function useConnect(projectId: number) {
  return useMutation({
    mutationFn: async (target: ConnectTarget) => {
      const redirect_uri = `${window.location.origin}${DRIVE_CALLBACK_PATH}`;
      const answer =
        'name' in target
          ? await call(googleDriveRoutes.createConnection, {
              body: {
                project_id: projectId,
                name: target.name.trim() || DRIVE.defaultConnectionName,
                redirect_uri,
              },
            })
          : await call(googleDriveRoutes.auth, {
              body: { project_id: projectId, connection_id: target.connectionId, redirect_uri },
            });
      return answer.data;
    },
    onSuccess: ({ auth_url, state }) => {
      storePendingAuth({ state, projectId });
      browser.go(auth_url);
    },
  });
}

/** Finishes the consent on the callback page. */
export function useFinishAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RouteBody<typeof googleDriveRoutes.callback>) =>
      (await call(googleDriveRoutes.callback, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['drive'] }),
  });
}

export function useDeleteConnection(projectId: number) {
  const reload = useReloadDrive(projectId);
  return useMutation({
    mutationFn: (id: number) =>
      call(googleDriveRoutes.deleteConnection, { params: { id }, query: { project_id: projectId } }),
    onSettled: () => void reload(),
  });
}

export type IntegrationBody = Omit<RouteBody<typeof googleDriveRoutes.createIntegration>, 'project_id'>;

/** Creates (id null) or updates a folder integration. */
export function useSaveIntegration(projectId: number) {
  const reload = useReloadDrive(projectId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: IntegrationBody }) =>
      id === null
        ? call(googleDriveRoutes.createIntegration, { body: { project_id: projectId, ...body } })
        : call(googleDriveRoutes.updateIntegration, {
            params: { id },
            body: { project_id: projectId, ...body },
          }),
    onSuccess: () => void reload(),
  });
}

export function useDeleteIntegration(projectId: number) {
  const reload = useReloadDrive(projectId);
  return useMutation({
    mutationFn: (id: number) =>
      call(googleDriveRoutes.deleteIntegration, { params: { id }, query: { project_id: projectId } }),
    onSettled: () => void reload(),
  });
}

/** A manual sync: forced, since the user asked for it now. */
export function useSync(projectId: number) {
  return useMutation({
    mutationFn: async (integrationId: number) =>
      (
        await call(googleDriveRoutes.sync, {
          body: { integration_id: integrationId, force_sync: true, project_id: projectId },
        })
      ).data,
  });
}

export function useSyncHistory(projectId: number, integrationId: number) {
  return useQuery({
    queryKey: driveKeys.history(projectId, integrationId),
    queryFn: async ({ signal }) =>
      (
        await call(googleDriveRoutes.syncHistory, {
          params: { id: integrationId },
          query: { project_id: projectId },
          signal,
        })
      ).data,
    // A running sync's counts grow as it goes: asked again until it has ended.
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'running') ? DRIVE.reloadAfterSyncMs : false,
  });
}

/** The folders under a parent (the Drive's root for null), page by page. */
export function useDriveFolders(projectId: number, connectionId: number, parentId: string | null) {
  return useInfiniteQuery({
    queryKey: driveKeys.folders(projectId, connectionId, parentId),
    queryFn: async ({ pageParam, signal }) =>
      (
        await call(googleDriveRoutes.listFolders, {
          body: {
            connection_id: connectionId,
            parent_folder_id: parentId,
            page_token: pageParam,
            project_id: projectId,
          },
          signal,
        })
      ).data,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_page_token,
  });
}

/** The first recordings a sync of the folder would find (none is downloaded); idle until both are chosen. */
export function useFolderPreview(projectId: number, connectionId: number | null, folderId: string) {
  return useQuery({
    queryKey: driveKeys.preview(projectId, connectionId, folderId),
    queryFn: async ({ signal }) =>
      (
        await call(googleDriveRoutes.previewFolder, {
          body: { connection_id: connectionId!, folder_id: folderId, project_id: projectId },
          signal,
        })
      ).data,
    enabled: connectionId !== null && folderId !== '',
    retry: false,
  });
}
