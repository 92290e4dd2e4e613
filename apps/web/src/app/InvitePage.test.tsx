import { authRoutes, type InviteInfo, memberRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/LoginPage';
import SignupPage from '../features/auth/SignupPage';
import InvitePage from '../features/invites/InvitePage';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  sessionAnswer,
  testUser,
} from '../test/utils';

const routes = [
  { path: '/invite', element: <InvitePage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '*', element: <div>elsewhere</div> },
];

const location = () => screen.getByTestId('location').textContent;

function info(overrides: Partial<InviteInfo> = {}): InviteInfo {
  return {
    project_id: 7,
    project_name: 'Support QA',
    email: 'new@example.com',
    role: 'teamleader',
    inviter_name: 'Ada Lovelace',
    inviter_email: 'ada@example.com',
    account_exists: true,
    expires_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const signedOut = () => sessionAnswer(null);

function open(handlers: Record<string, Handler>, path = '/invite?token=tok123') {
  const fetch = mockFetch({
    [routeKey(authRoutes.session)]: signedOut,
    [routeKey(memberRoutes.inviteInfo, { token: 'tok123' })]: () =>
      routeAnswer(memberRoutes.inviteInfo, { data: info() }),
    ...handlers,
  });
  const view = renderRoutes(routes, path);
  return { fetch, ...view };
}

describe('invite page', () => {
  it('shows project, role, inviter and email; signed out with an account: sign in first', async () => {
    const { router } = open({});
    const details = within(await screen.findByTestId('invite-details'));
    expect(details.getByText('Ada Lovelace invited you to join Support QA.')).toBeInTheDocument();
    expect(details.getByText('Team Leader')).toBeInTheDocument();
    expect(details.getByText('Ada Lovelace (ada@example.com)')).toBeInTheDocument();
    expect(details.getByText('new@example.com')).toBeInTheDocument();
    expect(details.getByText('Sign in as new@example.com to accept the invitation.')).toBeInTheDocument();

    const signIn = details.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login?email=new%40example.com');
    expect(details.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/signup?email=new%40example.com&invite=tok123',
    );
    fireEvent.click(signIn);
    // The login form has the email filled in and comes back to the invitation afterwards.
    expect(await screen.findByLabelText(/Email/)).toHaveValue('new@example.com');
    expect(router.location.state).toEqual({
      from: { pathname: '/invite', search: '?token=tok123', hash: '' },
    });
  });

  it('without an account, offers to create one first (email prefilled)', async () => {
    open({
      [routeKey(memberRoutes.inviteInfo, { token: 'tok123' })]: () =>
        routeAnswer(memberRoutes.inviteInfo, { data: info({ account_exists: false }) }),
    });
    const details = within(await screen.findByTestId('invite-details'));
    expect(
      details.getByText('Create an account with new@example.com to accept the invitation.'),
    ).toBeInTheDocument();
    const buttons = details.getAllByRole('link').map((link) => link.textContent);
    expect(buttons).toEqual(['Create account', 'Sign in']);
    fireEvent.click(details.getByRole('link', { name: 'Create account' }));
    expect(await screen.findByLabelText(/Email/)).toHaveValue('new@example.com');
    expect(location()).toBe('/signup?email=new%40example.com&invite=tok123');
  });

  it('signed in with the invited email: join the project and go there', async () => {
    const { fetch } = open({
      [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, email: 'New@Example.com' }),
      [routeKey(memberRoutes.acceptInvite, { token: 'tok123' })]: () =>
        routeAnswer(memberRoutes.acceptInvite, { data: { project_id: 7, role: 'teamleader' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join project' }));
    await waitFor(() => expect(location()).toBe('/projects/7'));
    expect(
      fetch.mock.calls.filter(
        ([url, init]) => url === '/api/invites/tok123/accept' && init?.method === 'POST',
      ),
    ).toHaveLength(1);
  });

  it('signed in with another email: explains and offers to sign out', async () => {
    const { fetch } = open({
      [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
      [routeKey(authRoutes.logout)]: () => jsonResponse(200, { data: { ok: true } }),
    });
    expect(await screen.findByTestId('invite-wrong-account')).toHaveTextContent(
      'You are signed in as ada@example.com, but this invitation was sent to new@example.com.',
    );
    expect(screen.queryByRole('button', { name: 'Join project' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument());
    expect(screen.queryByTestId('invite-wrong-account')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/logout')).toBe(true);
    expect(location()).toBe('/invite?token=tok123');
  });

  it.each([
    [404, 'invite_not_found', 'This invitation link is not valid. Ask for a new invitation.'],
    [410, 'invite_used', 'This invitation has already been used.'],
    [410, 'invite_revoked', 'This invitation was withdrawn. Ask the project admin for a new one.'],
    [410, 'invite_expired', 'This invitation has expired. Ask the project admin for a new one.'],
  ])('explains a %s %s link', async (status, code, text) => {
    open({
      [routeKey(memberRoutes.inviteInfo, { token: 'tok123' })]: () =>
        jsonResponse(status, { error: { code, message: 'server text' } }),
    });
    expect(await screen.findByTestId('invite-error')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('a link without a token says so without calling the server', async () => {
    const { fetch } = open({}, '/invite');
    expect(await screen.findByTestId('invite-error')).toHaveTextContent(
      'This invitation link is incomplete.',
    );
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/invites'))).toBe(false);
  });

  it('shows the error of a failed accept', async () => {
    open({
      [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, email: 'new@example.com' }),
      [routeKey(memberRoutes.acceptInvite, { token: 'tok123' })]: () =>
        jsonResponse(410, { error: { code: 'invite_expired', message: 'expired' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join project' }));
    expect(
      await screen.findByText('This invitation has expired. Ask the project admin for a new one.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/invite?token=tok123');
  });
});
