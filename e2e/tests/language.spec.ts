import {
  chooseLanguage,
  freshPage,
  main,
  newUser,
  openConfirmLink,
  registerUser,
  signedInPage,
  signOutViaUi,
  submitLogin,
} from '../support/flows.ts';
import { expect, type Page, test } from '../support/test.ts';

const h1 = (page: Page, name: string) => main(page).getByRole('heading', { level: 1, name });

/** Resolves when the browser has saved a language to the account. */
function languageSaved(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/users/language') && response.request().method() === 'PUT',
  );
}

async function accountLanguage(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  return (await me.json()).data.language;
}

test.describe('interface language', () => {
  test('switching to Deutsch changes the UI at once and is saved to the account', async ({
    page,
    browser,
  }) => {
    const user = await signedInPage(page, { path: '/dashboard' });
    await expect(h1(page, 'Projects')).toBeVisible();
    await expect(page.getByTestId('language-menu')).toHaveText('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const saved = languageSaved(page);
    await chooseLanguage(page, 'Deutsch');

    // At once, without a reload.
    await expect(h1(page, 'Projekte')).toBeVisible();
    await expect(page.getByText('Alle Projekte, in denen Sie Mitglied sind.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Noch keine Projekte' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Projekt auswählen' })).toHaveText(
      'Keine Projekte verfügbar',
    );
    await expect(page.getByRole('button', { name: 'Sprache' })).toHaveText('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect((await saved).status()).toBe(200);
    expect(await accountLanguage(page)).toBe('de');

    // The menu marks the active language.
    await page.getByTestId('language-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toHaveClass(/Mui-selected/);
    await page.keyboard.press('Escape');

    // Another browser (no cookies, no local storage) starts in English and turns German on sign-in.
    const other = await freshPage(browser);
    try {
      await other.page.goto('/login');
      await expect(other.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await submitLogin(other.page, user);
      await expect(other.page).toHaveURL(/\/dashboard$/);
      await expect(h1(other.page, 'Projekte')).toBeVisible();
      await expect(other.page.getByRole('button', { name: 'Konto' })).toBeVisible();
      await expect(other.page.locator('html')).toHaveAttribute('lang', 'de');

      // And German stays after a reload there.
      await other.page.reload();
      await expect(h1(other.page, 'Projekte')).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test('signing in as a user with another saved language switches the UI to it', async ({ page }) => {
    const german = await registerUser('german user', { language: 'de' });
    const english = await registerUser('english user', { language: 'en' });

    await page.goto('/login');
    await submitLogin(page, german);
    await expect(h1(page, 'Projekte')).toBeVisible();

    await page.getByRole('button', { name: 'Konto' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page keeps the last language of this browser.
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();

    await page.getByLabel('E-Mail', { exact: true }).fill(english.email);
    await page.getByLabel('Passwort', { exact: true }).fill(english.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(h1(page, 'Projects')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a language chosen on the sign-up page is saved with the new account', async ({ page }) => {
    const user = newUser();
    await page.goto('/signup');
    await chooseLanguage(page, 'Français');
    await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();

    await page.getByLabel('Nom', { exact: true }).fill(user.name);
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(page.getByRole('heading', { name: 'Consultez vos e-mails' })).toBeVisible();

    await openConfirmLink(page, user.email);
    await expect(h1(page, 'Projets')).toBeVisible();
    expect(await accountLanguage(page)).toBe('fr');
  });

  test('the profile page language list changes and saves the language', async ({ page }) => {
    await signedInPage(page, { path: '/profile' });
    await expect(h1(page, 'Profile')).toBeVisible();
    const saved = languageSaved(page);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();

    await expect(h1(page, 'Profil')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveText('Deutsch');
    expect((await saved).status()).toBe(200);
    expect(await accountLanguage(page)).toBe('de');

    // Back to English through the header menu.
    await chooseLanguage(page, 'English');
    await expect(h1(page, 'Profile')).toBeVisible();
    await expect.poll(() => accountLanguage(page)).toBe('en');
    await signOutViaUi(page);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
