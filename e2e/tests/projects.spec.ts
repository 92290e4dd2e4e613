import {
  createProjectViaApi,
  escapeRegExp,
  getProjectViaApi,
  main,
  signedInPage,
  uniqueName,
} from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('projects', () => {
  test('creating a project through /projects/new shows success and redirects after ~1.5 s', async ({
    page,
  }) => {
    await signedInPage(page, { path: '/dashboard' });
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await main(page).getByRole('link', { name: 'New Project' }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Create Project' })).toBeVisible();

    // Defaults of the form.
    await expect(page.getByRole('combobox', { name: 'Project Role' })).toHaveText('Sales');
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText('UTC');

    const name = uniqueName('Support Calls');
    await page.getByRole('textbox', { name: 'Project Name' }).fill(`  ${name}  `);
    await page.getByRole('textbox', { name: 'Description' }).fill('Inbound support calls\nsecond line');
    await page.getByRole('combobox', { name: 'Project Role' }).click();
    await page.getByRole('option', { name: 'Support' }).click();
    await expect(page.getByRole('combobox', { name: 'Project Role' })).toHaveText('Support');
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText('Europe/Berlin');

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/projects') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Project' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const savedAt = Date.now();
    const project = (await response.json()).data as { id: number };

    await expect(page.getByRole('status')).toHaveText('Project created successfully');
    // It does wait before redirecting, with the form locked meanwhile.
    expect(new URL(page.url()).pathname).toBe('/projects/new');
    await expect(page.getByRole('button', { name: 'Create Project' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Project Name' })).toBeDisabled();

    await page.waitForURL(new RegExp(`/projects/${project.id}(/dashboard)?$`));
    const elapsed = Date.now() - savedAt;
    expect(elapsed).toBeGreaterThanOrEqual(1000); // 1.5 s, less the time the test saw the answer late
    expect(elapsed).toBeLessThan(5000);

    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Project overview')).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: 'Support' }).first()).toBeVisible();
    await expect(details.filter({ hasText: 'Europe/Berlin' })).toBeVisible();
    await expect(details.filter({ hasText: 'Owner' })).toBeVisible();
    await expect(page.getByText('Inbound support calls')).toBeVisible();
    // The header selector and the sidebar now show the new project.
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText(name);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText(name);

    // The server stored the trimmed name and the chosen values.
    expect(await getProjectViaApi(page.request, project.id)).toMatchObject({
      name,
      description: 'Inbound support calls\nsecond line',
      role: 'Support',
      timezone: 'Europe/Berlin',
      my_role: 'owner',
    });

    // It appears in the projects list.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Projects' })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
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
    await signedInPage(page, { path: '/projects/new' });
    await page.getByRole('textbox', { name: 'Project Name' }).fill('   ');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByText('Project name is required')).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/new$/);
    const list = await page.request.get('/api/projects');
    expect((await list.json()).data).toEqual([]);
  });

  test('the projects list shows every project of the user with open and edit actions', async ({ page }) => {
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
    await page.goto('/dashboard');

    const table = page.getByRole('table', { name: 'Projects' });
    await expect(table.getByRole('row')).toHaveCount(3); // header + 2
    for (const project of [first, second]) {
      await expect(table.getByRole('link', { name: project.name, exact: true })).toHaveAttribute(
        'href',
        `/projects/${project.id}/dashboard`,
      );
      await expect(table.getByRole('link', { name: `Open ${project.name}` })).toBeVisible();
      await expect(table.getByRole('link', { name: `Edit ${project.name}` })).toHaveAttribute(
        'href',
        `/projects/${project.id}/edit`,
      );
    }
    await expect(
      table.getByRole('row').filter({ hasText: first.name }).getByRole('cell', { name: 'Asia/Tokyo' }),
    ).toBeVisible();
    await expect(
      table.getByRole('row').filter({ hasText: second.name }).getByRole('cell', { name: 'Education' }),
    ).toBeVisible();

    await table.getByRole('link', { name: `Open ${second.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${second.id}/dashboard$`));
    await expect(main(page).getByRole('heading', { level: 1, name: second.name })).toBeVisible();
  });

  test('editing a project through its edit page saves the changes', async ({ page }) => {
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('Original'),
      description: 'Before',
      role: 'Sales',
      timezone: 'UTC',
    });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Edit ${project.name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(main(page).getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible();
    await expect(main(page).getByText(project.name, { exact: true })).toBeVisible();
    const nameField = page.getByRole('textbox', { name: 'Project Name' });
    await expect(nameField).toHaveValue(project.name);
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Before');
    await expect(page.getByRole('combobox', { name: 'Project Role' })).toHaveText('Sales');
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveText('UTC');

    const renamed = uniqueName('Renamed');
    await nameField.fill(renamed);
    await page.getByRole('textbox', { name: 'Description' }).fill('After');
    await page.getByRole('combobox', { name: 'Project Role' }).click();
    await page.getByRole('option', { name: 'Other' }).click();
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByRole('status')).toHaveText('Project updated successfully');
    // Saved and not changed since: nothing to save; the page stays.
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText(renamed);

    expect(await getProjectViaApi(page.request, project.id)).toMatchObject({
      name: renamed,
      description: 'After',
      role: 'Other',
      timezone: 'America/New_York',
    });

    // The change shows everywhere after a reload too.
    await page.goto(`/projects/${project.id}/dashboard`);
    await expect(main(page).getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText('America/New_York')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: project.name, exact: true })).toHaveCount(0);
  });

  test('the project dashboard links to the edit page', async ({ page }) => {
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, { name: uniqueName('Linked') });
    await page.goto(`/projects/${project.id}`);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await main(page).getByRole('link', { name: 'Edit Project' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/edit$`));
    await expect(page.getByRole('textbox', { name: 'Project Name' })).toHaveValue(project.name);
  });

  test('cancel on the create form goes to the projects list', async ({ page }) => {
    await signedInPage(page, { path: '/projects/new' });
    await page.getByRole('textbox', { name: 'Project Name' }).fill('Never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('Never saved')).toHaveCount(0);
  });

  test('cancel on the edit form goes back to the project without saving', async ({ page }) => {
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, { name: uniqueName('Keep') });
    await page.goto(`/projects/${project.id}/edit`);
    await page.getByRole('textbox', { name: 'Project Name' }).fill('Discarded name');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/dashboard$`));
    await expect(
      main(page).getByRole('heading', { level: 1, name: new RegExp(`^${escapeRegExp(project.name)}$`) }),
    ).toBeVisible();
    expect((await getProjectViaApi(page.request, project.id)).name).toBe(project.name);
  });
});
