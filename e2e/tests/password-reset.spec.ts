import { isolatedApi, registerUser, signInViaUi, submitLogin, type TestUser } from '../support/flows.ts';
import { resetLinkFromLog } from '../support/server.ts';
import { expect, type Page, test, watchContentSecurityPolicy } from '../support/test.ts';

const MISSING_TOKEN = 'Invalid or missing reset token. Please request a new password reset link.';
const USED_LINK = 'This password reset link is invalid, expired or already used. Please request a new one.';
const SENT =
  'If an account exists for this email address, we have sent a link to reset your password. Please check your inbox.';

const newPasswordField = (page: Page) => page.getByLabel('New Password', { exact: true });
const confirmField = (page: Page) => page.getByLabel('Confirm New Password', { exact: true });

/** Asks for a reset link through the "Forgot password?" dialog on /login. */
async function requestResetLink(page: Page, user: TestUser): Promise<string> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();

  const dialog = page.getByRole('dialog', { name: 'Forgot your password?' });
  await expect(dialog).toBeVisible();
  // The dialog starts with the email typed on the sign-in form.
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(SENT);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const link = await resetLinkFromLog(user.email);
  expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
  return link;
}

async function loginStatus(email: string, password: string): Promise<number> {
  const api = await isolatedApi();
  try {
    return (await api.post('/api/auth/login', { data: { email, password } })).status();
  } finally {
    await api.dispose();
  }
}

test.describe('password reset', () => {
  test('forgot password → link → new password → sign in; the link works only once', async ({ page }) => {
    const user = await registerUser();
    const link = await requestResetLink(page, user);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByText(MISSING_TOKEN)).toHaveCount(0);
    const submit = page.getByRole('button', { name: 'Reset Password' });

    // Validation happens in the page.
    await submit.click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await newPasswordField(page).fill('short');
    await confirmField(page).fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await newPasswordField(page).fill('password');
    await confirmField(page).fill('password');
    await expect(page.getByText('Password strength: very weak')).toBeVisible();
    await submit.click();
    await expect(
      page.getByText('This password is too common. Please choose one that is harder to guess.'),
    ).toBeVisible();

    await newPasswordField(page).fill('brand new password');
    await confirmField(page).fill('brand new passw0rd');
    await submit.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    expect(await loginStatus(user.email, user.password)).toBe(200); // nothing was changed yet

    // Success: message, cleared and locked form, then /login?password_reset=1 after 3 s.
    const newPassword = 'brand new password';
    await confirmField(page).fill(newPassword);
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password'));
    await submit.click();
    expect((await reset).status()).toBe(200);
    const savedAt = Date.now();
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been saved. Redirecting you to sign in...',
    );
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await expect(newPasswordField(page)).toHaveValue('');
    await expect(newPasswordField(page)).toBeDisabled();
    await expect(confirmField(page)).toBeDisabled();
    await expect(submit).toBeDisabled();

    await page.waitForURL(/\/login\?password_reset=1$/);
    const elapsed = Date.now() - savedAt;
    expect(elapsed).toBeGreaterThanOrEqual(2500); // 3 s, less the time the test saw the answer late
    expect(elapsed).toBeLessThan(8000);
    await expect(
      page.getByText('Your password has been set. You can now sign in with your new password.'),
    ).toBeVisible();

    // The new password works, the old one does not.
    await submitLogin(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    expect(await loginStatus(user.email, user.password)).toBe(401);

    // The same link a second time fails with an error and keeps the form usable.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await newPasswordField(page).fill('yet another password');
    await confirmField(page).fill('yet another password');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(USED_LINK);
    await expect(page).toHaveURL(link);
    await expect(newPasswordField(page)).toBeEnabled();
    expect(await loginStatus(user.email, 'yet another password')).toBe(401);
    expect(await loginStatus(user.email, newPassword)).toBe(200);
  });

  test('resetting the password ends the sessions of the account', async ({ page, browser }) => {
    const user = await registerUser();
    // Signed in elsewhere.
    const elsewhere = await browser.newContext();
    watchContentSecurityPolicy(elsewhere);
    try {
      const other = await elsewhere.newPage();
      await signInViaUi(other, user);
      await expect(other).toHaveURL(/\/dashboard$/);

      const link = await requestResetLink(page, user);
      await page.goto(link);
      await newPasswordField(page).fill('completely new 123');
      await confirmField(page).fill('completely new 123');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('status')).toBeVisible();

      await other.reload();
      await expect(other).toHaveURL(/\/login$/);
    } finally {
      await elsewhere.close();
    }
  });

  test('asking for a link for an unknown email answers the same', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot your password?' });
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill(`nobody-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByRole('status')).toHaveText(SENT);
  });

  test('/reset-password without a token explains and disables the form', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(MISSING_TOKEN);
    await expect(newPasswordField(page)).toBeDisabled();
    await expect(confirmField(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('/set-password is titled "Set Your Password"', async ({ page }) => {
    await page.goto('/set-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await expect(page.getByText(MISSING_TOKEN)).toHaveCount(0);
    await newPasswordField(page).fill('a good password');
    await confirmField(page).fill('a good password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(USED_LINK);

    await page.goto('/set-password');
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(MISSING_TOKEN);
    await expect(page.getByRole('button', { name: 'Set Password' })).toBeDisabled();
  });
});
