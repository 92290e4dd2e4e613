import { type AuditAction, privacyRoutes } from '@parley/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, urlOf } from '../../shared/api/client';
import { settingsKeys } from '../../shared/api/settingsQueryKeys';

// The audit tab: the project's audit trail (admins and owners), newest first, 50 entries a page.

export const auditTrailKeys = {
  all: (projectId: number) => [...settingsKeys.all(projectId), 'audit-trail'] as const,
  list: (projectId: number, action: AuditAction | null) =>
    [...settingsKeys.all(projectId), 'audit-trail', action ?? 'all'] as const,
};

/** The trail's pages, each older than the one before (the cursor is the last entry's id). */
export function useAuditTrail(projectId: number, action: AuditAction | null) {
  return useInfiniteQuery({
    queryKey: auditTrailKeys.list(projectId, action),
    queryFn: ({ pageParam, signal }) =>
      call(privacyRoutes.audit, {
        params: { id: projectId },
        query: { ...(action && { action }), ...(pageParam !== undefined && { before: pageParam }) },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    // Opening the tab shows what happened until now (e.g. the privacy change just saved).
    staleTime: 0,
  });
}

/** The whole trail as CSV: a link the browser downloads as the server streams it. */
export const auditExportUrl = (projectId: number) =>
  urlOf(privacyRoutes.auditExport, { params: { id: projectId } });
