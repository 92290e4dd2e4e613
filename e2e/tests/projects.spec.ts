import { ProjectDashboard, ProjectForm, ProjectsListPage } from '../pages/projects.ts';
import {
  createProjectViaApi,
  escapeRegExp,
  getProjectViaApi,
  signedInPage,
  uniqueName,
} from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('projects', () => {
  test('creating a project through /projects/new shows success and redirects after ~1.5 s', async ({
    page,
  }) => {
    const list = new ProjectsListPage(page);
    const form = new ProjectForm(page);
    await signedInPage(page, { path: '/dashboard' });
    await expect(list.emptyHeading).toBeVisible();
    await list.main.getByRole('link', { name: 'New Project' }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(form.heading('Create Project')).toBeVisible();

    // Defaults of the form.
    await expect(form.role).toHaveText('Sales');
    await expect(form.timezone).toHaveText('UTC');

    const name = uniqueName('Support Calls');
    await form.name.fill(`  ${name}  `);
    await form.description.fill('Inbound support calls\nsecond line');
    await form.chooseRole('Support');
    await expect(form.role).toHaveText('Support');
    await form.chooseTimezone('Europe/Berlin');
    await expect(form.timezone).toHaveText('Europe/Berlin');

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/projects') && response.request().method() === 'POST',
    );
    await form.button('Create Project').click();
    const response = await created;
    expect(response.status()).toBe(201);
    const savedAt = Date.now();
    const project = (await response.json()).data as { id: number };

    await expect(form.status).toHaveText('Project created successfully');
    // It does wait before redirecting, with the form locked meanwhile.
    expect(new URL(page.url()).pathname).toBe('/projects/new');
    await expect(form.button('Create Project')).toBeDisabled();
    await expect(form.name).toBeDisabled();

    await page.waitForURL(new RegExp(`/projects/${project.id}(/dashboard)?$`));
    const elapsed = Date.now() - savedAt;
    expect(elapsed).toBeGreaterThanOrEqual(1000); // 1.5 s, less the time the test saw the answer late
    expect(elapsed).toBeLessThan(5000);

    const dashboard = new ProjectDashboard(page);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await expect(dashboard.heading(name)).toBeVisible();
    await expect(page.getByText('Project overview')).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: 'Support' }).first()).toBeVisible();
    await expect(details.filter({ hasText: 'Europe/Berlin' })).toBeVisible();
    await expect(details.filter({ hasText: 'Owner' })).toBeVisible();
    await expect(page.getByText('Inbound support calls')).toBeVisible();
    // The header selector and the sidebar now show the new project.
    await expect(dashboard.projectSelector).toHaveText(name);
    await expect(dashboard.navigation).toContainText(name);

    // The server stored the trimmed name and the chosen values.
    expect(await getProjectViaApi(page.request, project.id)).toMatchObject({
      name,
      description: 'Inbound support calls\nsecond line',
      role: 'Support',
      timezone: 'Europe/Berlin',
      my_role: 'owner',
    });

    // It appears in the projects list.
    await dashboard.navigation.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const row = list.row(name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([
      name,
      'Support',
      'Inbound support calls second line',
      'Europe/Berlin',
      'Owner',
      '',
    ]);
  });

  test('the create form requires a name', async ({ page }) => {
    const form = new ProjectForm(page);
    await signedInPage(page, { path: '/projects/new' });
    await form.name.fill('   ');
    await form.button('Create Project').click();
    await expect(page.getByText('Project name is required')).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/new$/);
    const list = await page.request.get('/api/projects');
    expect((await list.json()).data).toEqual([]);
  });

  test('the projects list shows every project of the user with open and edit actions', async ({ page }) => {
    const list = new ProjectsListPage(page);
    await signedInPage(page);
    const first = await createProjectViaApi(page.request, {
      name: uniqueName('Alpha'),
      timezone: 'Asia/Tokyo',
    });
    const second = await createProjectViaApi(page.request, {
      name: uniqueName('Beta'),
      role: 'Education',
      description: 'Lectures',
    });
    await list.open();

    await expect(list.table.getByRole('row')).toHaveCount(3); // header + 2
    for (const project of [first, second]) {
      await expect(list.table.getByRole('link', { name: project.name, exact: true })).toHaveAttribute(
        'href',
        `/projects/${project.id}/dashboard`,
      );
      await expect(list.table.getByRole('link', { name: `Open ${project.name}` })).toBeVisible();
      await expect(list.table.getByRole('link', { name: `Edit ${project.name}` })).toHaveAttribute(
        'href',
        `/projects/${project.id}/edit`,
      );
    }
    await expect(list.row(first.name).getByRole('cell', { name: 'Asia/Tokyo' })).toBeVisible();
    await expect(list.row(second.name).getByRole('cell', { name: 'Education' })).toBeVisible();

    await list.table.getByRole('link', { name: `Open ${second.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${second.id}/dashboard$`));
    await expect(list.heading(second.name)).toBeVisible();
  });

  test('editing a project through its edit page saves the changes', async ({ page }) => {
    const list = new ProjectsListPage(page);
    const form = new ProjectForm(page);
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Original'),
      description: 'Before',
      role: 'Sales',
      timezone: 'UTC',
    });
    await list.open();
    await page.getByRole('link', { name: `Edit ${project.name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(form.heading('Edit Project')).toBeVisible();
    await expect(form.main.getByText(project.name, { exact: true })).toBeVisible();
    await expect(form.name).toHaveValue(project.name);
    await expect(form.description).toHaveValue('Before');
    await expect(form.role).toHaveText('Sales');
    await expect(form.timezone).toHaveText('UTC');

    const renamed = uniqueName('Renamed');
    await form.name.fill(renamed);
    await form.description.fill('After');
    await form.chooseRole('Other');
    await form.chooseTimezone('America/New_York');
    await form.button('Save Changes').click();

    await expect(form.status).toHaveText('Project updated successfully');
    // Saved and not changed since: nothing to save; the page stays.
    await expect(form.button('Save Changes')).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(form.projectSelector).toHaveText(renamed);

    expect(await getProjectViaApi(page.request, project.id)).toMatchObject({
      name: renamed,
      description: 'After',
      role: 'Other',
      timezone: 'America/New_York',
    });

    // The change shows everywhere after a reload too.
    const dashboard = new ProjectDashboard(page);
    await dashboard.open(project.id);
    await expect(dashboard.heading(renamed)).toBeVisible();
    await expect(page.getByText('America/New_York')).toBeVisible();
    await list.open();
    await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: project.name, exact: true })).toHaveCount(0);
  });

  test('the project dashboard links to the edit page', async ({ page }) => {
    const form = new ProjectForm(page);
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, { name: uniqueName('Linked') });
    await page.goto(`/projects/${project.id}`);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await form.main.getByRole('link', { name: 'Edit Project' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(form.name).toHaveValue(project.name);
  });

  test('cancel on the create form goes to the projects list', async ({ page }) => {
    const form = new ProjectForm(page);
    await signedInPage(page, { path: '/projects/new' });
    await form.name.fill('Never saved');
    await form.button('Cancel').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(form.heading('Projects')).toBeVisible();
    await expect(page.getByText('Never saved')).toHaveCount(0);
  });

  test('cancel on the edit form goes back to the project without saving', async ({ page }) => {
    const form = new ProjectForm(page);
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, { name: uniqueName('Keep') });
    await form.openEdit(project.id);
    await form.name.fill('Discarded name');
    await form.button('Cancel').click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await expect(form.heading(new RegExp(`^${escapeRegExp(project.name)}$`))).toBeVisible();
    expect((await getProjectViaApi(page.request, project.id)).name).toBe(project.name);
  });
});
