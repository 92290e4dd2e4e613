import type { AnalysisDetail, ApiKey, MemberRole, TeamLeader, UploadResponse } from '@parley/contracts';
import { createScorecardViaApi, fundProject, removeSpeechFixtures, stereoCall } from '../support/analyses.ts';
import {
  createProjectViaApi,
  freshPage,
  isolatedApi,
  main,
  newUser,
  type Project,
  registerUser,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  submitLogin,
  uniqueName,
} from '../support/flows.ts';
import { addMemberViaApi, inviteViaApi, makeSupportStaff, membersViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { E2E_BASE_URL, inviteLinkFromLog } from '../support/server.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

// Every test has its own users and project: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });
test.afterAll(removeSpeechFixtures);

// The texts of apps/web/src/locales/en/settings.json (settings, invite, support) and translation.json.
const TEXTS = {
  title: 'Project Settings',
  tabs: ['General', 'Team Members', 'Rep Mapping', 'Team Leaders', 'API Keys', 'Support Access'],
  noPermission: "You don't have permission to view this page",
  noPermissionHint:
    'Only project admins and owners can open this area. Ask a project owner if you need access.',
  supportOnly: 'Only support staff can open the support dashboard.',
  notFound: "Project not found or you don't have access to it.",
  members: {
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
  },
  invite: {
    message: (inviter: string, project: string) => `${inviter} invited you to join ${project}.`,
    signUpHint: (email: string) => `Create an account with ${email} to accept the invitation.`,
    signInHint: (email: string) => `Sign in as ${email} to accept the invitation.`,
    wrongAccount: (current: string, email: string) =>
      `You are signed in as ${current}, but this invitation was sent to ${email}. Sign out, then sign in with that address to accept it.`,
    used: 'This invitation has already been used.',
    withdrawn: 'This invitation was withdrawn. Ask the project admin for a new one.',
  },
  apiKeys: {
    emptyTitle: 'No API keys yet',
    warningTitle: 'Copy your key now',
    warning:
      'This is the only time the key is shown. Store it somewhere safe; if you lose it, revoke it and create a new one.',
    copied: 'API key copied to the clipboard.',
    reminder: 'Make sure you saved your API key: it cannot be shown again.',
    revokeMessage: (name: string) =>
      `Revoke ${name}? Programs that use it stop working at once. This cannot be undone.`,
    revoked: 'API key revoked.',
    mediaOnly: 'This API key can only upload and read its own uploads.',
  },
  reps: {
    emptyTitle: 'No mappings yet',
    identifierRequired: 'Please enter a name, extension, email or phone number.',
    representativeRequired: 'Please enter the representative.',
    added: (identifier: string) => `Mapping of ${identifier} added.`,
  },
  leaders: {
    rule: 'A team leader sees only the analyses of their team: those whose department or representative is assigned to them. Without an assignment they see no analyses.',
    unassigned: 'No assignment: sees no analyses',
    assigned: (departments: number, representatives: number) =>
      `Departments: ${departments} · Representatives: ${representatives}`,
    saved: (name: string) => `Team of ${name} saved.`,
  },
  support: {
    offTitle: 'Support access is off',
    never: 'Support staff cannot read this project.',
    onTitle: 'Support access is on',
    until: (date: string) => `Support staff can read this project until ${date}.`,
    grantedBy: (name: string, date: string) => `Granted by ${name} on ${date}.`,
    endedOn: (date: string) => `It was ended on ${date}.`,
    invalidDuration: 'Enter a whole number: at least 1 hour, at most 30 days.',
    granted: (date: string) => `Support access granted until ${date}.`,
    revokeMessage: 'End support access now? Support staff lose access at once.',
    ended: 'Support access ended.',
    auditEmpty: 'Support staff have not accessed this project.',
    readOnly: 'You are viewing this project through support access: everything is read-only.',
    dashboardNote:
      'Projects open read-only: you see what an admin sees, but every change is refused, and the owner can see each request you make.',
    serverReadOnly: 'Support access is read-only.',
  },
};

const TABS = [
  'general',
  'team-members',
  'rep-mapping',
  'team-leaders',
  'api-keys',
  'support-access',
] as const;
type SettingsTab = (typeof TABS)[number];
const ROLE_NAMES: Record<MemberRole, string> = {
  user: 'User',
  teamleader: 'Team Leader',
  admin: 'Admin',
  owner: 'Owner',
};

/** Dates and times as the settings pages show them in English (formatDateTime / formatDate). */
const shown = {
  dateTime: (iso: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  date: (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso)),
};

const settingsPath = (project: Project, tab: SettingsTab) => `/projects/${project.id}/settings/${tab}`;
const tabLink = (page: Page, tab: SettingsTab) =>
  page.getByRole('tab', { name: TEXTS.tabs[TABS.indexOf(tab)], exact: true });
const toast = (page: Page) => page.getByTestId('toast');

async function openSettings(page: Page, project: Project, tab: SettingsTab): Promise<void> {
  await page.goto(settingsPath(project, tab));
  await expect(main(page).getByRole('heading', { level: 1, name: TEXTS.title })).toBeVisible();
  await expect(tabLink(page, tab)).toHaveAttribute('aria-selected', 'true');
}

/** Picks `option` in a MUI select. */
async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

const membersTable = (page: Page) => page.getByRole('table', { name: 'Team members' });
const invitesTable = (page: Page) => page.getByRole('table', { name: 'Pending invitations' });
const rowWith = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });

// ---- The page ----

test.describe('project settings page', () => {
  test('six tabs as links; /settings and unknown tabs open General', async ({ page }) => {
    await signedInPage(page, { label: 'settings tabs' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Settings Tabs') });

    await page.goto(`/projects/${project.id}/settings`);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings/general$`));
    await expect(main(page).getByRole('heading', { level: 1, name: TEXTS.title })).toBeVisible();
    await expect(main(page).getByText(project.name, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(TEXTS.tabs);
    await expect(page.getByTestId('settings-breadcrumb')).toHaveText(/Dashboard.*Project.*Settings/);
    await expect(page.getByRole('tabpanel', { name: 'General' })).toBeVisible();
    await shoot(page, 'settings-general');

    // Each tab is a link to its own address.
    for (const tab of TABS) {
      await tabLink(page, tab).click();
      await expect(page).toHaveURL(new RegExp(`/settings/${tab}$`));
      await expect(tabLink(page, tab)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: TEXTS.tabs[TABS.indexOf(tab)] })).toBeVisible();
    }

    await page.goto(`/projects/${project.id}/settings/no-such-tab`);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings/general$`));
  });
});

// ---- Team members and invitations ----

test.describe('team members and invitations', () => {
  test('the owner invites an admin who signs up from the emailed link and joins; another invitation is revoked; a used link is refused', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await signedInPage(page, { label: 'team owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Team Project') });
    const invitee = newUser('team invitee');
    const withdrawn = newUser('team withdrawn');

    await openSettings(page, project, 'team-members');
    await expect(page.getByTestId('last-owner-rule')).toHaveText(TEXTS.members.lastOwnerRule);
    const members = membersTable(page);
    await expect(members.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Role',
      'Joined',
      'Actions',
    ]);
    const ownerRow = rowWith(members, owner.email);
    await expect(ownerRow).toContainText(owner.name);
    await expect(ownerRow).toContainText('You');
    await expect(ownerRow).toContainText('Last owner');
    await expect(page.getByTestId('no-invites')).toHaveText(TEXTS.members.noInvites);

    // --- The invite dialog: the email is required and must be valid ---
    const invite = async (email: string, role: string) => {
      await main(page).getByRole('button', { name: 'Invite member' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a member' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      await choose(page, dialog.getByRole('combobox', { name: 'Role' }), role);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page)).toHaveText(TEXTS.members.inviteSent(email));
    };
    await main(page).getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await expect(dialog).toContainText(TEXTS.members.inviteDescription);
    // An owner may give every role; the first is preselected.
    const roleSelect = dialog.getByRole('combobox', { name: 'Role' });
    await expect(roleSelect).toHaveText('User');
    await roleSelect.click();
    await expect(page.getByRole('option')).toHaveText(['User', 'Team Leader', 'Admin', 'Owner']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(TEXTS.members.emailRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(TEXTS.members.emailInvalid)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await invite(invitee.email, 'Admin');
    await invite(withdrawn.email, 'User');
    const invites = invitesTable(page);
    await expect(invites.getByRole('columnheader')).toHaveText([
      'Email',
      'Role',
      'Invited by',
      'Expires',
      'Actions',
    ]);
    // Newest first.
    await expect(invites.getByRole('row')).toHaveCount(3);
    await expect(invites.getByRole('row').nth(1)).toContainText(withdrawn.email);
    await expect(invites.getByRole('row').nth(2)).toContainText(invitee.email);
    const inviteeRow = rowWith(invites, invitee.email);
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
    await expect(inviteeRow.getByRole('cell').nth(3)).toHaveText(`${shown.dateTime(sent.expires_at)}Pending`);
    await expect(rowWith(invites, withdrawn.email).getByRole('cell').nth(1)).toHaveText('User');

    // --- Revoking the second invitation ---
    const withdrawnLink = await inviteLinkFromLog(withdrawn.email);
    await invites.getByRole('button', { name: `Revoke the invitation of ${withdrawn.email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke invitation' });
    await expect(confirm).toContainText(TEXTS.members.revokeMessage(withdrawn.email));
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toHaveText(TEXTS.members.revoked(withdrawn.email));
    await expect(rowWith(invites, withdrawn.email)).toHaveCount(0);
    await expect(rowWith(invites, invitee.email)).toHaveCount(1);
    expect((await membersViaApi(page.request, project.id)).invites.map((i) => i.email)).toEqual([
      invitee.email,
    ]);
    await shoot(page, 'settings-team-members-invited');

    // --- The link, opened by someone signed in with another email ---
    const link = await inviteLinkFromLog(invitee.email);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/invite\?token=[A-Za-z0-9_-]+$/);
    await page.goto(link);
    await expect(page.getByTestId('invite-wrong-account')).toHaveText(
      TEXTS.invite.wrongAccount(owner.email, invitee.email),
    );
    await expect(page.getByRole('button', { name: 'Join project' })).toHaveCount(0);

    // --- The invitee, on another computer ---
    const other = await freshPage(browser);
    try {
      const guest = other.page;
      // The withdrawn link explains itself.
      await guest.goto(withdrawnLink);
      await expect(guest.getByRole('heading', { name: 'Project invitation' })).toBeVisible();
      await expect(guest.getByTestId('invite-error')).toHaveText(TEXTS.invite.withdrawn);
      await expect(guest.getByRole('link', { name: 'Go to sign in' })).toBeVisible();

      await guest.goto(link);
      await expect(guest.getByRole('heading', { name: 'Project invitation' })).toBeVisible();
      const details = guest.getByTestId('invite-details');
      await expect(details).toContainText(TEXTS.invite.message(owner.name, project.name));
      await expect(details).toContainText('RoleAdmin');
      await expect(details).toContainText(`Invited by${owner.name} (${owner.email})`);
      await expect(details).toContainText(`Email${invitee.email}`);
      await expect(details).toContainText(`Valid until${shown.dateTime(sent.expires_at)}`);
      // No account with this email yet: creating one comes first.
      await expect(details).toContainText(TEXTS.invite.signUpHint(invitee.email));
      await shoot(guest, 'invite-page');
      await guest.getByRole('link', { name: 'Create account' }).click();

      await expect(guest).toHaveURL(/\/signup\?email=/);
      await expect(guest.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expect(guest.getByLabel('Email', { exact: true })).toHaveValue(invitee.email);
      await guest.getByLabel('Name', { exact: true }).fill(invitee.name);
      await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
      await guest.getByRole('button', { name: 'Create Account' }).click();

      // Back on the invitation, now able to accept it.
      await expect(guest).toHaveURL(link);
      await guest.getByRole('button', { name: 'Join project' }).click();
      await expect(guest).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(main(guest).getByRole('heading', { level: 1, name: project.name })).toBeVisible();
      // As admin, the invitee may open the settings.
      await openSettings(guest, project, 'team-members');
      await expect(rowWith(membersTable(guest), invitee.email)).toContainText('You');

      // The same link a second time.
      await guest.goto(link);
      await expect(guest.getByTestId('invite-error')).toHaveText(TEXTS.invite.used);
      await expect(guest.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
      await expect(guest.getByRole('button', { name: 'Join project' })).toHaveCount(0);
    } finally {
      await other.context.close();
    }

    // --- The owner's table shows the new member with their role ---
    await openSettings(page, project, 'team-members');
    const joined = (await membersViaApi(page.request, project.id)).members.find(
      (member) => member.email === invitee.email,
    )!;
    expect(joined).toMatchObject({ name: invitee.name, role: 'admin' });
    const memberRow = rowWith(membersTable(page), invitee.email);
    await expect(memberRow.getByRole('cell')).toHaveText([
      invitee.name,
      invitee.email,
      'Admin',
      shown.date(joined.joined_at),
      '',
    ]);
    await expect(memberRow.getByRole('combobox', { name: `Role of ${invitee.name}` })).toBeEnabled();
    await expect(memberRow.getByRole('button', { name: `Remove ${invitee.name}` })).toBeEnabled();
    await expect(page.getByTestId('no-invites')).toHaveText(TEXTS.members.noInvites);
    // The owner is still the only owner.
    await expect(rowWith(membersTable(page), owner.email)).toContainText('Last owner');
    await shoot(page, 'settings-team-members');
  });

  test('the last owner can be neither demoted nor removed: the page locks it and explains the server’s refusal', async ({
    page,
  }) => {
    const owner = await signedInPage(page, { label: 'last owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Owned Project') });
    const { user: partner, account } = await addMemberViaApi(page.request, project.id, 'admin', 'co owner');
    const me = (await membersViaApi(page.request, project.id)).members.find((m) => m.email === owner.email)!;

    await openSettings(page, project, 'team-members');
    await expect(page.getByTestId('last-owner-rule')).toHaveText(TEXTS.members.lastOwnerRule);
    const ownerRow = rowWith(membersTable(page), owner.email);
    // The only owner: role and leave are locked, with the reason.
    await expect(ownerRow).toContainText('Last owner');
    await expect(ownerRow.getByRole('combobox', { name: `Role of ${owner.name}` })).toBeDisabled();
    await expect(ownerRow.getByRole('combobox', { name: `Role of ${owner.name}` })).toHaveText('Owner');
    await expect(ownerRow.getByRole('button', { name: 'Leave project' })).toBeDisabled();
    await ownerRow.getByRole('button', { name: 'Leave project' }).locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('The last owner can be neither demoted nor removed.');

    // The server refuses too.
    const demote = await page.request.put(`/api/projects/${project.id}/members/${me.user_id}`, {
      data: { role: 'admin' },
    });
    expect(demote.status()).toBe(409);
    expect(await demote.json()).toMatchObject({
      error: { code: 'last_owner', message: TEXTS.members.lastOwnerError },
    });
    const leave = await page.request.delete(`/api/projects/${project.id}/members/${me.user_id}`);
    expect(leave.status()).toBe(409);
    expect(await leave.json()).toMatchObject({ error: { code: 'last_owner' } });

    // A second owner unlocks the first.
    const partnerRow = rowWith(membersTable(page), partner.email);
    await choose(page, partnerRow.getByRole('combobox', { name: `Role of ${partner.name}` }), 'Owner');
    await expect(toast(page)).toHaveText(TEXTS.members.roleChanged(partner.name, 'Owner'));
    await expect(ownerRow).not.toContainText('Last owner');
    await expect(ownerRow.getByRole('combobox', { name: `Role of ${owner.name}` })).toBeEnabled();
    await expect(ownerRow.getByRole('button', { name: 'Leave project' })).toBeEnabled();

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
    await choose(page, ownerRow.getByRole('combobox', { name: `Role of ${owner.name}` }), 'Admin');
    const confirm = page.getByRole('dialog', { name: 'Change your own role' });
    await expect(confirm).toContainText(TEXTS.members.ownRoleMessage('Admin'));
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toHaveText(TEXTS.members.lastOwnerError);
    // The table is loaded again: the owner is the last one again.
    await expect(ownerRow).toContainText('Last owner');
    await expect(ownerRow.getByRole('combobox', { name: `Role of ${owner.name}` })).toHaveText('Owner');
    await expect(partnerRow.getByRole('combobox', { name: `Role of ${partner.name}` })).toHaveText('Admin');
    await expect(ownerRow.getByRole('button', { name: 'Leave project' })).toBeDisabled();
    expect((await membersViaApi(page.request, project.id)).members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [partner.email, 'admin'],
    ]);
  });
});

// ---- API keys ----

test.describe('API keys', () => {
  test('a media key: shown once, uploads and reads its analysis with Bearer, refused elsewhere, last used, revoked → 401', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await signedInPage(page, { label: 'api key owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Keyed Project') });
    await fundProject(project.id);
    const prompt = await createScorecardViaApi(page.request, project.id, {
      name: uniqueName('Sales scorecard'),
    });

    await openSettings(page, project, 'api-keys');
    const section = page.getByTestId('api-keys');
    await expect(section.getByRole('heading', { name: TEXTS.apiKeys.emptyTitle })).toBeVisible();
    await expect(page.getByTestId('api-keys-howto')).toContainText(
      `curl -H "Authorization: Bearer $PARLEY_KEY"`,
    );
    await section.getByRole('button', { name: 'Create API key' }).click();

    // --- The create dialog: a name is required, full access is the default ---
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    const nameField = dialog.getByRole('textbox', { name: 'Key name' });
    await expect(create).toBeDisabled();
    await nameField.fill('   ');
    await expect(create).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: /^Full access/ })).toBeChecked();
    await dialog.getByRole('radio', { name: /^Media only/ }).check();
    const keyName = uniqueName('Phone system');
    await nameField.fill(keyName);
    await expect(create).toBeEnabled();
    await create.click();

    // --- The secret, once, with the warning ---
    const created = page.getByRole('dialog', { name: 'API key created' });
    await expect(created).toBeVisible();
    await expect(created.getByTestId('api-key-warning')).toContainText(TEXTS.apiKeys.warningTitle);
    await expect(created.getByTestId('api-key-warning')).toContainText(TEXTS.apiKeys.warning);
    const secret = (await created.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^pk_live_[A-Za-z0-9]{40}$/);
    await shoot(page, 'settings-api-key-secret');
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page)).toHaveText(TEXTS.apiKeys.copied);
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    await expect(toast(page)).toHaveText(TEXTS.apiKeys.reminder);
    await expect(page.getByText(secret)).toHaveCount(0);

    // --- The table ---
    const listed = await page.request.get(`/api/projects/${project.id}/api-keys`);
    const key = ((await listed.json()) as { data: ApiKey[] }).data[0]!;
    expect(key).toMatchObject({ name: keyName, type: 'media', status: 'active', last_used: null });
    const table = page.getByRole('table', { name: 'API keys' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Key prefix',
      'Type',
      'User',
      'Created',
      'Last used',
      'Actions',
    ]);
    const row = page.getByTestId(`api-key-${key.id}`);
    await expect(row.getByRole('cell')).toHaveText([
      keyName,
      `${secret.slice(0, 12)}…`,
      'Media only',
      owner.name,
      shown.dateTime(key.created_at),
      'never',
      '',
    ]);
    await expect(row.getByRole('button', { name: `Revoke ${keyName}` })).toBeEnabled();
    await shoot(page, 'settings-api-keys-created');

    // --- A program with the key and no session: upload, then read the status ---
    const bearer = { Authorization: `Bearer ${secret}` };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${E2E_BASE_URL}/api/projects/${project.id}${path}`, {
        ...init,
        headers: { Accept: 'application/json', ...bearer },
      });
    const recording = await stereoCall('api-key-call.mp3');
    const form = new FormData();
    form.set('prompt_id', String(prompt.id));
    form.set('metadata', JSON.stringify({ Department: 'Sales', Representative: 'Ann Agent' }));
    form.set(
      'file',
      new Blob([new Uint8Array(recording.bytes)], { type: recording.contentType }),
      recording.fileName,
    );
    const uploaded = await api('/uploads', { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const taskId = ((await uploaded.json()) as UploadResponse).data.task_id!;
    expect(taskId).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const response = await api(`/analyses/${taskId}`);
          expect(response.status).toBe(200);
          return ((await response.json()) as { data: AnalysisDetail }).data.status;
        },
        { timeout: 60_000, message: `analysis ${taskId} read with the key becomes completed` },
      )
      .toBe('completed');
    // It lists what it uploaded.
    const own = await api('/analyses?page=1&page_size=50');
    expect(own.status).toBe(200);
    expect(
      ((await own.json()) as { data: { items: Array<{ id: number }> } }).data.items.map((item) => item.id),
    ).toEqual([taskId]);
    // Anything but uploads and its own analyses is refused.
    for (const path of ['/prompts', '/members', '/rep-mappings']) {
      const refused = await api(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: TEXTS.apiKeys.mediaOnly } });
    }
    // Without the key: not signed in.
    expect((await fetch(`${E2E_BASE_URL}/api/projects/${project.id}/analyses/${taskId}`)).status).toBe(401);

    // --- Last used is no longer 'never' ---
    await page.reload();
    const used = (
      (await (await page.request.get(`/api/projects/${project.id}/api-keys`)).json()) as {
        data: ApiKey[];
      }
    ).data[0]!;
    expect(used.last_used).not.toBeNull();
    await expect(row.getByRole('cell').nth(5)).toHaveText(shown.dateTime(used.last_used!));

    // --- Revoking: confirmed, the row stays dimmed and labelled, the key answers 401 ---
    await row.getByRole('button', { name: `Revoke ${keyName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await expect(confirm).toContainText(TEXTS.apiKeys.revokeMessage(keyName));
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page)).toHaveText(TEXTS.apiKeys.revoked);
    await expect(row).toHaveAttribute('data-status', 'revoked');
    await expect(row.getByRole('cell').first()).toHaveText(`${keyName}Revoked`);
    await expect(row).toHaveCSS('opacity', '0.5');
    await expect(row.getByRole('button')).toHaveCount(0);
    const after = await api(`/analyses/${taskId}`);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'api_key_revoked' } });
    await shoot(page, 'settings-api-keys-revoked');
  });
});

// ---- Rep mapping and team leaders ----

test.describe('rep mapping and team leaders', () => {
  test('a mapping is added and listed; a team leader gets a department and a representative', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'reps owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Mapped Project') });
    const { user: leader, account } = await addMemberViaApi(page.request, project.id, 'teamleader', 'leader');

    // --- Rep mapping ---
    await openSettings(page, project, 'rep-mapping');
    const section = page.getByTestId('rep-mapping');
    await expect(section.getByRole('heading', { name: TEXTS.reps.emptyTitle })).toBeVisible();
    await section.getByRole('button', { name: 'Add mapping' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add mapping' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText(TEXTS.reps.identifierRequired);
    await expect(dialog).toContainText(TEXTS.reps.representativeRequired);
    await dialog.getByRole('textbox', { name: 'Identifier' }).fill('ext 204');
    await dialog.getByRole('combobox', { name: 'Representative' }).fill('Ann Agent');
    await dialog.getByRole('combobox', { name: 'Department' }).fill('Inbound Sales');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toHaveText(TEXTS.reps.added('ext 204'));
    const table = section.getByRole('table', { name: 'Rep mapping' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Identifier',
      '',
      'Representative',
      'Department',
      'Actions',
    ]);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'ext 204',
      '',
      'Ann Agent',
      'Inbound Sales',
      '',
    ]);
    await expect(table.getByRole('button', { name: 'Edit ext 204' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Delete ext 204' })).toBeVisible();
    await shoot(page, 'settings-rep-mapping');

    // --- Team leaders: the member with the role teamleader ---
    await tabLink(page, 'team-leaders').click();
    await expect(page).toHaveURL(/\/settings\/team-leaders$/);
    await expect(page.getByTestId('team-leader-rule')).toHaveText(TEXTS.leaders.rule);
    const card = page.getByTestId(`leader-${account.id}`);
    await expect(card).toContainText(leader.name);
    await expect(card).toContainText(leader.email);
    await expect(card).toContainText(TEXTS.leaders.unassigned);
    const save = card.getByRole('button', { name: `Save the team of ${leader.name}` });
    await expect(save).toBeDisabled();

    // The department comes from the mapping's suggestions; a representative may be typed.
    await card.getByRole('combobox', { name: `Departments of ${leader.name}` }).click();
    await page.getByRole('option', { name: 'Inbound Sales', exact: true }).click();
    const representatives = card.getByRole('combobox', { name: `Representatives of ${leader.name}` });
    await representatives.fill('Bob Builder');
    await representatives.press('Enter');
    await expect(card.getByRole('button', { name: 'Inbound Sales' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Bob Builder' })).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page)).toHaveText(TEXTS.leaders.saved(leader.name));
    await expect(card).toContainText(TEXTS.leaders.assigned(1, 1));
    await expect(save).toBeDisabled();

    const saved = await page.request.get(`/api/projects/${project.id}/team-leaders/${account.id}`);
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as { data: TeamLeader }).data).toMatchObject({
      departments: ['Inbound Sales'],
      representatives: ['Bob Builder'],
    });
    await page.reload();
    await expect(card).toContainText(TEXTS.leaders.assigned(1, 1));
    await expect(card.getByRole('button', { name: 'Inbound Sales' })).toBeVisible();
    await shoot(page, 'settings-team-leaders');
  });
});

// ---- Support access ----

test.describe('support access', () => {
  test('the owner grants support access, support staff read the project read-only, the audit shows it, revoking ends it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await signedInPage(page, { label: 'support owner' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Supported Project'),
      description: 'Needs a hand',
    });

    const staff = newUser('support staff');
    const desk = await freshPage(browser);
    try {
      const agent = desk.page;
      const account = await signUpViaApi(agent.request, staff);
      await makeSupportStaff(account);
      const dashboardRow = agent.getByTestId(`support-project-${project.id}`);

      // Before any grant: not on the support dashboard, and the project is not found.
      await agent.goto('/support');
      await expect(main(agent).getByRole('heading', { level: 1, name: 'Support Dashboard' })).toBeVisible();
      await expect(main(agent).getByText(TEXTS.support.dashboardNote)).toBeVisible();
      await expect(dashboardRow).toHaveCount(0);
      expect((await agent.request.get(`/api/projects/${project.id}`)).status()).toBe(404);

      // --- The owner grants two days ---
      await openSettings(page, project, 'support-access');
      const state = page.getByTestId('support-state');
      await expect(state).toHaveText(`${TEXTS.support.offTitle}${TEXTS.support.never}`);
      await expect(page.getByTestId('audit-empty')).toHaveText(TEXTS.support.auditEmpty);
      const duration = page.getByRole('spinbutton', { name: 'Duration' });
      const grant = page.getByRole('button', { name: 'Grant access' });
      await expect(duration).toHaveValue('24');
      await expect(page.getByText('At most 30 days.')).toBeVisible();
      await choose(page, page.getByRole('combobox', { name: 'Unit' }), 'Days');
      await duration.fill('31');
      await expect(page.getByText(TEXTS.support.invalidDuration)).toBeVisible();
      await expect(grant).toBeDisabled();
      await duration.fill('2');
      await expect(page.getByText(TEXTS.support.invalidDuration)).toHaveCount(0);
      await grant.click();
      await expect(toast(page)).toHaveText(/^Support access granted until /);
      const access = (
        (await (await page.request.get(`/api/projects/${project.id}/support-access`)).json()) as {
          data: { active: boolean; expires_at: string; granted_at: string };
        }
      ).data;
      expect(access.active).toBe(true);
      const hours =
        (new Date(access.expires_at).getTime() - new Date(access.granted_at).getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(48, 3);
      await expect(toast(page)).toHaveText(TEXTS.support.granted(shown.dateTime(access.expires_at)));
      await expect(state).toContainText(TEXTS.support.onTitle);
      await expect(state).toContainText(TEXTS.support.until(shown.dateTime(access.expires_at)));
      await expect(state).toContainText(
        TEXTS.support.grantedBy(owner.name, shown.dateTime(access.granted_at)),
      );
      await expect(page.getByRole('button', { name: 'Replace grant' })).toBeVisible();

      // --- Support staff see it on /support and open it read-only ---
      await agent.reload();
      await expect(dashboardRow.getByRole('cell')).toHaveText([
        `${project.name}Needs a hand`,
        owner.name,
        shown.dateTime(access.granted_at),
        `${shown.dateTime(access.expires_at)}2 days left`,
        'Open',
      ]);
      await shoot(agent, 'support-dashboard');
      await dashboardRow.getByRole('link', { name: `Open ${project.name}` }).click();
      await expect(agent).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(main(agent).getByRole('heading', { level: 1, name: project.name })).toBeVisible();
      await openSettings(agent, project, 'general');
      await expect(main(agent).getByText(TEXTS.support.readOnly)).toBeVisible();
      await shoot(agent, 'settings-support-read-only');
      const write = await agent.request.put(`/api/projects/${project.id}`, {
        data: { name: 'Changed by support' },
      });
      expect(write.status()).toBe(403);
      expect(await write.json()).toMatchObject({ error: { message: TEXTS.support.serverReadOnly } });

      // --- The owner reads the audit log ---
      await page.reload();
      const audit = page.getByRole('table', { name: 'Audit log' });
      await expect(audit.getByRole('columnheader')).toHaveText(['Time', 'User', 'Method', 'Path', 'Result']);
      const read = audit
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: `/api/projects/${project.id}`, exact: true }) })
        .filter({ hasText: 'GET' })
        .first();
      await expect(read.getByRole('cell').nth(1)).toHaveText(staff.name);
      await expect(read.getByRole('cell').nth(4)).toHaveText('Allowed');
      const refused = audit.getByRole('row').filter({ hasText: 'PUT' });
      await expect(refused).toHaveCount(1);
      await expect(refused.getByRole('cell')).toHaveText([
        /\d/,
        staff.name,
        'PUT',
        `/api/projects/${project.id}`,
        'Refused',
      ]);
      await shoot(page, 'settings-support-access');

      // --- The owner ends it: gone from /support, not found again ---
      await page.getByRole('button', { name: 'End access now' }).click();
      const confirm = page.getByRole('dialog', { name: 'End support access' });
      await expect(confirm).toContainText(TEXTS.support.revokeMessage);
      await confirm.getByRole('button', { name: 'End access now' }).click();
      await expect(confirm).toBeHidden();
      await expect(toast(page)).toHaveText(TEXTS.support.ended);
      const ended = (
        (await (await page.request.get(`/api/projects/${project.id}/support-access`)).json()) as {
          data: { active: boolean; revoked_at: string };
        }
      ).data;
      expect(ended.active).toBe(false);
      await expect(state).toHaveText(
        `${TEXTS.support.offTitle}${TEXTS.support.endedOn(shown.dateTime(ended.revoked_at))}`,
      );
      await expect(page.getByRole('button', { name: 'Grant access' })).toBeVisible();

      await agent.goto('/support');
      await expect(main(agent).getByText(TEXTS.support.dashboardNote)).toBeVisible();
      await expect(dashboardRow).toHaveCount(0);
      expect((await agent.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
      await agent.goto(`/projects/${project.id}/dashboard`);
      await expect(agent.getByTestId('project-guard-error')).toHaveText(TEXTS.notFound);
    } finally {
      await desk.context.close();
    }
  });

  test('/support is for support staff only', async ({ page }) => {
    await signedInPage(page, { label: 'not support', path: '/support' });
    await expect(main(page).getByText(TEXTS.noPermission)).toBeVisible();
    await expect(main(page).getByText(TEXTS.supportOnly)).toBeVisible();
    expect((await page.request.get('/api/support/projects')).status()).toBe(403);
  });
});

// ---- Roles ----

test.describe('settings and roles', () => {
  test("a member with the role 'user' (joined by signing in from the link) gets no permission on every tab", async ({
    page,
  }) => {
    const ownerApi = await isolatedApi();
    const owner = newUser('roles owner');
    await signUpViaApi(ownerApi, owner);
    const project = await createProjectViaApi(ownerApi, { name: uniqueName('Role Project') });
    const member = await registerUser('plain member');
    try {
      await inviteViaApi(ownerApi, project.id, member.email, 'user');
      const link = await inviteLinkFromLog(member.email);

      // The invitee has an account: the page guides to signing in first, then back to the invitation.
      await page.goto(link);
      const details = page.getByTestId('invite-details');
      await expect(details).toContainText(TEXTS.invite.signInHint(member.email));
      await expect(details).toContainText(`Role${ROLE_NAMES.user}`);
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/login\?email=/);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
      await submitLogin(page, member);
      await expect(page).toHaveURL(link);
      await page.getByRole('button', { name: 'Join project' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(main(page).getByRole('heading', { level: 1, name: project.name })).toBeVisible();
      // No settings link for a user.
      await expect(page.getByTestId('nav-settings')).toHaveCount(0);

      for (const tab of TABS) {
        await page.goto(settingsPath(project, tab));
        await expect(main(page).getByText(TEXTS.noPermission)).toBeVisible();
        await expect(main(page).getByText(TEXTS.noPermissionHint)).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Team Members' })).toHaveCount(0);
      }
      await shoot(page, 'settings-no-permission');

      // The settings API answers 403 to a user.
      for (const path of ['members', 'api-keys', 'rep-mappings', 'team-leaders', 'support-access']) {
        expect((await page.request.get(`/api/projects/${project.id}/${path}`)).status(), path).toBe(403);
      }
      const created = await page.request.post(`/api/projects/${project.id}/api-keys`, {
        data: { name: 'Sneaky', type: 'full' },
      });
      expect(created.status()).toBe(403);

      // The owner's table lists them as User.
      const listed = (await membersViaApi(ownerApi, project.id)).members;
      expect(listed.map((m) => [m.email, m.role])).toEqual([
        [owner.email, 'owner'],
        [member.email, 'user'],
      ]);
    } finally {
      await ownerApi.dispose();
    }
  });
});
