import {
  createProjectViaApi,
  isolatedApi,
  main,
  newUser,
  signedInPage,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

const NOT_FOUND = "Project not found or you don't have access to it.";

test.describe('project guard', () => {
  test("another user's project is not shown and 'Go to Projects' leads to /dashboard", async ({ page }) => {
    // User Y (in their own API session) owns a project.
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Secret'), description: 'Top secret' });
    await y.dispose();

    // User X opens it.
    await signedInPage(page, { label: 'guard visitor x' });
    await page.goto(`/projects/${secret.id}/dashboard`);

    await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(page.getByText(secret.name)).toHaveCount(0);
    await expect(page.getByText('Top secret')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText('No Projects Available');
    // The sidebar does not treat the foreign project as selected: its items stay disabled.
    await expect(page.getByTestId('nav-settings')).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('nav-dashboard')).toHaveAttribute('aria-disabled', 'true');
    // The API agrees: no access means 404, not 403.
    expect((await page.request.get(`/api/projects/${secret.id}`)).status()).toBe(404);

    await page.getByRole('link', { name: 'Go to Projects' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  });

  test("another user's project pages of every kind are guarded", async ({ page }) => {
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Hidden') });
    await y.dispose();

    await signedInPage(page, { label: 'guard visitor x' });
    for (const sub of ['edit', 'settings', 'analyses']) {
      await page.goto(`/projects/${secret.id}/${sub}`);
      await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
      await expect(page.getByRole('link', { name: 'Go to Projects' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveCount(0);
    }
  });

  test('opening a foreign project does not replace the remembered project', async ({ page }) => {
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Foreign') });
    await y.dispose();

    await signedInPage(page, { label: 'guard remember x' });
    const own = await createProjectViaApi(page.request, { name: uniqueName('Mine') });
    await page.goto(`/projects/${own.id}/dashboard`);
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText(own.name);
    await page.goto(`/projects/${secret.id}/dashboard`);
    await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText(own.name);
  });

  test('a project id that does not exist shows the same message', async ({ page }) => {
    await signedInPage(page, { path: '/projects/987654321/dashboard' });
    await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
    await page.getByRole('link', { name: 'Go to Projects' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
