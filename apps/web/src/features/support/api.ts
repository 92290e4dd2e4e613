import type { SupportProject } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '../../shared/api/client';

export type SupportProjectRow = z.infer<typeof SupportProject>;

/** GET /support/projects: the projects whose owner granted support access now (support staff, super admins). */
export function useSupportProjects(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'projects'],
    queryFn: () => apiData<SupportProjectRow[]>('/support/projects'),
    enabled,
    staleTime: 0,
  });
}
