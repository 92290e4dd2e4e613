import type { User } from '@parley/contracts';
import { hashKey, type QueryClient, type QueryState, useQuery } from '@tanstack/react-query';
import {
  currentSession,
  fetchSession,
  handSessionTo,
  publishSession,
  type Session,
  sessionRequest,
} from './session';

// The session in the signed-in pages' query cache. A first visit does not load this module: RequireAuth and
// the public pages read the session of session.ts, which hands it over here once the signed-in shell loads.

export const meQueryKey = ['auth', 'me'] as const;

const meQuery = {
  queryKey: meQueryKey,
  // (a check the session store already has on its way answers for it)
  queryFn: () => sessionRequest() ?? fetchSession(),
  staleTime: 5 * 60 * 1000,
  retry: 1,
};

/** The signed-in user, or null for an anonymous visitor. */
export function useMe() {
  return useQuery(meQuery);
}

function sessionOf(state: QueryState<User | null>): Session {
  if (state.status === 'error') return { status: 'error', error: state.error ?? new Error('session') };
  if (state.status === 'success')
    return { status: 'success', user: state.data ?? null, updatedAt: state.dataUpdatedAt };
  return { status: 'pending' };
}

/**
 * The query cache takes the session over: what the store holds becomes the `me` query (as fresh as when it
 * was asked, so nobody asks again), and from then on every change of that query is the session.
 */
export function takeOverSession(client: QueryClient): void {
  const held = currentSession();
  if (held.status === 'success') client.setQueryData(meQueryKey, held.user, { updatedAt: held.updatedAt });
  const meHash = hashKey(meQueryKey);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === meHash) {
      publishSession(sessionOf(event.query.state as QueryState<User | null>));
    }
  });
  handSessionTo({
    load: () => void client.fetchQuery(meQuery).catch(() => undefined),
    signIn: async (user) => {
      // (a session check on its way would answer "nobody" after the user)
      await client.cancelQueries({ queryKey: meQueryKey });
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      client.setQueryData(meQueryKey, user);
    },
    update: (change) => client.setQueryData<User | null>(meQueryKey, (old) => (old ? change(old) : old)),
  });
}
