import { AppShell } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { projectWithScorecard } from '../support/analyses.ts';
import { expectNoViolations } from '../support/axe.ts';
import { signInViaApi } from '../support/flows.ts';
import { expect, type Page, test } from '../support/test.ts';

const PHONE = { width: 390, height: 844 };

/** Opens a signed-in page and waits until it has loaded: its title shown, nothing spinning. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(new AppShell(page).main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

test.describe.configure({ timeout: 150_000 });

/** The pages of a project with an analysis (paths under /projects/{id}/); `analysis` is a completed one. */
const analysedPages = (analysis: number) => [
  'dashboard',
  'analyses',
  `analysis/${analysis}`,
  'analytics',
  'analytics/manager-dashboard',
  'analytics/checklist-report',
  'analytics/insights',
  'analytics/topics',
  'change-requests',
];

/** A project's pages for managing it. */
const managerPages = (prompt: string) => [
  'analysis/upload',
  'analysis/bulk-upload',
  'failed-tasks',
  'billing',
  'prompts',
  'prompts/new',
  `prompts/edit?promptName=${encodeURIComponent(prompt)}`,
];

/** A project's settings and integrations. */
const settingsPages = [
  'integrations/google-drive',
  'integrations/blacklist',
  'settings/general',
  'settings/team-members',
  'settings/rep-mapping',
  'settings/team-leaders',
  'settings/api-keys',
  'settings/support-access',
];

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('the sign-in and sign-up pages', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page, path);
    }
  });

  test('the pages of a project with an analysis', async ({ page }) => {
    const { project, taskIds } = await analysedChats(page, 'axe reader', [{ representative: 'Ann Agent' }]);
    for (const path of analysedPages(taskIds[0]!)) {
      await openPage(page, `/projects/${project.id}/${path}`);
      await expectNoViolations(page, `/projects/{id}/${path}`);
    }
  });

  test('the pages of a project with an analysis, on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { project, taskIds } = await analysedChats(page, 'axe phone', [{ representative: 'Ann Agent' }]);
    for (const path of analysedPages(taskIds[0]!)) {
      await openPage(page, `/projects/${project.id}/${path}`);
      await expectNoViolations(page, `/projects/{id}/${path} at 390 px`);
    }
  });

  test("a project owner's upload, billing and prompt pages", async ({ page }) => {
    const { project, prompt } = await projectWithScorecard(page, { label: 'axe owner' });
    for (const path of managerPages(prompt.scriptName)) {
      await openPage(page, `/projects/${project.id}/${path}`);
      await expectNoViolations(page, `/projects/{id}/${path}`);
    }
  });

  test("a prompt's versions with a draft and its changes", async ({ page }) => {
    const { project, prompt } = await projectWithScorecard(page, { label: 'axe versions' });
    const draft = await page.request.put(`/api/projects/${project.id}/prompts/${prompt.id}/draft`, {
      data: { ...prompt, content: prompt.content.filter((field) => field.key !== 'Needs') },
    });
    expect(draft.status()).toBe(200);
    await openPage(
      page,
      `/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`,
    );
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByRole('region', { name: 'Changes from version 1 to version 2' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Needs: Removed' })).toBeVisible();
    await expectNoViolations(page, 'the Versions tab of /projects/{id}/prompts/edit');
  });

  test("a project's settings and integrations, the account's pages and the phone's drawer", async ({
    page,
  }) => {
    const { project } = await projectWithScorecard(page, { label: 'axe settings' });
    for (const path of settingsPages) {
      await openPage(page, `/projects/${project.id}/${path}`);
      await expectNoViolations(page, `/projects/{id}/${path}`);
    }
    for (const path of ['/dashboard', '/projects/new', '/profile']) {
      await openPage(page, path);
      await expectNoViolations(page, path);
    }
    await page.setViewportSize(PHONE);
    await openPage(page, `/projects/${project.id}/dashboard`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(new AppShell(page).navigation).toBeVisible();
    await expectNoViolations(page, 'the navigation drawer');
  });

  test("the super admin's page and the support dashboard", async ({ page }) => {
    await signInViaApi(page.request, SUPER_ADMIN);
    for (const path of ['/admin/super', '/support']) {
      await openPage(page, path);
      await expectNoViolations(page, path);
    }
  });
});
