import { authRoutes } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from './auth';
import { call } from './client';

// Apart from auth.ts, which most signed-in pages load: the auth routes load with the pages that sign out.

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(authRoutes.logout, {}),
    onSettled: async () => {
      // (a session check on its way would answer with the user after the sign-out)
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    },
  });
}
