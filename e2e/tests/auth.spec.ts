import { readFile } from 'node:fs/promises';
import {
  main,
  newUser,
  openConfirmLink,
  registerUser,
  signedInPage,
  signInViaUi,
  signOutViaUi,
  signUpViaUi,
  submitLogin,
  uniqueEmail,
} from '../support/flows.ts';
import { confirmLinkFromLog, SERVER_LOG } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const checkEmail = (email: string) =>
  `We have sent an email to ${email}. Open the link in it to confirm your address and sign in.`;

test.describe('authentication', () => {
  test('signing up through /signup, then the emailed link, lands on the projects list', async ({ page }) => {
    const user = newUser();
    await signUpViaUi(page, user);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(checkEmail(user.email));
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    await openConfirmLink(page, user.email);
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

  test('signing up with a taken email answers as for a new one and emails the owner', async ({ page }) => {
    const existing = await registerUser();
    await signUpViaUi(page, { ...existing, name: 'Someone Else', password: 'intruder picks 42 words' });
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(checkEmail(existing.email));
    const noticeLogged = async () =>
      (await readFile(SERVER_LOG, 'utf8'))
        .split('\n')
        .some(
          (line) => line.includes(`Email to ${existing.email} `) && line.includes('Someone tried to sign up'),
        );
    await expect.poll(noticeLogged).toBe(true);
    // The account and its password are untouched.
    await signInViaUi(page, existing);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an account signs in only after following the emailed link', async ({ page }) => {
    const user = newUser();
    await signUpViaUi(page, user);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await submitLogin(page, user);
    await expect(page.getByRole('alert')).toHaveText(
      'Please confirm your email address first: open the link we emailed you when you signed up.',
    );

    await openConfirmLink(page, user.email);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    // The link works once.
    const link = await confirmLinkFromLog(user.email);
    await signOutViaUi(page);
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'This confirmation link is invalid, expired or already used. Sign up again to get a new one.',
    );
  });

  test('the sign-up form rates the password and refuses a weak one', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await expect(page.getByRole('progressbar', { name: 'Password strength: very weak' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('This password is too common. Please choose one that is harder to guess.'),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('plum rocket violin');
    await expect(page.getByText('Password strength: strong')).toBeVisible();
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
