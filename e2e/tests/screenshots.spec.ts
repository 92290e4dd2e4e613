import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createProjectViaApi, main, type Project, signedInPage, uniqueName } from '../support/flows.ts';
import { ARTIFACTS_DIR } from '../support/server.ts';

/** Full-page screenshots for people to look at (e2e/.artifacts/screenshots/). They assert only rendering. */
const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  // (a string: the e2e tsconfig has no DOM types)
  await page.evaluate('document.fonts.ready.then(() => true)');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.screenshot({
    path: path.join(SCREENSHOTS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

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

  test('sign-in page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shoot(page, 'login');
  });
});
