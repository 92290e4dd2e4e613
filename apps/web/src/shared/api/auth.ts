import {
  asksSecondFactor,
  type authRoutes,
  firstVisitEndpoints,
  type RouteBody,
  type TwoFactorRequired,
  type User,
} from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callUnchecked } from './transport';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * The signed-in user, or null for an anonymous visitor. Asked of GET /auth/session, which answers both with
 * 200: the 401 of GET /auth/me would be logged to the browser's console on every public page.
 */
export async function fetchMe(): Promise<User | null> {
  return (await callUnchecked<typeof authRoutes.session>(firstVisitEndpoints.session)).data.user;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60 * 1000, retry: 1 });
}

/**
 * Whether the installation has any account (a fresh one opens sign-up). Not under 'auth': signing in drops
 * it with the rest of the cache, so the first account's sign-up is not remembered as "none".
 */
export function useInstallation() {
  return useQuery({
    queryKey: ['installation'],
    queryFn: async () =>
      (await callUnchecked<typeof authRoutes.installation>(firstVisitEndpoints.installation)).data,
    staleTime: 60 * 1000,
  });
}

/**
 * A signed-in user: the cache of the previous account goes, the new one is `me`. A session check still on its
 * way (asked while the visitor was anonymous) is cancelled first, or its "nobody" would land after the user.
 */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    await queryClient.cancelQueries({ queryKey: meQueryKey });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    queryClient.setQueryData(meQueryKey, user);
  };
}

/**
 * Signed in by a first step (password, emailed link), unless the account has a second factor: then the
 * answer asks for it (TwoFactorSignInPage) and nobody is signed in yet.
 */
export function useFirstStepDone() {
  const signedIn = useSignedIn();
  return async (answer: User | TwoFactorRequired) => {
    if (!asksSecondFactor(answer)) await signedIn(answer);
  };
}

export function useLogin() {
  const firstStepDone = useFirstStepDone();
  return useMutation({
    mutationFn: async (body: RouteBody<typeof authRoutes.login>) =>
      (await callUnchecked<typeof authRoutes.login>(firstVisitEndpoints.login, body)).data,
    onSuccess: firstStepDone,
  });
}
