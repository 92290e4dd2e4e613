import { SuperAdminPage } from '../pages/admin.ts';
import { PasswordPage, SignInPage } from '../pages/auth.ts';
import { BillingPage } from '../pages/billing.ts';
import { ProjectDashboard, ProjectForm, ProjectsListPage } from '../pages/projects.ts';
import { AppShell } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import {
  adjustBalanceViaApi,
  fundProjectViaApi,
  planViaApi,
  purchasePlanViaApi,
  requestTopUpViaApi,
} from '../support/billing.ts';
import {
  createProjectViaApi,
  freshPage,
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
    const list = new ProjectsListPage(page);
    const projects = await userWithProjects(page);
    await list.open();
    await expect(list.heading('Projects')).toBeVisible();
    await expect(list.table.getByRole('row')).toHaveCount(projects.length + 1);
    await shoot(page, 'projects-list');
  });

  test('project form', async ({ page }) => {
    const form = new ProjectForm(page);
    await signedInPage(page, { label: 'screenshots', path: '/projects/new' });
    await expect(form.heading('Create Project')).toBeVisible();
    await expect(form.name).toBeVisible();
    await shoot(page, 'project-form');
  });

  test('password page', async ({ page }) => {
    const form = new PasswordPage(page);
    await page.goto('/reset-password?token=example-token');
    await expect(form.heading('Reset Password')).toBeVisible();
    await expect(form.newPassword).toBeEnabled();
    await shoot(page, 'password-page');

    await page.goto('/reset-password');
    await expect(form.error).toBeVisible();
    await shoot(page, 'password-page-missing-token');
  });

  test('help drawer open', async ({ page }) => {
    await userWithProjects(page);
    await new ProjectsListPage(page).open();
    const drawer = await new AppShell(page).openHelp();
    await expect(drawer.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await shoot(page, 'help-drawer');
  });

  test('project dashboard', async ({ page }) => {
    const dashboard = new ProjectDashboard(page);
    const [project] = await userWithProjects(page);
    await dashboard.open(project!.id);
    await expect(dashboard.heading(project!.name)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to your project' })).toBeVisible();
    await shoot(page, 'project-dashboard');
  });

  test('profile page', async ({ page }) => {
    await signedInPage(page, { label: 'screenshots', path: '/profile' });
    await expect(new AppShell(page).heading('Profile')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await shoot(page, 'profile');
  });

  test('billing tabs', async ({ page }) => {
    const billing = new BillingPage(page);
    const [project] = await userWithProjects(page);
    const starter = await planViaApi(page.request, project!.id, 'Starter');
    await fundProjectViaApi(page.request, project!.id, '250');
    await purchasePlanViaApi(page.request, project!.id, starter.id);
    await adjustBalanceViaApi(project!.id, 'credit', '12.5', 'Goodwill credit for a failed upload');
    await requestTopUpViaApi(page.request, project!.id, '100');

    await billing.open(project!.id);
    await expect(billing.balance).toHaveText('$213.50');
    await expect(page.getByTestId('bundle-list')).toBeVisible();
    await expect(page.getByTestId('pricing-rate')).toHaveText('$0.0500');
    await shoot(page, 'billing-balance');

    await billing.showTab('Invoice summaries');
    await expect(billing.summaryChart).toBeVisible();
    const month = billing.months.first();
    await month.getByRole('button').first().click();
    const day = month.getByTestId('month-details').locator('[data-testid^="day-"]').first();
    await day.getByRole('button').first().click();
    await expect(day.getByTestId('day-transactions')).toBeVisible();
    await shoot(page, 'billing-summaries');

    await billing.showTab('Invoice details');
    await expect(billing.invoiceRows).toHaveCount(4);
    await shoot(page, 'billing-invoices');

    await billing.showTab('Tariff plan');
    await expect(billing.currentPlan).toHaveText('Starter');
    await shoot(page, 'billing-tariff');

    const dialog = await billing.buyPlan('Purchase plan - $199.00');
    await expect(dialog.root).toBeVisible();
    await shoot(page, 'billing-purchase-dialog');
  });

  test('super admin page', async ({ page, browser }) => {
    const [project] = await userWithProjects(page);
    await requestTopUpViaApi(page.request, project!.id, '75');
    const desk = await freshPage(browser);
    try {
      const admin = new SuperAdminPage(desk.page);
      await signInViaApi(desk.page.request, SUPER_ADMIN);
      await admin.openAsSuperAdmin();
      await expect(admin.pendingTable).toContainText(project!.name);
      await expect(admin.plansTable).toContainText('Starter');
      await shoot(desk.page, 'super-admin');
    } finally {
      await desk.context.close();
    }
  });

  test('sign-in page', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await expect(signIn.heading).toBeVisible();
    await shoot(page, 'login');
  });
});
