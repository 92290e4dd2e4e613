import { AppShell } from '../pages/shell.ts';
import { createProjectViaApi, signedInPage, uniqueName } from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

const NOT_FOUND_EN = "Content expected soon - we're working on adding help content for this page";

test.describe('help drawer', () => {
  test('on /dashboard it shows the projects article, in English and then in a translation', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { path: '/dashboard' });

    let drawer = await shell.openHelp();
    await expect(drawer.getByRole('heading', { name: 'Help', exact: true })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('What this page is for');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);

    await drawer.getByRole('button', { name: 'Close help' }).click();
    await expect(drawer).toBeHidden();

    await shell.chooseLanguage('Italiano');
    drawer = await shell.openHelp('Guida');
    await expect(drawer.getByRole('heading', { name: 'Guida', exact: true })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Progetti', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('A cosa serve questa pagina');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('on /projects/new the article is translated too', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { path: '/projects/new', language: 'pl' });
    const drawer = await shell.openHelp('Pomoc');
    await expect(drawer.getByRole('heading', { name: 'Utwórz projekt', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });

  test('on a project dashboard in German it shows the German article, without a fallback note', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { language: 'de' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Hilfe') });
    await page.goto(`/projects/${project.id}/dashboard`);
    await expect(shell.heading(project.name)).toBeVisible();

    const drawer = await shell.openHelp('Hilfe');
    await expect(drawer.getByRole('heading', { name: 'Projekt-Dashboard', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toContainText('Wofür diese Seite da ist');
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });

  test('in English a project dashboard article needs no fallback note', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page);
    const project = await createProjectViaApi(page.request, { name: uniqueName('Help') });
    await page.goto(`/projects/${project.id}/dashboard`);
    const drawer = await shell.openHelp();
    await expect(drawer.getByRole('heading', { name: 'Project dashboard', exact: true })).toBeVisible();
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });

  test('on a page without an article it says content is expected soon', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page);
    // Every page of the app has an article now; an address the app does not know still has the drawer.
    const project = await createProjectViaApi(page.request, { name: uniqueName('Placeholder') });
    await page.goto(`/projects/${project.id}/no-such-page`);
    await expect(page.getByText('Page not found')).toBeVisible();

    const drawer = await shell.openHelp();
    await expect(drawer.getByText(NOT_FOUND_EN)).toBeVisible();
    await expect(drawer.getByTestId('help-content')).toHaveCount(0);
    await expect(drawer.getByTestId('help-fallback-note')).toHaveCount(0);
  });

  test('the "expected soon" message is translated as well', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { language: 'de' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Platzhalter') });
    await page.goto(`/projects/${project.id}/no-such-page`);
    const drawer = await shell.openHelp('Hilfe');
    await expect(
      drawer.getByText('Inhalte folgen in Kürze – wir arbeiten an der Hilfe für diese Seite'),
    ).toBeVisible();
  });
});
