import { projectIdFromPath } from '@parley/contracts';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useProjectById, useProjects } from './projects';

export const LAST_PROJECT_STORAGE_KEY = 'parley.lastProjectId';

export function readLastProjectId(): number | null {
  try {
    const value = Number(localStorage.getItem(LAST_PROJECT_STORAGE_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeLastProjectId(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(LAST_PROJECT_STORAGE_KEY);
    else localStorage.setItem(LAST_PROJECT_STORAGE_KEY, String(id));
  } catch {
    // storage unavailable
  }
}

/**
 * The selected project: the id in the URL, else the last one selected (if it is still in the list).
 * `project` is set only when the user can open it (from the list, or fetched by the guard).
 */
export function useSelectedProject() {
  const { pathname } = useLocation();
  const projects = useProjects();
  const urlId = projectIdFromPath(pathname);
  // Only reads the cache (the guard fills it when the project is not in the list).
  const byId = useProjectById(urlId ?? 0, false);

  const selection = useMemo(() => {
    const list = projects.data;
    let id = urlId;
    if (id === null) {
      const last = readLastProjectId();
      if (last !== null && list?.some((p) => p.id === last)) id = last;
    }
    const fromCache = byId.data && byId.data.id === id ? byId.data : undefined;
    const project = id === null ? undefined : (list?.find((p) => p.id === id) ?? fromCache);
    return { id, project, projects };
  }, [urlId, projects, byId.data]);

  // Only a project the user can open is remembered (a foreign id in the URL must not replace it).
  const accessibleId = selection.project?.id;
  useEffect(() => {
    if (accessibleId !== undefined) writeLastProjectId(accessibleId);
  }, [accessibleId]);

  return selection;
}
