import { authRoutes } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch, routeKey, sessionAnswer, testQueryClient, testUser } from '../../test/utils';
import { useMe } from './auth';
import { signedIn, useSession } from './session';

const askedFor = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('the session before the signed-in shell (no query cache)', () => {
  it('asks GET /auth/session once, however many components show it', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    const { result } = renderHook(() => [useSession(), useSession()]);
    expect(result.current[0]?.status).toBe('pending');
    await waitFor(() => expect(result.current[0]).toMatchObject({ status: 'success', user: null }));
    expect(result.current[1]).toBe(result.current[0]);
    expect(askedFor(fetch)).toEqual(['/api/auth/session']);
  });

  it('drops a check still on its way when a user signs in, so its "nobody" does not land after the user', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({
      [routeKey(authRoutes.session)]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { result } = renderHook(() => useSession());
    await act(() => signedIn(testUser));
    expect(result.current).toMatchObject({ status: 'success', user: testUser });
    await act(async () => answer(sessionAnswer(null)));
    expect(result.current).toMatchObject({ status: 'success', user: testUser });
  });
});

describe('the session handed to the query cache', () => {
  it('becomes the `me` query without a second request, and the cache’s changes are the session', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(testUser) });
    const session = renderHook(() => useSession());
    await waitFor(() => expect(session.result.current).toMatchObject({ status: 'success', user: testUser }));

    // The signed-in shell loads: its cache takes the session over.
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const me = renderHook(() => useMe(), { wrapper });
    expect(me.result.current.data).toEqual(testUser);
    expect(askedFor(fetch)).toEqual(['/api/auth/session']);

    act(() => client.setQueryData(['auth', 'me'], null));
    expect(session.result.current).toMatchObject({ status: 'success', user: null });
  });

  it('signs a user in through the cache: the previous account’s queries go, the session queries stay', async () => {
    mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    const client = testQueryClient();
    client.setQueryData(['projects'], ['previous account']);
    client.setQueryData(['auth', 'google'], { available: true });
    const session = renderHook(() => useSession());
    await waitFor(() => expect(session.result.current).toMatchObject({ status: 'success', user: null }));

    await act(() => signedIn(testUser));
    expect(session.result.current).toMatchObject({ status: 'success', user: testUser });
    expect(client.getQueryData(['auth', 'me'])).toEqual(testUser);
    expect(client.getQueryData(['projects'])).toBeUndefined();
    expect(client.getQueryData(['auth', 'google'])).toEqual({ available: true });
  });
});
