import { expect, type Locator, type Page } from '@playwright/test';
import { ApiKeysTab, RepMappingTab, SupportAccessTab, TeamLeadersTab, WebhooksTab } from './settings-tabs.ts';
import { AppShell, ConfirmDialog, choose } from './shell.ts';

/** The tabs of /projects/{id}/settings/{tab}: address → label. */
export const SETTINGS_TABS = {
  general: 'General',
  'team-members': 'Team Members',
  'rep-mapping': 'Rep Mapping',
  'team-leaders': 'Team Leaders',
  'api-keys': 'API Keys',
  webhooks: 'Webhooks',
  automations: 'Automations',
  trackers: 'Trackers',
  privacy: 'Privacy',
  'data-requests': 'Data Requests',
  audit: 'Audit Trail',
  'support-access': 'Support Access',
} as const;
export type SettingsTab = keyof typeof SETTINGS_TABS;

/** Dates and times as the settings pages show them in English (formatDateTime / formatDate). */
export const SHOWN = {
  dateTime: (iso: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
  date: (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso)),
};

/** /projects/{id}/settings/{tab}: the project settings with one tab per area. */
export class SettingsPage extends AppShell {
  readonly tabs: Locator;
  readonly breadcrumb: Locator;
  readonly members: MembersTab;
  readonly repMapping: RepMappingTab;
  readonly teamLeaders: TeamLeadersTab;
  readonly apiKeys: ApiKeysTab;
  readonly webhooks: WebhooksTab;
  readonly supportAccess: SupportAccessTab;

  constructor(page: Page) {
    super(page);
    this.tabs = page.getByRole('tab');
    this.breadcrumb = page.getByTestId('settings-breadcrumb');
    this.members = new MembersTab(page);
    this.repMapping = new RepMappingTab(page);
    this.teamLeaders = new TeamLeadersTab(page);
    this.apiKeys = new ApiKeysTab(page);
    this.webhooks = new WebhooksTab(page);
    this.supportAccess = new SupportAccessTab(page);
  }

  /** Goes to the address of a tab (or of /settings with no tab), whatever the page shows there. */
  async goto(projectId: number, tab?: SettingsTab | 'no-such-tab'): Promise<void> {
    await this.page.goto(`/projects/${projectId}/settings${tab ? `/${tab}` : ''}`);
  }

  /** Opens a tab as someone who may see it: the title, the tab selected. */
  async open(projectId: number, tab: SettingsTab): Promise<void> {
    await this.goto(projectId, tab);
    await expect(this.heading('Project Settings')).toBeVisible();
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
  }

  tab(tab: SettingsTab): Locator {
    return this.page.getByRole('tab', { name: SETTINGS_TABS[tab], exact: true });
  }

  panel(tab: SettingsTab): Locator {
    return this.page.getByRole('tabpanel', { name: SETTINGS_TABS[tab] });
  }

  /** Clicks a tab: its own address, selected. */
  async showTab(tab: SettingsTab): Promise<void> {
    await this.tab(tab).click();
    await expect(this.page).toHaveURL(new RegExp(`/settings/${tab}$`));
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
  }
}

/** Team Members: the members with their roles, the open invitations and the invite dialog. */
export class MembersTab {
  readonly page: Page;
  readonly lastOwnerRule: Locator;
  readonly table: Locator;
  readonly invites: Locator;
  readonly noInvites: Locator;
  readonly inviteButton: Locator;
  readonly inviteDialog: InviteDialog;

  constructor(page: Page) {
    this.page = page;
    this.lastOwnerRule = page.getByTestId('last-owner-rule');
    this.table = page.getByRole('table', { name: 'Team members' });
    this.invites = page.getByRole('table', { name: 'Pending invitations' });
    this.noInvites = page.getByTestId('no-invites');
    this.inviteButton = page.getByRole('main').getByRole('button', { name: 'Invite member' });
    this.inviteDialog = new InviteDialog(page);
  }

  memberRow(email: string): Locator {
    return this.table.getByRole('row').filter({ hasText: email });
  }

  inviteRow(email: string): Locator {
    return this.invites.getByRole('row').filter({ hasText: email });
  }

  /** The role select of a member (named after them) in their row. */
  roleOf(member: { name: string; email: string }): Locator {
    return this.memberRow(member.email).getByRole('combobox', { name: `Role of ${member.name}` });
  }

  async changeRole(member: { name: string; email: string }, role: string): Promise<void> {
    await choose(this.page, this.roleOf(member), role);
  }

  /** Sends an invitation through the dialog; the dialog closes. */
  async invite(email: string, role: string): Promise<void> {
    await this.inviteButton.click();
    await expect(this.inviteDialog.root).toBeVisible();
    await this.inviteDialog.email.fill(email);
    await choose(this.page, this.inviteDialog.role, role);
    await this.inviteDialog.sendButton.click();
    await expect(this.inviteDialog.root).toBeHidden();
  }

  /** Clicks the revoke button of an invitation: the confirmation asks. */
  async revokeInvite(email: string): Promise<ConfirmDialog> {
    await this.invites.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
    return new ConfirmDialog(this.page, 'Revoke invitation');
  }
}

export class InviteDialog {
  readonly root: Locator;
  readonly email: Locator;
  readonly role: Locator;
  readonly sendButton: Locator;
  readonly cancelButton: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Invite a member' });
    this.email = this.root.getByRole('textbox', { name: 'Email' });
    this.role = this.root.getByRole('combobox', { name: 'Role' });
    this.sendButton = this.root.getByRole('button', { name: 'Send invitation' });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel' });
  }
}

/** /invite?token=…: an emailed project invitation. */
export class InvitePage extends AppShell {
  readonly title: Locator;
  readonly details: Locator;
  readonly error: Locator;
  readonly wrongAccount: Locator;
  readonly joinButton: Locator;

  constructor(page: Page) {
    super(page);
    this.title = page.getByRole('heading', { name: 'Project invitation' });
    this.details = page.getByTestId('invite-details');
    this.error = page.getByTestId('invite-error');
    this.wrongAccount = page.getByTestId('invite-wrong-account');
    this.joinButton = page.getByRole('button', { name: 'Join project' });
  }
}
