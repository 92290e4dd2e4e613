import { SignUpPage } from '../pages/auth.ts';
import { InvitePage, SettingsPage, SHOWN } from '../pages/settings.ts';
import { ConfirmDialog, openList } from '../pages/shell.ts';
import {
  createProjectViaApi,
  freshPage,
  isolatedApi,
  newUser,
  signedInPage,
  signInViaApi,
  uniqueName,
} from '../support/flows.ts';
import { addMemberViaApi, membersViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { inviteLinkFromLog } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

// Every test has its own users and project: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

// The texts of apps/web/src/locales/en/settings.json (settings, invite).
const TEXTS = {
  lastOwnerRule:
    'A project always needs at least one owner: the last owner can be neither demoted nor removed. Make another member owner (or transfer ownership) first.',
  lastOwnerError:
    'A project needs at least one owner. Make another member owner (or transfer ownership) before removing or demoting the last one.',
  inviteDescription: 'We send an email with a link that is valid for 7 days and works once.',
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  inviteSent: (email: string) => `Invitation sent to ${email}.`,
  noInvites: 'No open invitations.',
  revokeMessage: (email: string) => `Revoke the invitation sent to ${email}? The link stops working.`,
  revoked: (email: string) => `The invitation of ${email} was revoked.`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  ownRoleMessage: (role: string) => `Change your own role to ${role}? You may lose access to this page.`,
  invite: {
    message: (inviter: string, project: string) => `${inviter} invited you to join ${project}.`,
    signUpHint: (email: string) => `Create an account with ${email} to accept the invitation.`,
    wrongAccount: (current: string, email: string) =>
      `You are signed in as ${current}, but this invitation was sent to ${email}. Sign out, then sign in with that address to accept it.`,
    used: 'This invitation has already been used.',
    withdrawn: 'This invitation was withdrawn. Ask the project admin for a new one.',
  },
};

test.describe('team members and invitations', () => {
  test('the owner invites an admin who joins by signing up from the emailed link; another invitation is revoked; a used link is refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const settings = new SettingsPage(page);
    const { members } = settings;
    const owner = await signedInPage(page, { label: 'team owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Team Project') });
    const invitee = newUser('team invitee');
    const withdrawn = newUser('team withdrawn');

    await settings.open(project.id, 'team-members');
    await expect(members.lastOwnerRule).toHaveText(TEXTS.lastOwnerRule);
    await expect(members.table.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Role',
      'Reviewer',
      'Joined',
      'Actions',
    ]);
    const ownerRow = members.memberRow(owner.email);
    await expect(ownerRow).toContainText(owner.name);
    await expect(ownerRow).toContainText('You');
    await expect(ownerRow).toContainText('Last owner');
    await expect(members.noInvites).toHaveText(TEXTS.noInvites);

    // --- The invite dialog: the email is required and must be valid ---
    const dialog = members.inviteDialog;
    await members.inviteButton.click();
    await expect(dialog.root).toContainText(TEXTS.inviteDescription);
    // An owner may give every role; the first is preselected.
    await expect(dialog.role).toHaveText('User');
    await openList(page, dialog.role);
    await expect(page.getByRole('option')).toHaveText(['User', 'Team Leader', 'Admin', 'Owner']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await dialog.sendButton.click();
    await expect(dialog.root.getByText(TEXTS.emailRequired)).toBeVisible();
    await dialog.email.fill('not-an-email');
    await dialog.sendButton.click();
    await expect(dialog.root.getByText(TEXTS.emailInvalid)).toBeVisible();
    await dialog.cancelButton.click();
    await expect(dialog.root).toBeHidden();

    for (const [email, role] of [
      [invitee.email, 'Admin'],
      [withdrawn.email, 'User'],
    ] as const) {
      await members.invite(email, role);
      await expect(settings.toast).toHaveText(TEXTS.inviteSent(email));
    }
    await expect(members.invites.getByRole('columnheader')).toHaveText([
      'Email',
      'Role',
      'Invited by',
      'Expires',
      'Actions',
    ]);
    // Newest first.
    const inviteRows = members.invites.getByRole('row');
    await expect(inviteRows).toHaveCount(3);
    await expect(inviteRows.nth(1)).toContainText(withdrawn.email);
    await expect(inviteRows.nth(2)).toContainText(invitee.email);
    const inviteeRow = members.inviteRow(invitee.email);
    await expect(inviteeRow.getByRole('cell')).toHaveText([
      invitee.email,
      'Admin',
      owner.name,
      /Pending$/,
      'Revoke',
    ]);
    const open = (await membersViaApi(page.request, project.id)).invites;
    const sent = open.find((candidate) => candidate.email === invitee.email)!;
    // Valid for 7 days.
    const validFor = new Date(sent.expires_at).getTime() - new Date(sent.created_at).getTime();
    expect(Math.abs(validFor - 7 * 86_400_000)).toBeLessThan(5_000);
    await expect(inviteeRow.getByRole('cell').nth(3)).toHaveText(`${SHOWN.dateTime(sent.expires_at)}Pending`);
    await expect(members.inviteRow(withdrawn.email).getByRole('cell').nth(1)).toHaveText('User');

    // --- Revoking the second invitation ---
    const withdrawnLink = await inviteLinkFromLog(withdrawn.email);
    const confirm = await members.revokeInvite(withdrawn.email);
    await expect(confirm.root).toContainText(TEXTS.revokeMessage(withdrawn.email));
    await confirm.confirm('Revoke');
    await expect(settings.toast).toHaveText(TEXTS.revoked(withdrawn.email));
    await expect(members.inviteRow(withdrawn.email)).toHaveCount(0);
    await expect(members.inviteRow(invitee.email)).toHaveCount(1);
    expect((await membersViaApi(page.request, project.id)).invites.map((i) => i.email)).toEqual([
      invitee.email,
    ]);
    await shoot(page, 'settings-team-members-invited');

    // --- The link, opened by someone signed in with another email ---
    const link = await inviteLinkFromLog(invitee.email);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/invite\?token=[A-Za-z0-9_-]+$/);
    await page.goto(link);
    const ownerView = new InvitePage(page);
    await expect(ownerView.wrongAccount).toHaveText(TEXTS.invite.wrongAccount(owner.email, invitee.email));
    await expect(ownerView.joinButton).toHaveCount(0);

    // --- The invitee, on another computer ---
    const other = await freshPage(browser);
    try {
      const guest = other.page;
      const invitation = new InvitePage(guest);
      // The withdrawn link explains itself.
      await guest.goto(withdrawnLink);
      await expect(invitation.title).toBeVisible();
      await expect(invitation.error).toHaveText(TEXTS.invite.withdrawn);
      await expect(guest.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

      await guest.goto(link);
      await expect(invitation.title).toBeVisible();
      const { details } = invitation;
      await expect(details).toContainText(TEXTS.invite.message(owner.name, project.name));
      await expect(details).toContainText('RoleAdmin');
      await expect(details).toContainText(`Invited by${owner.name} (${owner.email})`);
      await expect(details).toContainText(`Email${invitee.email}`);
      await expect(details).toContainText(`Valid until${SHOWN.dateTime(sent.expires_at)}`);
      // No account with this email yet: creating one comes first.
      await expect(details).toContainText(TEXTS.invite.signUpHint(invitee.email));
      await shoot(guest, 'invite-page');
      await guest.getByRole('link', { name: 'Create account' }).click();

      await expect(guest).toHaveURL(/\/signup\?email=/);
      const signUp = new SignUpPage(guest);
      await expect(signUp.email).toHaveValue(invitee.email);
      await signUp.signUp(invitee);

      // Signing up from the invitation joined the project: no second click.
      await expect(guest).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(invitation.heading(project.name)).toBeVisible();
      // As admin, the invitee may open the settings.
      const guestSettings = new SettingsPage(guest);
      await guestSettings.open(project.id, 'team-members');
      await expect(guestSettings.members.memberRow(invitee.email)).toContainText('You');

      // The same link a second time.
      await guest.goto(link);
      await expect(invitation.error).toHaveText(TEXTS.invite.used);
      await expect(guest.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
      await expect(invitation.joinButton).toHaveCount(0);
    } finally {
      await other.context.close();
    }

    // --- The owner's table shows the new member with their role ---
    await settings.open(project.id, 'team-members');
    const joined = (await membersViaApi(page.request, project.id)).members.find(
      (member) => member.email === invitee.email,
    )!;
    expect(joined).toMatchObject({ name: invitee.name, role: 'admin' });
    const memberRow = members.memberRow(invitee.email);
    await expect(memberRow.getByRole('cell')).toHaveText([
      invitee.name,
      invitee.email,
      'Admin',
      '',
      SHOWN.date(joined.joined_at),
      '',
    ]);
    await expect(members.roleOf(invitee)).toBeEnabled();
    await expect(memberRow.getByRole('button', { name: `Remove ${invitee.name}` })).toBeEnabled();
    await expect(members.noInvites).toHaveText(TEXTS.noInvites);
    // The owner is still the only owner.
    await expect(ownerRow).toContainText('Last owner');
    await shoot(page, 'settings-team-members');
  });

  test('the last owner can be neither demoted nor removed: the page locks it and explains the server’s refusal', async ({
    page,
  }) => {
    const settings = new SettingsPage(page);
    const { members } = settings;
    const owner = await signedInPage(page, { label: 'last owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Owned Project') });
    const { user: partner, account } = await addMemberViaApi(page.request, project.id, 'admin', 'co owner');
    const me = (await membersViaApi(page.request, project.id)).members.find((m) => m.email === owner.email)!;

    await settings.open(project.id, 'team-members');
    await expect(members.lastOwnerRule).toHaveText(TEXTS.lastOwnerRule);
    const ownerRow = members.memberRow(owner.email);
    const leave = ownerRow.getByRole('button', { name: 'Leave project' });
    // The only owner: role and leave are locked, with the reason.
    await expect(ownerRow).toContainText('Last owner');
    await expect(members.roleOf(owner)).toBeDisabled();
    await expect(members.roleOf(owner)).toHaveText('Owner');
    await expect(leave).toBeDisabled();
    await leave.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('The last owner can be neither demoted nor removed.');

    // The server refuses too.
    const demote = await page.request.put(`/api/projects/${project.id}/members/${me.user_id}`, {
      data: { role: 'admin' },
    });
    expect(demote.status()).toBe(409);
    expect(await demote.json()).toMatchObject({
      error: { code: 'last_owner', message: TEXTS.lastOwnerError },
    });
    const left = await page.request.delete(`/api/projects/${project.id}/members/${me.user_id}`);
    expect(left.status()).toBe(409);
    expect(await left.json()).toMatchObject({ error: { code: 'last_owner' } });

    // A second owner unlocks the first.
    await members.changeRole(partner, 'Owner');
    await expect(settings.toast).toHaveText(TEXTS.roleChanged(partner.name, 'Owner'));
    await expect(ownerRow).not.toContainText('Last owner');
    await expect(members.roleOf(owner)).toBeEnabled();
    await expect(leave).toBeEnabled();

    // Meanwhile the partner steps back to admin elsewhere: this page still shows two owners, and the
    // server's refusal of the now last owner's demotion is explained.
    const elsewhere = await isolatedApi();
    try {
      await signInViaApi(elsewhere, partner);
      const back = await elsewhere.put(`/api/projects/${project.id}/members/${account.id}`, {
        data: { role: 'admin' },
      });
      expect(back.status()).toBe(200);
    } finally {
      await elsewhere.dispose();
    }
    await members.changeRole(owner, 'Admin');
    const confirm = new ConfirmDialog(page, 'Change your own role');
    await expect(confirm.root).toContainText(TEXTS.ownRoleMessage('Admin'));
    await confirm.confirm('Change role');
    await expect(settings.toast).toHaveText(TEXTS.lastOwnerError);
    // The table is loaded again: the owner is the last one again.
    await expect(ownerRow).toContainText('Last owner');
    await expect(members.roleOf(owner)).toHaveText('Owner');
    await expect(members.roleOf(partner)).toHaveText('Admin');
    await expect(leave).toBeDisabled();
    expect((await membersViaApi(page.request, project.id)).members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [partner.email, 'admin'],
    ]);
  });
});
