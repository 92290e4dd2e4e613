import { randomBytes } from 'node:crypto';
import { SignInPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import { type FakeGoogleAccount, signInToGoogleAs } from '../support/fake-google.ts';
import { registerUser, uniqueEmail } from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

const googleAccount = (overrides: Partial<FakeGoogleAccount> = {}): FakeGoogleAccount => ({
  sub: `e2e-${randomBytes(6).toString('hex')}`,
  email: uniqueEmail(),
  email_verified: true,
  name: 'Grace Hopper',
  ...overrides,
});

test.describe('Google sign-in', () => {
  test('signing up with Google lands signed in; the account sets a password and signs in with Google again', async ({
    page,
    context,
  }) => {
    const account = googleAccount();
    await signInToGoogleAs(context, account);
    const shell = new AppShell(page);

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading('Projects')).toBeVisible();
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me.data).toMatchObject({ email: account.email, name: 'Grace Hopper', has_password: false });

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
    await expect(page.getByLabel('Current Password', { exact: true })).toHaveCount(0);
    await page.getByLabel('New Password', { exact: true }).fill('a brand new passphrase 42');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('a brand new passphrase 42');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await page.context().clearCookies({ domain: new URL(page.url()).hostname });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await (await page.request.get('/api/auth/me')).json()).data.id).toBe(me.data.id);
  });

  test('an email Google has not verified does not sign in to the account that has it', async ({
    page,
    context,
  }) => {
    const owner = await registerUser();
    await signInToGoogleAs(context, googleAccount({ email: owner.email, email_verified: false }));
    await new SignInPage(page).open();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/\/auth\/google\/callback\?/);
    await expect(page.getByRole('alert')).toContainText('Google has not verified the email address');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
