import { type SupportProject, supportRoutes } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/client';

export type SupportProjectRow = z.infer<typeof SupportProject>;

/** GET /support/projects: the projects whose owner granted support access now (support staff, super admins). */
export function useSupportProjects(enabled: boolean) {
  return useQuery({
    queryKey: ['support', 'projects'],
    queryFn: async () => (await call(supportRoutes.projects, {})).data,
    enabled,
    staleTime: 0,
  });
}
