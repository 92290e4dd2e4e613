import { type TwoFactorStatus, twoFactorRoutes } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { createPasskey } from './passkeyCeremony';

const statusKey = ['twoFactor', 'status'] as const;
const passkeysKey = ['twoFactor', 'passkeys'] as const;

// (The second step of a sign-in is twoFactorSignIn.ts's: the sign-in page loads no TanStack Query.)

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

/**
 * A change of the factors that answers the new status (and maybe new recovery codes): the status is stored,
 * and the passkeys are read again (turning two-factor sign-in off may take them along).
 */
function useFactorChange<V, T>(request: (input: V) => Promise<T>, statusOf: (answer: T) => TwoFactorStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      queryClient.setQueryData(statusKey, statusOf(answer));
      void queryClient.invalidateQueries({ queryKey: passkeysKey });
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

export function useRemoveTotp() {
  return useFactorChange(
    async (code: string) => (await call(twoFactorRoutes.removeTotp, { body: { code } })).data,
    (answer) => answer,
  );
}

export function useDisableTwoFactor() {
  return useFactorChange(
    async (code: string) => (await call(twoFactorRoutes.disable, { body: { code } })).data,
    (answer) => answer,
  );
}

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }) => (await call(twoFactorRoutes.listPasskeys, { signal })).data,
  });
}

/**
 * Adds a passkey: the server's registration options, the browser's new credential, then the server verifies
 * and stores it. Answers the passkey, the status and, for a first second factor, the new recovery codes.
 */
export function useAddPasskey() {
  return useFactorChange(
    async (name: string) => {
      const { options } = (await call(twoFactorRoutes.startPasskey, {})).data;
      const credential = await createPasskey(options);
      return (await call(twoFactorRoutes.addPasskey, { body: { name, credential } })).data;
    },
    (answer) => answer.status,
  );
}

export function useRemovePasskey() {
  return useFactorChange(
    async (passkeyId: number) => (await call(twoFactorRoutes.removePasskey, { params: { passkeyId } })).data,
    (answer) => answer,
  );
}
