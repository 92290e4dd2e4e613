import { randomBytes } from 'node:crypto';
import { SignInPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import { type FakeGoogleAccount, signInToGoogleAs } from '../support/fake-google.ts';
import {
  createProjectViaApi,
  isolatedApi,
  newUser,
  registerUser,
  signUpViaApi,
  uniqueEmail,
  uniqueName,
} from '../support/flows.ts';
import { inviteViaApi } from '../support/members.ts';
import { inviteLinkFromLog } from '../support/server.ts';
import { expect, test } from '../support/test.ts';
import { nextTotpCode, totpCode } from '../support/totp.ts';

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

  test('an invitee with two-factor sign-in who signs up with Google from the invitation lands on the project after the code', async ({
    page,
    context,
  }) => {
    const owner = await isolatedApi();
    const inviteeApi = await isolatedApi();
    try {
      await signUpViaApi(owner, newUser('inviting owner'));
      const project = await createProjectViaApi(owner, { name: uniqueName('Invited with Google') });
      const invitee = newUser('google invitee');
      await signUpViaApi(inviteeApi, invitee);
      const started = await inviteeApi.post('/api/users/me/two-factor/totp');
      const { secret } = ((await started.json()) as { data: { secret: string } }).data;
      const confirmed = await inviteeApi.post('/api/users/me/two-factor/totp/confirm', {
        data: { code: totpCode(secret) },
      });
      expect(confirmed.status()).toBe(200);
      await inviteViaApi(owner, project.id, invitee.email, 'teamleader');
      const link = new URL(await inviteLinkFromLog(invitee.email));
      await signInToGoogleAs(context, googleAccount({ email: invitee.email }));

      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('link', { name: 'Create account' }).click();
      await page.getByRole('button', { name: 'Sign up with Google' }).click();
      await expect(page).toHaveURL(/\/login\/two-factor$/);
      await page.getByLabel('Code', { exact: true }).fill(nextTotpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      // The project the sign-in joined, not the dashboard nor the used invitation.
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}(/|$)`));
    } finally {
      await owner.dispose();
      await inviteeApi.dispose();
    }
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
