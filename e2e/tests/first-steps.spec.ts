import type { TariffPlan } from '@parley/contracts';
import type { APIRequestContext } from '@playwright/test';
import { SuperAdminPage } from '../pages/admin.ts';
import { SignUpPage } from '../pages/auth.ts';
import { BillingPage } from '../pages/billing.ts';
import { ProjectDashboard, ProjectForm } from '../pages/projects.ts';
import { taskIdIn, UploadPage } from '../pages/upload.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { createScorecardViaApi, waitForStatus } from '../support/analyses.ts';
import { asSuperAdmin } from '../support/billing.ts';
import { createProjectViaApi, freshPage, newUser, signInViaApi, uniqueName } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// Starter units are a platform-wide setting (each account's first project gets them): this file runs in a
// project of its own, after every other test (playwright.config.ts), so no other test's new project receives them.

async function setStarterUnitsViaApi(api: APIRequestContext, units: number): Promise<void> {
  const plans = (await (await api.get('/api/admin/billing/tariffs')).json()).data as TariffPlan[];
  const defaultPlan = plans.find((plan) => plan.is_default)!;
  const response = await api.put(`/api/admin/billing/tariffs/${defaultPlan.id}`, {
    data: { included_minutes: units, validity_period: null },
  });
  expect(response.status()).toBe(200);
}

const chat = (name: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(
    [
      'Sarah Agent: Good morning, Acme Solar, Sarah speaking. How can I help?',
      'Client: I would like to know what solar panels for my roof would cost.',
      'Sarah Agent: Gladly. What budget did you have in mind?',
    ].join('\n'),
  ),
});

test.describe('first steps of a new project', () => {
  test.afterAll(() => asSuperAdmin((api) => setStarterUnitsViaApi(api, 0)));

  test('with starter units set by the super admin, a new user analyses a first call without a top-up', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);

    // --- The super admin gives each account's first project 30 starter units for 14 days ---
    const desk = await freshPage(browser);
    try {
      await signInViaApi(desk.page.request, SUPER_ADMIN);
      const admin = new SuperAdminPage(desk.page);
      await admin.openAsSuperAdmin();
      const starter = desk.page.getByTestId('starter-units');
      await expect(starter).toContainText('Each account gets these units free once');
      await starter.getByRole('spinbutton', { name: 'Units per account' }).fill('30');
      await starter.getByRole('spinbutton', { name: 'Validity (days)' }).fill('14');
      await starter.getByRole('button', { name: 'Save starter units' }).click();
      await expect(admin.toast).toHaveText("Saved. Starter units for each account's first project: 30.");
      await shoot(desk.page, 'admin-starter-units');
    } finally {
      await desk.context.close();
    }

    // --- A new user signs up and creates a project ---
    const user = newUser('first steps');
    const signUp = new SignUpPage(page);
    await signUp.open();
    await signUp.signUp(user);
    await expect(signUp.checkEmailHeading).toBeVisible();
    await signUp.openConfirmLink(user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('main').getByRole('link', { name: 'New Project' }).click();
    const form = new ProjectForm(page);
    const name = uniqueName('First Calls');
    await form.name.fill(name);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/projects') && response.request().method() === 'POST',
    );
    await form.button('Create Project').click();
    const project = ((await (await created).json()) as { data: { id: number } }).data;

    // --- The empty dashboard says what to do first; the units step is already done ---
    const dashboard = new ProjectDashboard(page);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await expect(dashboard.heading(name)).toBeVisible();
    const steps = page.getByTestId('getting-started');
    await expect(steps.getByRole('heading', { name: 'Welcome to your project' })).toBeVisible();
    await expect(page.getByTestId('start-step-1')).toContainText('Have units to analyse with');
    await expect(page.getByTestId('start-step-1')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('start-step-2')).toHaveAttribute('data-done', 'false');
    await expect(steps.getByRole('link', { name: 'Create a prompt' })).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Upload' })).toBeVisible();
    await shoot(page, 'first-steps-dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'first-steps-dashboard-phone');
    await page.setViewportSize({ width: 1366, height: 860 });

    // --- Billing shows the starter units ---
    await steps.getByRole('link', { name: 'Open billing' }).click();
    const billing = new BillingPage(page);
    await expect(page).toHaveURL(`/projects/${project.id}/billing`);
    await expect(billing.balance).toHaveText('$0.00');
    await expect(billing.unitsTotal).toHaveText('30 units left');
    await expect(billing.bundles).toHaveText([/^30 units left · Pay as you go · expires /]);
    await shoot(page, 'billing-starter-units');

    // --- A prompt, then the first upload: analysed and paid from the starter units ---
    const prompt = await createScorecardViaApi(page.request, project.id, {
      name: uniqueName('Sales scorecard'),
    });
    await dashboard.open(project.id);
    await expect(page.getByTestId('start-step-2')).toHaveAttribute('data-done', 'true');
    await steps.getByRole('link', { name: 'Upload' }).click();
    const upload = new UploadPage(page);
    await expect(upload.promptSelect).toHaveText(prompt.scriptName);
    await upload.fillMetadata({ Department: 'Sales', Representative: 'Sarah Agent' });
    await upload.fileInput.setInputFiles(chat('first-call.txt'));
    await upload.uploadButton.click();
    await expect(upload.success).toBeVisible();
    const taskId = await taskIdIn(upload.success);
    await waitForStatus(page.request, project.id, taskId, 'completed');

    await billing.open(project.id);
    await expect(billing.balance).toHaveText('$0.00');
    await expect(billing.unitsTotal).not.toHaveText('30 units left');
    await expect(billing.unitsTotal).toHaveText(/^\d+(\.\d+)? units left$/);

    // --- The account's second project gets no starter units, and its first step says so ---
    const second = await createProjectViaApi(page.request, { name: uniqueName('Second Calls') });
    await dashboard.open(second.id);
    await expect(page.getByTestId('start-step-1')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('start-step-1')).toContainText(
      'Starter units come only with the first project an account creates',
    );
    await billing.open(second.id);
    await expect(billing.unitsTotal).toHaveText('0 units left');
    await expect(billing.bundles).toHaveCount(0);
  });
});
