import { SignInPage, SignUpPage } from '../pages/auth.ts';
import { AppShell, choose } from '../pages/shell.ts';
import { freshPage, newUser, registerUser, signedInPage } from '../support/flows.ts';
import { expect, type Page, test } from '../support/test.ts';

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
    const shell = new AppShell(page);
    const user = await signedInPage(page, { path: '/dashboard' });
    await expect(shell.heading('Projects')).toBeVisible();
    await expect(shell.languageMenu).toHaveText('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const saved = languageSaved(page);
    await shell.chooseLanguage('Deutsch');

    // At once, without a reload.
    await expect(shell.heading('Projekte')).toBeVisible();
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
    await shell.languageMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toHaveClass(/Mui-selected/);
    await page.keyboard.press('Escape');

    // Another browser (no cookies, no local storage) starts in English and turns German on sign-in.
    const other = await freshPage(browser);
    try {
      const signIn = new SignInPage(other.page);
      const otherShell = new AppShell(other.page);
      await signIn.open();
      await signIn.signIn(user);
      await expect(other.page).toHaveURL(/\/dashboard$/);
      await expect(otherShell.heading('Projekte')).toBeVisible();
      await expect(other.page.getByRole('button', { name: 'Konto' })).toBeVisible();
      await expect(other.page.locator('html')).toHaveAttribute('lang', 'de');

      // And German stays after a reload there.
      await other.page.reload();
      await expect(otherShell.heading('Projekte')).toBeVisible();
    } finally {
      await other.context.close();
    }
  });

  test('signing in as a user with another saved language switches the UI to it', async ({ page }) => {
    const german = await registerUser('german user', { language: 'de' });
    const english = await registerUser('english user', { language: 'en' });
    const shell = new AppShell(page);

    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(german);
    await expect(shell.heading('Projekte')).toBeVisible();

    await shell.signOut({ account: 'Konto', logOut: 'Abmelden' });
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page keeps the last language of this browser.
    await new SignInPage(page, {
      heading: 'Anmelden',
      email: 'E-Mail',
      password: 'Passwort',
      submit: 'Anmelden',
    }).signIn(english);
    await expect(shell.heading('Projects')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a language chosen on the sign-up page is saved with the new account', async ({ page }) => {
    const user = newUser();
    const shell = new AppShell(page);
    await new SignUpPage(page).open();
    await shell.chooseLanguage('Français');
    const signUp = new SignUpPage(page, {
      heading: 'Créez votre compte',
      name: 'Nom',
      email: 'E-mail',
      password: 'Mot de passe',
      submit: 'Créer un compte',
    });
    await signUp.signUp(user);
    await expect(page.getByRole('heading', { name: 'Consultez vos e-mails' })).toBeVisible();

    await signUp.openConfirmLink(user.email);
    await expect(shell.heading('Projets')).toBeVisible();
    expect(await accountLanguage(page)).toBe('fr');
  });

  test('the profile page language list changes and saves the language', async ({ page }) => {
    const shell = new AppShell(page);
    await signedInPage(page, { path: '/profile' });
    await expect(shell.heading('Profile')).toBeVisible();
    const saved = languageSaved(page);
    await choose(page, page.getByRole('combobox', { name: 'Language' }), 'Deutsch');

    await expect(shell.heading('Profil')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveText('Deutsch');
    expect((await saved).status()).toBe(200);
    expect(await accountLanguage(page)).toBe('de');

    // Back to English through the header menu.
    await shell.chooseLanguage('English');
    await expect(shell.heading('Profile')).toBeVisible();
    await expect.poll(() => accountLanguage(page)).toBe('en');
    await shell.signOut();
    await expect(new SignInPage(page).heading).toBeVisible();
  });
});
