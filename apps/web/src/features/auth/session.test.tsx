import { authRoutes } from '@parley/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useMe } from '../../shared/api/auth';
import { mockFetch, routeKey, sessionAnswer, testQueryClient, testUser } from '../../test/utils';

function renderMe() {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMe(), { wrapper });
}

const askedFor = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);

describe('the session (useMe)', () => {
  it('is null for an anonymous visitor, asked of GET /auth/session (200), never of GET /auth/me (401)', async () => {
    const fetch = mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(null) });
    const { result } = renderMe();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(askedFor(fetch)).toEqual(['/api/auth/session']);
  });

  it('is the signed-in user', async () => {
    mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer(testUser) });
    const { result } = renderMe();
    await waitFor(() => expect(result.current.data).toEqual(testUser));
  });
});
