import { SUPER_ADMIN } from '../support/accounts.ts';
import {
  adjustBalanceViaApi,
  billingTab,
  fundProjectViaApi,
  planViaApi,
  purchasePlanViaApi,
  requestTopUpViaApi,
} from '../support/billing.ts';
import {
  createProjectViaApi,
  freshPage,
  main,
  type Project,
  signedInPage,
  signInViaApi,
  uniqueName,
} from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A user with a few realistic projects; returns them in creation order. */
async function userWithProjects(page: Page): Promise<Project[]> {
  await signedInPage(page, { label: 'screenshots' });
  const projects: Project[] = [];
  projects.push(
    await createProjectViaApi(page.request, {
      name: uniqueName('Inbound Sales'),
      description: 'Calls from the website hotline, scored against the discovery checklist.',
      role: 'Sales',
      timezone: 'Europe/Berlin',
    }),
  );
  projects.push(
    await createProjectViaApi(page.request, {
      name: uniqueName('Customer Support'),
      description: 'Second-line support calls.',
      role: 'Support',
      timezone: 'America/New_York',
    }),
  );
  projects.push(
    await createProjectViaApi(page.request, { name: uniqueName('Onboarding'), role: 'Education' }),
  );
  return projects;
}

test.describe('screenshots', () => {
  test('shell with the projects list', async ({ page }) => {
    const projects = await userWithProjects(page);
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Projects' }).getByRole('row')).toHaveCount(
      projects.length + 1,
    );
    await shoot(page, 'projects-list');
  });

  test('project form', async ({ page }) => {
    await signedInPage(page, { label: 'screenshots', path: '/projects/new' });
    await expect(main(page).getByRole('heading', { level: 1, name: 'Create Project' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Project Name' })).toBeVisible();
    await shoot(page, 'project-form');
  });

  test('password page', async ({ page }) => {
    await page.goto('/reset-password?token=example-token');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toBeEnabled();
    await shoot(page, 'password-page');

    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot(page, 'password-page-missing-token');
  });

  test('help drawer open', async ({ page }) => {
    await userWithProjects(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const drawer = page.getByRole('complementary', { name: 'Help' });
    await expect(drawer.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await shoot(page, 'help-drawer');
  });

  test('project dashboard', async ({ page }) => {
    const [project] = await userWithProjects(page);
    await page.goto(`/projects/${project!.id}/dashboard`);
    await expect(main(page).getByRole('heading', { level: 1, name: project!.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Project areas' })).toBeVisible();
    await shoot(page, 'project-dashboard');
  });

  test('profile page', async ({ page }) => {
    await signedInPage(page, { label: 'screenshots', path: '/profile' });
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await shoot(page, 'profile');
  });

  test('billing tabs', async ({ page }) => {
    const [project] = await userWithProjects(page);
    const starter = await planViaApi(page.request, project!.id, 'Starter');
    await fundProjectViaApi(page.request, project!.id, '250');
    await purchasePlanViaApi(page.request, project!.id, starter.id);
    await adjustBalanceViaApi(project!.id, 'credit', '12.5', 'Goodwill credit for a failed upload');
    await requestTopUpViaApi(page.request, project!.id, '100');

    await page.goto(`/projects/${project!.id}/billing`);
    await expect(page.getByTestId('balance-amount')).toHaveText('$213.50');
    await expect(page.getByTestId('bundle-list')).toBeVisible();
    await expect(page.getByTestId('pricing-rate')).toHaveText('$0.0500');
    await shoot(page, 'billing-balance');

    await billingTab(page, 'Invoice summaries').click();
    await expect(page.getByTestId('summary-chart').locator('svg').first()).toBeVisible();
    const month = page.getByTestId('month-list').locator(':scope > [data-testid^="month-"]').first();
    await month.getByRole('button').first().click();
    const day = month.getByTestId('month-details').locator('[data-testid^="day-"]').first();
    await day.getByRole('button').first().click();
    await expect(day.getByTestId('day-transactions')).toBeVisible();
    await shoot(page, 'billing-summaries');

    await billingTab(page, 'Invoice details').click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(4);
    await shoot(page, 'billing-invoices');

    await billingTab(page, 'Tariff plan').click();
    await expect(page.getByTestId('current-plan').getByRole('heading', { level: 2 })).toHaveText('Starter');
    await shoot(page, 'billing-tariff');

    await page.getByRole('button', { name: 'Purchase plan - $199.00' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm purchase' })).toBeVisible();
    await shoot(page, 'billing-purchase-dialog');
  });

  test('super admin page', async ({ page, browser }) => {
    const [project] = await userWithProjects(page);
    await requestTopUpViaApi(page.request, project!.id, '75');
    const admin = await freshPage(browser);
    try {
      await signInViaApi(admin.page.request, SUPER_ADMIN);
      await admin.page.goto('/admin/super');
      await expect(main(admin.page).getByRole('heading', { level: 1, name: 'Super Admin' })).toBeVisible();
      await expect(admin.page.getByRole('table', { name: 'Pending top-ups' })).toContainText(project!.name);
      await expect(admin.page.getByRole('table', { name: 'Tariff plans' })).toContainText('Starter');
      await shoot(admin.page, 'super-admin');
    } finally {
      await admin.context.close();
    }
  });

  test('sign-in page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shoot(page, 'login');
  });
});
