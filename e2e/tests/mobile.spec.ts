import { SuperAdminPage } from '../pages/admin.ts';
import { AnalysesListPage, AnalysisPage } from '../pages/analyses.ts';
import { BillingPage } from '../pages/billing.ts';
import { AppShell } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { analysedChats } from '../support/analysed-chats.ts';
import { requestTopUpViaApi } from '../support/billing.ts';
import { createProjectViaApi, signedInPage, signInViaApi, uniqueName } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { E2E_BASE_URL } from '../support/server.ts';
import { expect, type Page, test, watchContentSecurityPolicy } from '../support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ viewport: PHONE });
// Each test opens many pages: on a busy machine that takes longer than the default minute.
test.describe.configure({ timeout: 150_000 });

/** The project pages a member opens from the sidebar (paths under /projects/{id}/). */
const PROJECT_PAGES = [
  'dashboard',
  'analyses',
  'search',
  'analytics',
  'analytics/manager-dashboard',
  'analytics/checklist-report',
  'analytics/insights',
  'analytics/topics',
  'change-requests',
  'analysis/upload',
  'analysis/bulk-upload',
  'failed-tasks',
  'billing',
  'prompts',
  'prompts/new',
  'integrations',
  'integrations/phone-systems',
  'settings',
  'settings/members',
  'settings/webhooks',
  'settings/automations',
  'settings/trackers',
] as const;

/** The page is not wider than the window: nothing makes the whole page scroll sideways. */
async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  // (a string: the e2e tsconfig has no DOM types)
  const widths = (await page.evaluate(
    '({ scroll: document.documentElement.scrollWidth, window: window.innerWidth })',
  )) as { scroll: number; window: number };
  expect(widths.scroll, `${what} scrolls sideways (${widths.scroll} px wide in ${widths.window} px)`).toBe(
    widths.window,
  );
}

/** Opens a page, waits until it has loaded (its title shown, nothing spinning) and keeps a screenshot. */
async function openAndShoot(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await expect(new AppShell(page).main.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, name);
}

const screenshotName = (path: string) => path.replace(/[/]/g, '-');

test('on a phone the sidebar is a drawer from the menu button and an analysis reads top to bottom', async ({
  page,
}) => {
  const { project, taskIds } = await analysedChats(page, 'mobile reader', [{ representative: 'Ann Agent' }]);
  const shell = new AppShell(page);
  await page.goto(`/projects/${project.id}/dashboard`);
  await expect(shell.heading(project.name)).toBeVisible();
  // The sidebar does not take the phone's width: it is closed until the menu opens it.
  await expect(shell.navigation).toBeHidden();
  await expectNoHorizontalOverflow(page, 'the dashboard');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(shell.navigation).toBeVisible();
  await shoot(page, 'mobile-drawer');
  await shell.navItem('analyses').click();
  // Choosing an item closes the drawer.
  await expect(shell.navigation).toBeHidden();
  const list = new AnalysesListPage(page);
  await expect(page).toHaveURL(AnalysesListPage.path(project.id));
  await expect(list.liveIndicator).toHaveText('Live');
  await expectNoHorizontalOverflow(page, 'the analyses list');
  await shoot(page, 'mobile-analyses');

  await list.row(taskIds[0]!).getByRole('link').click();
  const analysis = new AnalysisPage(page);
  await expect(page).toHaveURL(AnalysisPage.path(project.id, taskIds[0]!));
  await expect(analysis.finalScore).toContainText('80');
  // The transcript comes first on a phone, on the first screen; the results below it, as wide as the screen.
  const results = await analysis.results.boundingBox();
  const transcript = await analysis.transcript.boundingBox();
  expect(results!.width).toBeGreaterThan(PHONE.width - 80);
  expect(transcript!.y).toBeLessThan(PHONE.height);
  expect(transcript!.y).toBeLessThan(results!.y);
  await expect(analysis.results.getByText('Greeting')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the analysis');
  await shoot(page, 'mobile-analysis');

  for (const path of PROJECT_PAGES) {
    await openAndShoot(page, `/projects/${project.id}/${path}`, `mobile-${screenshotName(path)}`);
    await expectNoHorizontalOverflow(page, `/projects/{id}/${path}`);
  }

  // An open change request: its table, wider than the phone, scrolls inside its card; the page does not.
  const requested = await page.request.post(
    `/api/projects/${project.id}/analyses/${taskIds[0]}/change-requests`,
    {
      data: {
        kind: 'field',
        items: [{ path: 'Needs', proposed_value: 3 }],
        reason: 'Ann asked about the roof.',
      },
    },
  );
  expect(requested.status()).toBe(201);
  const request = ((await requested.json()) as { data: { id: number } }).data;
  await page.goto(`/projects/${project.id}/change-requests`);
  await expect(page.getByTestId(`request-row-${request.id}`)).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the change requests with an open request');
  await shoot(page, 'mobile-change-requests-open');

  // Tabs wider than the phone scroll with arrows, as on a desktop.
  for (const [path, last] of [
    ['change-requests', 'tab-all'],
    ['settings', 'settings-tab-support-access'],
  ] as const) {
    await page.goto(`/projects/${project.id}/${path}`);
    const lastTab = page.getByTestId(last);
    await expect(lastTab).toBeVisible();
    await expect(lastTab).not.toBeInViewport({ ratio: 0.9 });
    const tabs = page.locator('.MuiTabs-root', { has: lastTab });
    // Each press of the forward arrow scrolls the tabs on; the last comes into sight. (Not quite ratio 1: it may
    // end a fraction of a pixel beyond the scroller.)
    await expect(async () => {
      await tabs.locator('.MuiTabScrollButton-root').last().click();
      await expect(lastTab).toBeInViewport({ ratio: 0.9, timeout: 1_000 });
    }).toPass();
    await shoot(page, `mobile-${path}-tabs-scrolled`);
  }
  for (const path of ['/dashboard', '/profile', '/projects/new']) {
    await openAndShoot(page, path, `mobile-account${screenshotName(path)}`);
    await expectNoHorizontalOverflow(page, path);
  }
});

test('a super admin approves a top-up on a phone', async ({ page, browser }) => {
  await signedInPage(page, { label: 'mobile top-up owner' });
  const project = await createProjectViaApi(page.request, { name: uniqueName('Phone Sales') });
  const invoice = await requestTopUpViaApi(page.request, project.id, '42.50');

  // An amount over the server's limit: the dialog says why, rather than to try again.
  const billing = new BillingPage(page);
  await billing.open(project.id);
  const dialog = await billing.openAddBalance();
  await dialog.amount.fill('5000000');
  await dialog.submitButton.click();
  await expect(dialog.error).toContainText('This amount is more than one top-up may be.');
  await expect(dialog.error).not.toContainText('try again');
  await expectNoHorizontalOverflow(page, 'the add balance dialog');
  await shoot(page, 'mobile-top-up-too-large');

  const phone = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE });
  watchContentSecurityPolicy(phone);
  try {
    const adminPage = await phone.newPage();
    await signInViaApi(adminPage.request, SUPER_ADMIN);
    const admin = new SuperAdminPage(adminPage);
    await admin.openAsSuperAdmin();
    const row = admin.pendingRow(invoice.id);
    await expect(row).toContainText(project.name);
    await expect(row).toContainText('$42.50');
    await expectNoHorizontalOverflow(adminPage, 'the super admin page');
    await shoot(adminPage, 'mobile-admin-super');

    // The row is a card on a phone: its Approve button is within the screen's width, no sideways scrolling.
    const approve = row.getByRole('button', { name: 'Approve' });
    const button = (await approve.boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
    await admin.approveTopUp(invoice.id, '$42.50', project.name);
    await expect(admin.toast).toHaveText(`Top-up approved: $42.50 credited to ${project.name}.`);
    await expect(row).toHaveCount(0);
    await expect(admin.projectRow(project.id)).toContainText('$42.50');
  } finally {
    await phone.close();
  }
});

test('at 1440 px the sidebar stays and every language fits its items on one line', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { project, taskIds } = await analysedChats(page, 'desktop reader', [{ representative: 'Ann Agent' }]);
  const shell = new AppShell(page);
  await openAndShoot(page, AnalysisPage.path(project.id, taskIds[0]!), 'desktop-analysis');
  await expect(shell.navigation).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  for (const path of ['dashboard', 'analyses', 'analysis/upload', 'analysis/bulk-upload', 'integrations']) {
    await openAndShoot(page, `/projects/${project.id}/${path}`, `desktop-${screenshotName(path)}`);
  }

  // Every page's title stands in the same place, whatever the page's content.
  const titleLeft = async (path: string) => {
    await page.goto(`/projects/${project.id}/${path}`);
    return (await shell.main.getByRole('heading', { level: 1 }).boundingBox())!.x;
  };
  const left = await titleLeft('analysis/upload');
  for (const path of ['analysis/bulk-upload', 'integrations', 'billing', 'settings']) {
    expect(await titleLeft(path), path).toBe(left);
  }

  for (const language of ['de', 'bg', 'es', 'fr', 'it', 'pl', 'pt', 'ru', 'tr', 'uk', 'en']) {
    expect((await page.request.put('/api/users/language', { data: { language } })).status()).toBe(200);
    await page.goto(`/projects/${project.id}/failed-tasks`);
    await expect(shell.navItem('failedTasks')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // (a string: the e2e tsconfig has no DOM types)
    const wrapped =
      (await page.evaluate(`[...document.querySelectorAll('[data-testid^="nav-"] .MuiListItemText-primary')]
      .filter((label) => label.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(label).lineHeight))
      .map((label) => label.textContent)`)) as string[];
    expect.soft(wrapped, `sidebar items on two lines in ${language}`).toEqual([]);
    if (language === 'de') await shoot(page, 'desktop-sidebar-de');
  }
});
