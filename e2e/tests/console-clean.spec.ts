import { SignInPage, SignUpPage } from '../pages/auth.ts';
import { ProjectForm, ProjectsListPage } from '../pages/projects.ts';
import { SettingsPage } from '../pages/settings.ts';
import { newUser, uniqueName } from '../support/flows.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * What a visitor's browser reports as a problem: console errors (a failed request of the app is one) and
 * answers of 400 or more to the page's own requests.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message} (${page.url()})`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${response.status()} ${response.request().method()} ${response.url()} (${page.url()})`);
    }
  });
  return problems;
}

test.describe('a clean console', () => {
  test('an anonymous visitor opens the public pages without a failed request or a console error', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    const signIn = new SignInPage(page);
    const signUp = new SignUpPage(page);

    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(signIn.submitButton).toBeVisible();
    await signIn.open();
    await expect(signIn.submitButton).toBeVisible();
    await signUp.open();
    await expect(signUp.heading).toBeVisible();
    await page.goto('/reset-password?token=e2e-not-used');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('signing up, creating a project and deleting it ask nothing that fails', async ({ page }) => {
    test.setTimeout(90_000);
    const problems = watchProblems(page);
    const user = newUser('console');
    const signUp = new SignUpPage(page);
    const list = new ProjectsListPage(page);
    const form = new ProjectForm(page);
    const settings = new SettingsPage(page);

    await signUp.open();
    await signUp.signUp(user);
    await expect(signUp.checkEmailHeading).toBeVisible();
    await signUp.openConfirmLink(user.email);
    await expect(list.emptyHeading).toBeVisible();

    await list.main.getByRole('link', { name: 'New Project' }).click();
    const name = uniqueName('Short-lived');
    await form.name.fill(name);
    await form.button('Create Project').click();
    await expect(page).toHaveURL(/\/projects\/\d+\/dashboard$/, { timeout: 10_000 });
    const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())![1]);
    await expect(form.heading(name)).toBeVisible();

    await settings.open(projectId, 'general');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete project' });
    await dialog.getByLabel('Project name').fill(name);
    // The project list is loaded again once the project's pages are gone; by then they have asked all they would.
    const reloaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/projects') && response.request().method() === 'GET',
    );
    await dialog.getByRole('button', { name: 'Delete this project' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await reloaded;
    await expect(list.emptyHeading).toBeVisible();
    await expect(list.projectSelector).toHaveText('No Projects Available');
    expect(problems).toEqual([]);
  });
});
