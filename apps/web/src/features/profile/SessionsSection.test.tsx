import { authRoutes, type Session, sessionRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, routeAnswer, routeKey, sessionAnswer } from '../../test/utils';
import ProfilePage from './ProfilePage';

const routes = [{ path: '/profile', element: <ProfilePage /> }];
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const current: Session = {
  id: 'aaaaaaaaaaaaaaaa',
  current: true,
  browser: 'Chrome',
  os: 'macOS',
  device: 'desktop',
  ip: '198.51.100.4',
  sign_in_method: 'password',
  created_at: '2026-06-01T09:00:00Z',
  last_seen_at: minutesAgo(1),
};
const phone: Session = {
  ...current,
  id: 'bbbbbbbbbbbbbbbb',
  current: false,
  browser: 'Safari',
  os: 'iOS',
  device: 'mobile',
  ip: '203.0.113.7',
  sign_in_method: 'google',
  last_seen_at: minutesAgo(180),
};
const old: Session = {
  ...phone,
  id: 'cccccccccccccccc',
  browser: null,
  os: null,
  device: 'unknown',
  ip: null,
  sign_in_method: null,
};

const section = async () => within(await screen.findByTestId('sessions-section'));

describe('profile: sessions and devices', () => {
  it('lists the browsers: this one marked and without a sign-out, the others with theirs', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(),
      [routeKey(sessionRoutes.list)]: () => routeAnswer(sessionRoutes.list, { data: [current, phone, old] }),
    });
    renderRoutes(routes, '/profile');
    const list = await section();
    const rows = await list.findAllByTestId('session-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(
        'Chrome on macOSThis deviceIP 198.51.100.4 · Active now · Signed in with password on',
      ),
      expect.stringContaining(
        'Safari on iOSIP 203.0.113.7 · Last active 3 hours ago · Signed in with Google on',
      ),
      expect.stringContaining('Unknown browserLast active 3 hours ago · Signed in on'),
    ]);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeEnabled();
  });

  it('signs out one browser, and all others after a confirmation', async () => {
    let sessions = [current, phone, old];
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(),
      [routeKey(sessionRoutes.list)]: () => routeAnswer(sessionRoutes.list, { data: sessions }),
      [routeKey(sessionRoutes.revoke, { sessionId: phone.id })]: () => {
        sessions = [current, old];
        return routeAnswer(sessionRoutes.revoke, { data: { signed_out: 1 } });
      },
      [routeKey(sessionRoutes.signOutOthers)]: () => {
        sessions = [current];
        return routeAnswer(sessionRoutes.signOutOthers, { data: { signed_out: 1 } });
      },
    });
    renderRoutes(routes, '/profile');
    const list = await section();
    fireEvent.click(await list.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(list.getAllByTestId('session-row')).toHaveLength(2));
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith(`/api/auth/sessions/${phone.id}`))).toBe(
      true,
    );

    fireEvent.click(list.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out all other sessions?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await list.findByText('Other sessions signed out: 1.')).toBeInTheDocument();
    await waitFor(() => expect(list.getAllByTestId('session-row')).toHaveLength(1));
    expect(list.getByText('No other browser is signed in to your account.')).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
  });

  it('shows a failed load with Retry', async () => {
    mockFetch({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    renderRoutes(routes, '/profile');
    const list = await section();
    expect(await list.findByText('Could not load your sessions')).toBeInTheDocument();
    expect(list.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
