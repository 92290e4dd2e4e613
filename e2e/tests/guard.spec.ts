import { ProjectForm, ProjectsListPage } from '../pages/projects.ts';
import { AppShell, SHELL_TEXTS } from '../pages/shell.ts';
import {
  createProjectViaApi,
  isolatedApi,
  newUser,
  signedInPage,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('project guard', () => {
  test("another user's project is not shown and 'Go to Projects' leads to /dashboard", async ({ page }) => {
    const shell = new AppShell(page);
    // User Y (in their own API session) owns a project.
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Secret'), description: 'Top secret' });
    await y.dispose();

    // User X opens it.
    await signedInPage(page, { label: 'guard visitor x' });
    await page.goto(`/projects/${secret.id}/dashboard`);

    await expect(shell.guardError).toHaveText(SHELL_TEXTS.notFound);
    await expect(page.getByText(SHELL_TEXTS.notFound)).toBeVisible();
    await expect(page.getByText(secret.name)).toHaveCount(0);
    await expect(page.getByText('Top secret')).toHaveCount(0);
    await expect(shell.projectSelector).toHaveText('No Projects Available');
    // The sidebar does not treat the foreign project as selected: its items stay disabled.
    await expect(shell.navItem('settings')).toHaveAttribute('aria-disabled', 'true');
    await expect(shell.navItem('dashboard')).toHaveAttribute('aria-disabled', 'true');
    // The API agrees: no access means 404, not 403.
    expect((await page.request.get(`/api/projects/${secret.id}`)).status()).toBe(404);

    await page.getByRole('link', { name: 'Go to Projects' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const list = new ProjectsListPage(page);
    await expect(list.heading('Projects')).toBeVisible();
    await expect(list.emptyHeading).toBeVisible();
  });

  test("another user's project pages of every kind are guarded", async ({ page }) => {
    const shell = new AppShell(page);
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Hidden') });
    await y.dispose();

    await signedInPage(page, { label: 'guard visitor x' });
    for (const sub of ['edit', 'settings', 'analyses']) {
      await page.goto(`/projects/${secret.id}/${sub}`);
      await expect(shell.guardError).toHaveText(SHELL_TEXTS.notFound);
      await expect(page.getByRole('link', { name: 'Go to Projects' })).toBeVisible();
      await expect(new ProjectForm(page).name).toHaveCount(0);
    }
  });

  test('opening a foreign project does not replace the remembered project', async ({ page }) => {
    const shell = new AppShell(page);
    const y = await isolatedApi();
    await signUpViaApi(y, newUser('guard owner y'));
    const secret = await createProjectViaApi(y, { name: uniqueName('Foreign') });
    await y.dispose();

    await signedInPage(page, { label: 'guard remember x' });
    const own = await createProjectViaApi(page.request, { name: uniqueName('Mine') });
    await page.goto(`/projects/${own.id}/dashboard`);
    await expect(shell.projectSelector).toHaveText(own.name);
    await page.goto(`/projects/${secret.id}/dashboard`);
    await expect(shell.guardError).toHaveText(SHELL_TEXTS.notFound);
    await page.goto('/profile');
    await expect(shell.projectSelector).toHaveText(own.name);
  });

  test('a project id that does not exist shows the same message', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { path: '/projects/987654321/dashboard' });
    await expect(shell.guardError).toHaveText(SHELL_TEXTS.notFound);
    await page.getByRole('link', { name: 'Go to Projects' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
