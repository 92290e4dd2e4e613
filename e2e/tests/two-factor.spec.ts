import { SignInPage } from '../pages/auth.ts';
import { expectNoViolations } from '../support/axe.ts';
import { createProjectViaApi, freshPage, signedInPage } from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';
import { nextTotpCode, totpCode } from '../support/totp.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

test.describe('two-factor sign-in', () => {
  test('turns on with an authenticator app on the profile, then signing in asks for a code (from the test clock) or a recovery code', async ({
    page,
    browser,
  }) => {
    // Three browsers, each signing in with a password (argon2), and six full-page screenshots.
    test.setTimeout(150_000);
    const user = await signedInPage(page, { path: '/profile' });
    await page.getByRole('link', { name: 'Manage security' }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(page, 'two-factor-setup');
    await expectNoViolations(page, 'setting up two-factor sign-in on /profile/security');
    await page.setViewportSize(PHONE);
    await shoot(page, 'two-factor-setup-phone');
    await page.setViewportSize(DESKTOP);

    // A wrong code first: the page says so and stays.
    await page.getByLabel('2. Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('authenticator-app').getByRole('alert')).toContainText(
      'That code is not right',
    );
    await page.getByLabel('2. Code from the app').fill(totpCode(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    const codes = dialog.getByTestId('recovery-codes').locator('li');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allTextContents();
    await shoot(page, 'two-factor-recovery-codes');
    await expectNoViolations(page, 'the recovery codes dialog');
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText(/^On since /)).toBeVisible();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('Unused recovery codes: 10');
    await shoot(page, 'two-factor-on');
    await page.setViewportSize(PHONE);
    await shoot(page, 'two-factor-on-phone');

    // Another browser: the password alone is not enough.
    const other = await freshPage(browser);
    try {
      const signIn = new SignInPage(other.page);
      await signIn.open();
      await signIn.signIn(user);
      await expect(other.page).toHaveURL(/\/login\/two-factor$/);
      await expect(other.page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
      expect((await other.page.request.get('/api/auth/me')).status()).toBe(401);
      await shoot(other.page, 'two-factor-sign-in');
      await expectNoViolations(other.page, '/login/two-factor');
      await other.page.getByLabel('Code', { exact: true }).fill(nextTotpCode(key));
      await other.page.getByRole('button', { name: 'Verify' }).click();
      await expect(other.page).toHaveURL(/\/dashboard$/);
      const me = await other.page.request.get('/api/auth/me');
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);
    } finally {
      await other.context.close();
    }

    // A third browser without the phone: a recovery code, once.
    const third = await freshPage(browser);
    try {
      const signIn = new SignInPage(third.page);
      await signIn.open();
      await signIn.signIn(user);
      await third.page.getByRole('button', { name: 'Use a recovery code' }).click();
      await third.page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
      await third.page.getByRole('button', { name: 'Verify' }).click();
      await expect(third.page).toHaveURL(/\/dashboard$/);
    } finally {
      await third.context.close();
    }
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('Unused recovery codes: 9');

    // Removing the app, the last second factor, turns two-factor sign-in off: the dialog says so first.
    const app = page.getByTestId('authenticator-app');
    await app.getByRole('button', { name: 'Remove' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await expect(removal).toContainText('It is your last second factor');
    await shoot(page, 'two-factor-remove-app');
    await removal.getByLabel('Code from the app or recovery code').fill(recoveryCodes[1]!);
    await removal.getByRole('button', { name: 'Remove and turn off' }).click();
    await expect(page.getByText('Authenticator app removed. Two-factor sign-in is off.')).toBeVisible();
    await expect(removal).toBeHidden();
    await expect(page.getByTestId('two-factor-off-hint')).toBeVisible();
    await expect(app.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  });

  test("an owner requires it of the project's admins; an admin without it is sent to set it up", async ({
    page,
    browser,
  }) => {
    await signedInPage(page);
    const started = await page.request.post('/api/users/me/two-factor/totp');
    const { secret } = ((await started.json()) as { data: { secret: string } }).data;
    const confirmed = await page.request.post('/api/users/me/two-factor/totp/confirm', {
      data: { code: totpCode(secret) },
    });
    expect(confirmed.status()).toBe(200);
    const project = await createProjectViaApi(page.request, { name: 'Two-factor project' });
    const { user: admin } = await addMemberViaApi(page.request, project.id, 'admin');

    await page.goto(`/projects/${project.id}/settings/general`);
    const section = page.getByTestId('two-factor-policy');
    const toggle = section.getByRole('switch', { name: 'Require two-factor sign-in for admins and owners' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('Admins and owners now need two-factor sign-in.')).toBeVisible();
    await expect(toggle).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'two-factor-project-rule');

    const other = await freshPage(browser);
    try {
      const signIn = new SignInPage(other.page);
      await signIn.open();
      await signIn.signIn(admin);
      await expect(other.page).toHaveURL(/\/dashboard$/);
      await other.page.goto(`/projects/${project.id}/dashboard`);
      await expect(other.page.getByRole('heading', { name: 'Two-factor sign-in required' })).toBeVisible();
      await shoot(other.page, 'two-factor-required');
      await other.page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
      await expect(other.page).toHaveURL(/\/profile\/security$/);
    } finally {
      await other.context.close();
    }
  });
});
