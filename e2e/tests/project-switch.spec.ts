import { ProjectForm } from '../pages/projects.ts';
import { AppShell } from '../pages/shell.ts';
import { createProjectViaApi, type Project, signedInPage, uniqueName } from '../support/flows.ts';
import { expect, type Page, test } from '../support/test.ts';

/** A signed-in user with two projects, A and B. */
async function twoProjects(page: Page): Promise<{ a: Project; b: Project }> {
  await signedInPage(page);
  const a = await createProjectViaApi(page.request, { name: uniqueName('Alpha') });
  const b = await createProjectViaApi(page.request, { name: uniqueName('Bravo') });
  return { a, b };
}

/**
 * Pages that are kept on a switch: [path under /projects/{id}/, its page heading, and where the path leads
 * when it redirects (/settings opens its first tab, /settings/general)].
 */
const KEPT: Array<[string, string, string?]> = [
  ['settings', 'Project Settings', 'settings/general'],
  ['billing', 'Billing'],
  ['prompts', 'Analysis Prompts'],
  ['settings/api-keys', 'Project Settings'],
  ['analytics/manager-dashboard', 'Manager Dashboard'],
];

test.describe('switching projects in the header', () => {
  for (const [sub, heading, shown = sub] of KEPT) {
    test(`on /projects/{A}/${sub} the switch keeps the page`, async ({ page }) => {
      const shell = new AppShell(page);
      const { a, b } = await twoProjects(page);
      await page.goto(`/projects/${a.id}/${sub}`);
      await expect(shell.heading(heading)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/projects/${a.id}/${shown}$`));
      await expect(shell.projectSelector).toHaveText(a.name);

      await shell.projectSelector.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: a.name })).toHaveClass(/Mui-selected/);
      await expect(menu.getByRole('menuitem', { name: b.name })).toContainText('Owner');
      await menu.getByRole('menuitem', { name: b.name }).click();

      await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/${shown}$`));
      await expect(shell.heading(heading)).toBeVisible();
      await expect(shell.projectSelector).toHaveText(b.name);
      await expect(shell.navigation).toContainText(b.name);
    });
  }

  test('on the edit page of A the switch opens the edit form of B with B’s values', async ({ page }) => {
    await signedInPage(page);
    const a = await createProjectViaApi(page.request, { name: uniqueName('Alpha'), description: 'About A' });
    const b = await createProjectViaApi(page.request, {
      name: uniqueName('Bravo'),
      description: 'About B',
      timezone: 'Asia/Tokyo',
    });
    const form = new ProjectForm(page);
    await form.openEdit(a.id);
    await expect(form.name).toHaveValue(a.name);

    await form.switchProject(b);

    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/edit$`));
    await expect(form.name).toHaveValue(b.name);
    await expect(form.description).toHaveValue('About B');
    await expect(form.timezone).toHaveText('Asia/Tokyo');
  });

  test('on /projects/{A}/analysis/upload the switch goes to /projects/{B}/dashboard', async ({ page }) => {
    const { a, b } = await twoProjects(page);
    const shell = new AppShell(page);
    await page.goto(`/projects/${a.id}/analysis/upload`);
    await expect(shell.heading('Upload')).toBeVisible();

    await shell.switchProject(b);

    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/dashboard$`));
    await expect(shell.heading(b.name)).toBeVisible();
    await expect(shell.projectSelector).toHaveText(b.name);
  });

  test('on an analysis of A the switch keeps the list but drops the id', async ({ page }) => {
    const { a, b } = await twoProjects(page);
    const shell = new AppShell(page);
    // Older links (/analyses/{id}) lead to the analysis page (/analysis/{id}).
    await page.goto(`/projects/${a.id}/analyses/55`);
    await expect(page).toHaveURL(new RegExp(`/projects/${a.id}/analysis/55$`));
    await expect(shell.main.getByText('Failed to load the analysis')).toBeVisible();

    await shell.switchProject(b);

    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/analyses$`));
    await expect(shell.heading('Analyses')).toBeVisible();
  });

  test('from the projects list the switch opens the project dashboard and is remembered', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    const { a, b } = await twoProjects(page);
    await page.goto('/dashboard');
    await expect(shell.projectSelector).toHaveText('Select a project');

    await shell.switchProject(a);
    await expect(page).toHaveURL(new RegExp(`/projects/${a.id}/dashboard$`));
    await expect(shell.heading(a.name)).toBeVisible();

    // Back on a global page, the last project stays selected (sidebar links point into it).
    await page.goto('/profile');
    await expect(shell.projectSelector).toHaveText(a.name);
    await expect(shell.navItem('settings')).toHaveAttribute('href', `/projects/${a.id}/settings`);

    // The sidebar follows the switch.
    await shell.switchProject(b);
    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/dashboard$`));
    await expect(shell.navItem('billing')).toHaveAttribute('href', `/projects/${b.id}/billing`);
  });

  test('choosing the current project again stays on the page', async ({ page }) => {
    const { a } = await twoProjects(page);
    const shell = new AppShell(page);
    await page.goto(`/projects/${a.id}/analysis/upload`);
    await expect(shell.heading('Upload')).toBeVisible();
    await shell.switchProject(a);
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/projects/${a.id}/analysis/upload$`));
  });
});
