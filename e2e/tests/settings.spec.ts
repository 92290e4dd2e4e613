import type { TeamLeader } from '@parley/contracts';
import { SignInPage } from '../pages/auth.ts';
import { InvitePage, SETTINGS_TABS, SettingsPage, type SettingsTab } from '../pages/settings.ts';
import { AppShell } from '../pages/shell.ts';
import {
  createProjectViaApi,
  isolatedApi,
  newUser,
  registerUser,
  signedInPage,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { addMemberViaApi, inviteViaApi, membersViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { inviteLinkFromLog } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

// Every test has its own users and project: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

// The texts of apps/web/src/locales/en/settings.json and translation.json.
const TEXTS = {
  noPermissionHint:
    'Only project admins and owners can open this area. Ask a project owner if you need access.',
  signInHint: (email: string) => `Sign in as ${email} to accept the invitation.`,
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
};

const TABS = Object.keys(SETTINGS_TABS) as SettingsTab[];

test.describe('project settings page', () => {
  test('the tabs as links; /settings and unknown tabs open General', async ({ page }) => {
    const settings = new SettingsPage(page);
    await signedInPage(page, { label: 'settings tabs' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Settings Tabs') });

    await settings.goto(project.id);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings/general$`));
    await expect(settings.heading('Project Settings')).toBeVisible();
    await expect(settings.main.getByText(project.name, { exact: true }).first()).toBeVisible();
    await expect(settings.tabs).toHaveText(Object.values(SETTINGS_TABS));
    await expect(settings.breadcrumb).toHaveText(/Dashboard.*Project.*Settings/);
    await expect(settings.panel('general')).toBeVisible();
    await shoot(page, 'settings-general');

    // Each tab is a link to its own address.
    for (const tab of TABS) {
      await settings.showTab(tab);
      await expect(settings.panel(tab)).toBeVisible();
    }

    await settings.goto(project.id, 'no-such-tab');
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/settings/general$`));
  });
});

test.describe('rep mapping and team leaders', () => {
  test('a mapping is added and listed; a team leader gets a department and a representative', async ({
    page,
  }) => {
    const settings = new SettingsPage(page);
    const { repMapping, teamLeaders } = settings;
    await signedInPage(page, { label: 'reps owner' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Mapped Project') });
    const { user: leader, account } = await addMemberViaApi(page.request, project.id, 'teamleader', 'leader');

    // --- Rep mapping ---
    await settings.open(project.id, 'rep-mapping');
    await expect(repMapping.section.getByRole('heading', { name: TEXTS.reps.emptyTitle })).toBeVisible();
    await repMapping.openAddDialog();
    await repMapping.saveButton.click();
    await expect(repMapping.dialog).toContainText(TEXTS.reps.identifierRequired);
    await expect(repMapping.dialog).toContainText(TEXTS.reps.representativeRequired);
    await repMapping.identifier.fill('ext 204');
    await repMapping.representative.fill('Ann Agent');
    await repMapping.department.fill('Inbound Sales');
    await repMapping.saveButton.click();
    await expect(repMapping.dialog).toBeHidden();
    await expect(settings.toast).toHaveText(TEXTS.reps.added('ext 204'));
    await expect(repMapping.table.getByRole('columnheader')).toHaveText([
      'Identifier',
      '',
      'Representative',
      'Department',
      'Actions',
    ]);
    await expect(repMapping.table.getByRole('row')).toHaveCount(2);
    await expect(repMapping.table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'ext 204',
      '',
      'Ann Agent',
      'Inbound Sales',
      '',
    ]);
    await expect(repMapping.table.getByRole('button', { name: 'Edit ext 204' })).toBeVisible();
    await expect(repMapping.table.getByRole('button', { name: 'Delete ext 204' })).toBeVisible();
    await shoot(page, 'settings-rep-mapping');

    // --- Team leaders: the member with the role teamleader ---
    await settings.showTab('team-leaders');
    await expect(teamLeaders.rule).toHaveText(TEXTS.leaders.rule);
    const card = teamLeaders.card(account.id);
    await expect(card).toContainText(leader.name);
    await expect(card).toContainText(leader.email);
    await expect(card).toContainText(TEXTS.leaders.unassigned);
    const save = teamLeaders.saveButton(account.id, leader.name);
    await expect(save).toBeDisabled();

    // The department comes from the mapping's suggestions; a representative may be typed.
    await teamLeaders.addDepartment(account.id, leader.name, 'Inbound Sales');
    await teamLeaders.addRepresentative(account.id, leader.name, 'Bob Builder');
    await expect(teamLeaders.chip(account.id, 'Inbound Sales')).toBeVisible();
    await expect(teamLeaders.chip(account.id, 'Bob Builder')).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(settings.toast).toHaveText(TEXTS.leaders.saved(leader.name));
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
    await expect(teamLeaders.chip(account.id, 'Inbound Sales')).toBeVisible();
    await shoot(page, 'settings-team-leaders');
  });
});

test.describe('settings and roles', () => {
  test("a member with the role 'user' (joined by signing in from the link) gets no permission on every tab", async ({
    page,
  }) => {
    const settings = new SettingsPage(page);
    const invitation = new InvitePage(page);
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
      await expect(invitation.details).toContainText(TEXTS.signInHint(member.email));
      await expect(invitation.details).toContainText('RoleUser');
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/login\?email=/);
      const signIn = new SignInPage(page);
      await expect(signIn.email).toHaveValue(member.email);
      await signIn.signIn(member);
      await expect(page).toHaveURL(link);
      await invitation.joinButton.click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(settings.heading(project.name)).toBeVisible();
      // No settings link for a user.
      await expect(settings.navItem('settings')).toHaveCount(0);

      for (const tab of TABS) {
        await settings.goto(project.id, tab);
        await expect(settings.noPermission).toBeVisible();
        await expect(settings.main.getByText(TEXTS.noPermissionHint)).toBeVisible();
        await expect(settings.tab('team-members')).toHaveCount(0);
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

  test('/support is for support staff only', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { label: 'not support', path: '/support' });
    await expect(shell.noPermission).toBeVisible();
    await expect(shell.main.getByText('Only support staff can open the support dashboard.')).toBeVisible();
    expect((await page.request.get('/api/support/projects')).status()).toBe(403);
  });
});
