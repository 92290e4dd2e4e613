import { readFile } from 'node:fs/promises';
import { SignInPage, SignUpPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import {
  freshPage,
  isolatedApi,
  newUser,
  registerUser,
  signedInPage,
  uniqueEmail,
} from '../support/flows.ts';
import { confirmLinkFromLog, SERVER_LOG, signInLinkFromLog } from '../support/server.ts';
import { expect, test } from '../support/test.ts';

const checkEmail = (email: string) =>
  `We have sent an email to ${email}. Open the link in it to confirm your address and sign in.`;

test.describe('authentication', () => {
  test('signing up through /signup, then the emailed link, lands on the projects list', async ({ page }) => {
    const user = newUser();
    const signUp = new SignUpPage(page);
    const shell = new AppShell(page);
    await signUp.open();
    await signUp.signUp(user);
    await expect(signUp.checkEmailHeading).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(checkEmail(user.email));
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    await signUp.openConfirmLink(user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading('Projects')).toBeVisible();
    await expect(page.getByText('All projects you are a member of.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    await expect(shell.projectSelector).toHaveText('No Projects Available');

    // The account menu names the new user; the session is real (survives a reload).
    await page.reload();
    await expect(shell.heading('Projects')).toBeVisible();
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
    const signUp = new SignUpPage(page);
    await signUp.open();
    await signUp.signUp({ ...existing, name: 'Someone Else', password: 'intruder picks 42 words' });
    await expect(signUp.checkEmailHeading).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(checkEmail(existing.email));
    const noticeLogged = async () =>
      (await readFile(SERVER_LOG, 'utf8'))
        .split('\n')
        .some(
          (line) => line.includes(`Email to ${existing.email} `) && line.includes('Someone tried to sign up'),
        );
    await expect.poll(noticeLogged).toBe(true);
    // The account and its password are untouched.
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(existing);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an account signs in only after following the emailed link', async ({ page }) => {
    const user = newUser();
    const signUp = new SignUpPage(page);
    const signIn = new SignInPage(page);
    const shell = new AppShell(page);
    await signUp.open();
    await signUp.signUp(user);
    await expect(signUp.checkEmailHeading).toBeVisible();
    // The account is written in the background with the confirmation email; a newcomer reads it first.
    await confirmLinkFromLog(user.email);
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await signIn.signIn(user);
    await expect(signIn.error).toHaveText(
      'Please confirm your email address first: open the link we emailed you when you signed up.',
    );

    await signUp.openConfirmLink(user.email);
    await expect(shell.heading('Projects')).toBeVisible();
    // The link works once.
    const link = await confirmLinkFromLog(user.email);
    await shell.signOut();
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'This confirmation link is invalid, expired or already used. Sign up again to get a new one.',
    );
  });

  test('the sign-up form rates the password and refuses a weak one', async ({ page }) => {
    const signUp = new SignUpPage(page);
    await signUp.open();
    await signUp.email.fill(uniqueEmail());
    await signUp.password.fill('12345678');
    await expect(page.getByRole('progressbar', { name: 'Password strength: very weak' })).toBeVisible();
    await signUp.submitButton.click();
    await expect(
      page.getByText('This password is too common. Please choose one that is harder to guess.'),
    ).toBeVisible();
    await signUp.password.fill('plum rocket violin');
    await expect(page.getByText('Password strength: strong')).toBeVisible();
  });

  test('signing out via the account menu returns to /login and protects the app', async ({ page }) => {
    const shell = new AppShell(page);
    const signIn = new SignInPage(page);
    await signedInPage(page, { path: '/dashboard' });
    await expect(shell.heading('Projects')).toBeVisible();

    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(signIn.heading).toBeVisible();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    for (const path of ['/dashboard', '/projects/new', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(signIn.heading).toBeVisible();
    }
  });

  test('signing in again works and returns to the page that asked for it', async ({ page }) => {
    const user = await registerUser();
    const shell = new AppShell(page);
    const signIn = new SignInPage(page);

    await signIn.open();
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading('Projects')).toBeVisible();

    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);

    // A protected page sends the visitor to /login, and signing in brings them back to it.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(shell.heading('Profile')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  });

  test('a wrong password shows an error and does not sign in', async ({ page }) => {
    const user = await registerUser();
    const signIn = new SignInPage(page);

    await signIn.open();
    await signIn.signIn({ email: user.email, password: 'not the right password' });
    await expect(signIn.error).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // An unknown account gets the same answer.
    await signIn.email.fill(`nobody-${Date.now()}@example.com`);
    await signIn.submitButton.click();
    await expect(signIn.error).toHaveText('Invalid email or password.');

    // The right password still works afterwards.
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("wrong passwords from elsewhere lock out other browsers, not the owner's; a new one signs in by email", async ({
    page,
    browser,
  }) => {
    const user = await registerUser();
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies({ name: 'parley_session' }); // signed out, the browser stays known

    const stranger = await isolatedApi();
    try {
      const guess = (password: string) =>
        stranger.post('/api/auth/login', { data: { email: user.email, password } });
      for (let i = 1; i <= 10; i += 1) expect((await guess(`guess number ${i}`)).status()).toBe(401);
      expect((await guess('guess number 11')).status()).toBe(429);
    } finally {
      await stranger.dispose();
    }

    await signIn.open();
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/dashboard$/);

    const { context, page: elsewhere } = await freshPage(browser);
    try {
      const other = new SignInPage(elsewhere);
      await other.open();
      await other.signIn(user);
      await expect(other.error).toHaveText(
        'Too many failed sign-ins for this email. If your password was right, we have emailed you a link to sign in. Otherwise please wait 15 minutes or reset your password.',
      );
      await elsewhere.goto(await signInLinkFromLog(user.email));
      await expect(elsewhere).toHaveURL(/\/dashboard$/);
      expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  test('the login form validates before sending', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.submitButton.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await signIn.email.fill('not-an-email');
    await signIn.submitButton.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
