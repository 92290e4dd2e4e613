import { SupportDashboard } from '../pages/admin.ts';
import { SettingsPage, SHOWN } from '../pages/settings.ts';
import { SHELL_TEXTS } from '../pages/shell.ts';
import {
  createProjectViaApi,
  freshPage,
  newUser,
  signedInPage,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { makeSupportStaff } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, test } from '../support/test.ts';

// The texts of apps/web/src/locales/en/settings.json (support) and the server's refusal.
const TEXTS = {
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
};

interface SupportGrant {
  active: boolean;
  expires_at: string;
  granted_at: string;
  revoked_at: string;
}

async function supportAccessViaApi(page: Page, projectId: number): Promise<SupportGrant> {
  const response = await page.request.get(`/api/projects/${projectId}/support-access`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SupportGrant }).data;
}

test.describe('support access', () => {
  test('the owner grants support access, support staff read the project read-only, the audit shows it, revoking ends it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const settings = new SettingsPage(page);
    const access = settings.supportAccess;
    const owner = await signedInPage(page, { label: 'support owner' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Supported Project'),
      description: 'Needs a hand',
    });

    const staff = newUser('support staff');
    const desk = await freshPage(browser);
    try {
      const agent = desk.page;
      const dashboard = new SupportDashboard(agent);
      const account = await signUpViaApi(agent.request, staff);
      await makeSupportStaff(account);
      const dashboardRow = dashboard.row(project.id);

      // Before any grant: not on the support dashboard, and the project is not found.
      await dashboard.open();
      await expect(dashboard.heading('Support Dashboard')).toBeVisible();
      await expect(dashboard.main.getByText(TEXTS.dashboardNote)).toBeVisible();
      await expect(dashboardRow).toHaveCount(0);
      expect((await agent.request.get(`/api/projects/${project.id}`)).status()).toBe(404);

      // --- The owner grants two days ---
      await settings.open(project.id, 'support-access');
      await expect(access.state).toHaveText(`${TEXTS.offTitle}${TEXTS.never}`);
      await expect(access.auditEmpty).toHaveText(TEXTS.auditEmpty);
      await expect(access.duration).toHaveValue('24');
      await expect(page.getByText('At most 30 days.')).toBeVisible();
      await access.chooseUnit('Days');
      await access.duration.fill('31');
      await expect(page.getByText(TEXTS.invalidDuration)).toBeVisible();
      await expect(access.grantButton).toBeDisabled();
      await access.duration.fill('2');
      await expect(page.getByText(TEXTS.invalidDuration)).toHaveCount(0);
      await access.grantButton.click();
      await expect(settings.toast).toHaveText(/^Support access granted until /);
      const grant = await supportAccessViaApi(page, project.id);
      expect(grant.active).toBe(true);
      const hours = (new Date(grant.expires_at).getTime() - new Date(grant.granted_at).getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(48, 3);
      await expect(settings.toast).toHaveText(TEXTS.granted(SHOWN.dateTime(grant.expires_at)));
      await expect(access.state).toContainText(TEXTS.onTitle);
      await expect(access.state).toContainText(TEXTS.until(SHOWN.dateTime(grant.expires_at)));
      await expect(access.state).toContainText(TEXTS.grantedBy(owner.name, SHOWN.dateTime(grant.granted_at)));
      await expect(access.replaceButton).toBeVisible();

      // --- Support staff see it on /support and open it read-only ---
      await agent.reload();
      await expect(dashboardRow.getByRole('cell')).toHaveText([
        `${project.name}Needs a hand`,
        owner.name,
        SHOWN.dateTime(grant.granted_at),
        `${SHOWN.dateTime(grant.expires_at)}2 days left`,
        'Open',
      ]);
      await shoot(agent, 'support-dashboard');
      await dashboardRow.getByRole('link', { name: `Open ${project.name}` }).click();
      await expect(agent).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
      await expect(dashboard.heading(project.name)).toBeVisible();
      const agentSettings = new SettingsPage(agent);
      await agentSettings.open(project.id, 'general');
      await expect(agentSettings.main.getByText(TEXTS.readOnly)).toBeVisible();
      await shoot(agent, 'settings-support-read-only');
      const write = await agent.request.put(`/api/projects/${project.id}`, {
        data: { name: 'Changed by support' },
      });
      expect(write.status()).toBe(403);
      expect(await write.json()).toMatchObject({ error: { message: TEXTS.serverReadOnly } });

      // --- The owner reads the audit log ---
      await page.reload();
      await expect(access.audit.getByRole('columnheader')).toHaveText([
        'Time',
        'User',
        'Method',
        'Path',
        'Result',
      ]);
      const read = access.auditRows('GET', `/api/projects/${project.id}`).first();
      await expect(read.getByRole('cell').nth(1)).toHaveText(staff.name);
      await expect(read.getByRole('cell').nth(4)).toHaveText('Allowed');
      const refused = access.auditRows('PUT');
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
      const confirm = await access.endAccess();
      await expect(confirm.root).toContainText(TEXTS.revokeMessage);
      await confirm.confirm('End access now');
      await expect(settings.toast).toHaveText(TEXTS.ended);
      const ended = await supportAccessViaApi(page, project.id);
      expect(ended.active).toBe(false);
      await expect(access.state).toHaveText(
        `${TEXTS.offTitle}${TEXTS.endedOn(SHOWN.dateTime(ended.revoked_at))}`,
      );
      await expect(access.grantButton).toBeVisible();

      await dashboard.open();
      await expect(dashboard.main.getByText(TEXTS.dashboardNote)).toBeVisible();
      await expect(dashboardRow).toHaveCount(0);
      expect((await agent.request.get(`/api/projects/${project.id}`)).status()).toBe(404);
      await agent.goto(`/projects/${project.id}/dashboard`);
      await expect(dashboard.guardError).toHaveText(SHELL_TEXTS.notFound);
    } finally {
      await desk.context.close();
    }
  });
});
