import {
  main,
  newUser,
  registerUser,
  signedInPage,
  signInViaUi,
  signOutViaUi,
  signUpViaUi,
  submitLogin,
} from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('authentication', () => {
  test('signing up through /signup lands on the projects list', async ({ page }) => {
    const user = newUser();
    await signUpViaUi(page, user);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('All projects you are a member of.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select project' })).toHaveText('No Projects Available');

    // The account menu names the new user; the session is real (survives a reload).
    await page.reload();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu')).toContainText(user.name);
    await expect(page.getByRole('menu')).toContainText(user.email);
    await page.keyboard.press('Escape');

    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).data).toMatchObject({
      email: user.email,
      name: user.name,
      is_super_admin: false,
    });
  });

  test('signing up with an email that is taken shows an error', async ({ page }) => {
    const existing = await registerUser();
    await signUpViaUi(page, { ...existing, name: 'Someone Else' });
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('signing out via the account menu returns to /login and protects the app', async ({ page }) => {
    await signedInPage(page, { path: '/dashboard' });
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    await signOutViaUi(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    for (const path of ['/dashboard', '/projects/new', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
  });

  test('signing in again works and returns to the page that asked for it', async ({ page }) => {
    const user = await registerUser();

    await signInViaUi(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    await signOutViaUi(page);
    await expect(page).toHaveURL(/\/login$/);

    // A protected page sends the visitor to /login, and signing in brings them back to it.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  });

  test('a wrong password shows an error and does not sign in', async ({ page }) => {
    const user = await registerUser();

    await signInViaUi(page, { email: user.email, password: 'not the right password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // An unknown account gets the same answer.
    await page.getByLabel('Email', { exact: true }).fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

    // The right password still works afterwards.
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the login form validates before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
