import { type TwoFactorSignInRequest, twoFactorRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedIn } from '../../shared/api/auth';
import { call } from '../../shared/api/client';

const statusKey = ['twoFactor', 'status'] as const;

/** The second step of a sign-in: a code of the authenticator app or a recovery code opens the session. */
export function useFinishTwoFactorSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: TwoFactorSignInRequest) => (await call(twoFactorRoutes.signIn, { body })).data,
    onSuccess: signedIn,
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => (await call(twoFactorRoutes.status, { signal })).data,
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: async () => (await call(twoFactorRoutes.startTotp, {})).data,
  });
}

/** A change of the factors that answers the new status (and maybe new recovery codes): the status is stored. */
function useFactorChange<T>(request: (code: string) => Promise<T>, statusOf: (answer: T) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      queryClient.setQueryData(statusKey, statusOf(answer));
      // The projects that require a second factor open (or close) with it.
      void queryClient.invalidateQueries({ queryKey: ['twoFactorPolicy'] });
    },
  });
}

export function useConfirmTotp() {
  return useFactorChange(
    async (code: string) => (await call(twoFactorRoutes.confirmTotp, { body: { code } })).data,
    (answer) => answer.status,
  );
}

export function useRegenerateRecoveryCodes() {
  return useFactorChange(
    async (code: string) => (await call(twoFactorRoutes.regenerateRecoveryCodes, { body: { code } })).data,
    (answer) => answer.status,
  );
}

export function useDisableTwoFactor() {
  return useFactorChange(
    async (code: string) => (await call(twoFactorRoutes.disable, { body: { code } })).data,
    (answer) => answer,
  );
}
