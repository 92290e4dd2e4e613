import { type Invite, type Member, memberRoutes, sessionRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handler, jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  invite,
  lastBody,
  member,
  mockSettingsApi,
  settingsProject,
  settingsRoutes,
  writeCalls,
} from './testUtils';

const ada = (role: Member['role']) => member(1, role, { name: 'Ada Lovelace', email: 'ada@example.com' });

async function openMembers(
  members: Member[],
  invites: Invite[] = [],
  myRole: Member['role'] = 'owner',
  handlers: Record<string, Handler> = {},
  readOnly = false,
) {
  const fetch = mockSettingsApi(
    {
      [routeKey(memberRoutes.list, { id: 5 })]: () =>
        routeAnswer(memberRoutes.list, { data: { members, invites } }),
      ...handlers,
    },
    settingsProject({ my_role: myRole, read_only: readOnly }),
  );
  renderRoutes(settingsRoutes, '/projects/5/settings/team-members');
  await screen.findByRole('table', { name: 'Team members' });
  return fetch;
}

const row = (userId: number) => within(screen.getByTestId(`member-${userId}`));

async function inviteRoles(): Promise<string[]> {
  fireEvent.click(screen.getByRole('button', { name: 'Invite member' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
  fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Role' }));
  const options = await screen.findAllByRole('option');
  return options.map((option) => option.textContent ?? '');
}

describe('team members tab', () => {
  it('lists members and invitations (email, role, invited by, expiry, expired)', async () => {
    await openMembers(
      [ada('owner'), member(2, 'teamleader', { name: 'Grace Hopper', email: 'grace@example.com' })],
      [invite(7), invite(8, { email: 'late@example.com', status: 'expired', role: 'admin' })],
    );
    expect(row(2).getByText('grace@example.com')).toBeInTheDocument();
    expect(row(1).getByText('You')).toBeInTheDocument();
    const invites = within(screen.getByRole('table', { name: 'Pending invitations' }));
    expect(invites.getByText('invitee7@example.com')).toBeInTheDocument();
    expect(within(screen.getByTestId('invite-8')).getByText('Expired')).toBeInTheDocument();
    expect(within(screen.getByTestId('invite-7')).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('marks a deactivated member, and only them', async () => {
    await openMembers([ada('owner'), member(2, 'user', { deactivated: true }), member(3, 'user')]);
    expect(row(2).getByText('Deactivated')).toBeInTheDocument();
    expect(row(3).queryByText('Deactivated')).not.toBeInTheDocument();
    expect(row(1).queryByText('Deactivated')).not.toBeInTheDocument();
  });

  it('offers an owner every role in the invite dialog', async () => {
    await openMembers([ada('owner')]);
    expect(await inviteRoles()).toEqual(['User', 'Team Leader', 'Admin', 'Owner']);
  });

  it('offers an admin user, team leader and admin only', async () => {
    await openMembers([ada('admin'), member(2, 'owner')], [], 'admin');
    expect(await inviteRoles()).toEqual(['User', 'Team Leader', 'Admin']);
  });

  it('invites with the trimmed email and chosen role; shows the server error', async () => {
    let answer = jsonResponse(409, {
      error: { code: 'already_member', message: 'x@example.com is already a member of this project.' },
    });
    const fetch = await openMembers([ada('owner')], [], 'owner', {
      [routeKey(memberRoutes.invite, { id: 5 })]: () => answer,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(dialog.getByText('Please enter an email address.')).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    expect(dialog.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(memberRoutes.invite, { id: 5 }))).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: '  x@example.com ' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Team Leader' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText('This person is already a member of the project.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(memberRoutes.invite, { id: 5 }))).toEqual({
      email: 'x@example.com',
      role: 'teamleader',
    });

    answer = routeAnswer(memberRoutes.invite, {
      data: invite(9, { email: 'x@example.com', role: 'teamleader' }),
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to x@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the last owner can be neither demoted nor removed; the rule is explained', async () => {
    await openMembers([ada('owner'), member(2, 'admin')]);
    expect(screen.getByTestId('last-owner-rule')).toHaveTextContent(
      'A project always needs at least one owner',
    );
    expect(row(1).getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(row(1).getByText('Last owner')).toBeInTheDocument();
    expect(row(1).getByRole('button', { name: 'Leave project' })).toBeDisabled();
    // The other member can be changed and removed.
    expect(row(2).getByRole('combobox', { name: 'Role of Member 2' })).not.toHaveAttribute('aria-disabled');
    expect(row(2).getByRole('button', { name: 'Remove Member 2' })).toBeEnabled();
  });

  it('with two owners, either can be demoted or removed', async () => {
    await openMembers([ada('owner'), member(2, 'owner')]);
    expect(row(1).getByRole('combobox', { name: 'Role of Ada Lovelace' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(row(2).getByRole('button', { name: 'Remove Member 2' })).toBeEnabled();
    expect(screen.queryByText('Last owner')).not.toBeInTheDocument();
  });

  it('an admin cannot change or remove owners, nor make anyone owner', async () => {
    await openMembers([ada('admin'), member(2, 'owner'), member(3, 'user')], [], 'admin');
    expect(row(2).queryByRole('combobox')).not.toBeInTheDocument();
    expect(row(2).getByText('Owner')).toBeInTheDocument();
    expect(row(2).getByRole('button', { name: 'Remove Member 2' })).toBeDisabled();
    fireEvent.mouseDown(row(3).getByRole('combobox', { name: 'Role of Member 3' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['User', 'Team Leader', 'Admin']);
  });

  it('changes a role (PUT) and shows the server error when refused', async () => {
    let answer = routeAnswer(memberRoutes.changeRole, { data: member(3, 'teamleader') });
    const fetch = await openMembers([ada('owner'), member(3, 'user')], [], 'owner', {
      [routeKey(memberRoutes.changeRole, { id: 5, userId: 3 })]: () => answer,
    });
    fireEvent.mouseDown(row(3).getByRole('combobox', { name: 'Role of Member 3' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Team Leader' }));
    expect(await screen.findByText('Member 3 is now Team Leader.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(memberRoutes.changeRole, { id: 5, userId: 3 }))).toEqual({
      role: 'teamleader',
    });

    answer = jsonResponse(409, {
      error: { code: 'last_owner', message: 'A project needs at least one owner.' },
    });
    fireEvent.mouseDown(row(3).getByRole('combobox', { name: 'Role of Member 3' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(
      await screen.findByText(/A project needs at least one owner. Make another member owner/),
    ).toBeInTheDocument();
  });

  it('removes a member and revokes an invitation after confirmation', async () => {
    const fetch = await openMembers([ada('owner'), member(2, 'user')], [invite(7)], 'owner', {
      [routeKey(memberRoutes.remove, { id: 5, userId: 2 })]: () =>
        routeAnswer(memberRoutes.remove, { data: { ok: true } }),
      [routeKey(memberRoutes.revokeInvite, { id: 5, inviteId: 7 })]: () =>
        routeAnswer(memberRoutes.revokeInvite, { data: { ok: true } }),
    });
    fireEvent.click(row(2).getByRole('button', { name: 'Remove Member 2' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove member' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member 2 was removed from the project.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(memberRoutes.remove, { id: 5, userId: 2 }))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of invitee7@example.com' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke invitation' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('The invitation of invitee7@example.com was revoked.'),
    ).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(memberRoutes.revokeInvite, { id: 5, inviteId: 7 }))).toHaveLength(1);
  });

  it('lets an owner sign another member out everywhere after confirmation, and shows a refusal', async () => {
    const fetch = await openMembers([ada('owner'), member(2, 'user'), member(3, 'admin')], [], 'owner', {
      [routeKey(sessionRoutes.signOutMember, { id: 5, userId: 2 })]: () =>
        routeAnswer(sessionRoutes.signOutMember, { data: { signed_out: 2 } }),
      [routeKey(sessionRoutes.signOutMember, { id: 5, userId: 3 })]: () =>
        jsonResponse(403, {
          error: { code: 'super_admin_target', message: 'Only a super admin can sign out a super admin.' },
        }),
    });
    expect(row(1).queryByRole('button', { name: /everywhere/ })).not.toBeInTheDocument();
    fireEvent.click(row(2).getByRole('button', { name: 'Sign out Member 2 everywhere' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    expect(dialog.getByText(/They stay a member of the project/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Member 2 was signed out everywhere.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(sessionRoutes.signOutMember, { id: 5, userId: 2 }))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(row(3).getByRole('button', { name: 'Sign out Member 3 everywhere' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await dialog.findByText('Only a super admin can sign out a super admin.')).toBeInTheDocument();
  });

  it('offers no sign-out everywhere to admins', async () => {
    await openMembers([ada('admin'), member(2, 'user')], [], 'admin');
    expect(row(2).queryByRole('button', { name: /everywhere/ })).not.toBeInTheDocument();
  });

  it('read-only (support access): members and invitations are listed, nothing can be changed', async () => {
    const ok = () => routeAnswer(memberRoutes.remove, { data: { ok: true } });
    const fetch = await openMembers(
      [ada('owner'), member(2, 'owner'), member(3, 'user')],
      [invite(7)],
      'owner',
      {
        [routeKey(memberRoutes.changeRole, { id: 5, userId: 3 })]: () =>
          routeAnswer(memberRoutes.changeRole, { data: member(3, 'admin') }),
        [routeKey(memberRoutes.remove, { id: 5, userId: 3 })]: ok,
        [routeKey(memberRoutes.revokeInvite, { id: 5, inviteId: 7 })]: ok,
        [routeKey(memberRoutes.invite, { id: 5 })]: () =>
          routeAnswer(memberRoutes.invite, { data: invite(9) }),
      },
      true,
    );
    expect(row(3).getByText('member3@example.com')).toBeInTheDocument();
    expect(within(screen.getByTestId('invite-7')).getByText('invitee7@example.com')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Invite member' })).toBeDisabled();
    for (const [id, name] of [
      [1, 'Ada Lovelace'],
      [2, 'Member 2'],
      [3, 'Member 3'],
    ] as const) {
      expect(row(id).getByRole('combobox', { name: `Role of ${name}` })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    expect(row(1).getByRole('button', { name: 'Leave project' })).toBeDisabled();
    expect(row(3).getByRole('button', { name: 'Remove Member 3' })).toBeDisabled();
    const revoke = screen.getByRole('button', { name: 'Revoke the invitation of invitee7@example.com' });
    expect(revoke).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    fireEvent.mouseDown(row(3).getByRole('combobox', { name: 'Role of Member 3' }));
    fireEvent.click(row(3).getByRole('button', { name: 'Remove Member 3' }));
    fireEvent.click(revoke);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it('without read-only the same controls are enabled', async () => {
    await openMembers([ada('owner'), member(2, 'owner'), member(3, 'user')], [invite(7)]);
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeEnabled();
    expect(row(3).getByRole('combobox', { name: 'Role of Member 3' })).not.toHaveAttribute('aria-disabled');
    expect(row(3).getByRole('button', { name: 'Remove Member 3' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Revoke the invitation of invitee7@example.com' }),
    ).toBeEnabled();
  });
});
