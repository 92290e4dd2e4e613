import { PasswordPage, SignInPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import { isolatedApi, registerUser, type TestUser } from '../support/flows.ts';
import { resetLinkFromLog } from '../support/server.ts';
import { expect, type Page, test, watchContentSecurityPolicy } from '../support/test.ts';

const MISSING_TOKEN = 'Invalid or missing reset token. Please request a new password reset link.';
const USED_LINK = 'This password reset link is invalid, expired or already used. Please request a new one.';
const SENT =
  'If an account exists for this email address, we have sent a link to reset your password. Please check your inbox.';

/** Asks for a reset link through the "Forgot password?" dialog on /login. */
async function requestResetLink(page: Page, user: TestUser): Promise<string> {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.email.fill(user.email);
  const dialog = await signIn.forgotPassword();
  // The dialog starts with the email typed on the sign-in form.
  await expect(dialog.email).toHaveValue(user.email);
  await dialog.sendButton.click();
  await expect(dialog.status).toHaveText(SENT);
  await dialog.close();

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
    const form = new PasswordPage(page);

    await page.goto(link);
    await expect(form.heading('Reset Password')).toBeVisible();
    await expect(page.getByText(MISSING_TOKEN)).toHaveCount(0);
    const submit = form.submitButton();

    // Validation happens in the page.
    await submit.click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await form.fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await form.fill('password');
    await expect(page.getByText('Password strength: very weak')).toBeVisible();
    await submit.click();
    await expect(
      page.getByText('This password is too common. Please choose one that is harder to guess.'),
    ).toBeVisible();

    await form.fill('brand new password', 'brand new passw0rd');
    await submit.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    expect(await loginStatus(user.email, user.password)).toBe(200); // nothing was changed yet

    // Success: message, cleared and locked form, then /login?password_reset=1 after 3 s.
    const newPassword = 'brand new password';
    await form.confirmPassword.fill(newPassword);
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password'));
    await submit.click();
    expect((await reset).status()).toBe(200);
    const savedAt = Date.now();
    await expect(form.status).toHaveText('Your password has been saved. Redirecting you to sign in...');
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await expect(form.newPassword).toHaveValue('');
    await expect(form.newPassword).toBeDisabled();
    await expect(form.confirmPassword).toBeDisabled();
    await expect(submit).toBeDisabled();

    await page.waitForURL(/\/login\?password_reset=1$/);
    const elapsed = Date.now() - savedAt;
    expect(elapsed).toBeGreaterThanOrEqual(2500); // 3 s, less the time the test saw the answer late
    expect(elapsed).toBeLessThan(8000);
    await expect(
      page.getByText('Your password has been set. You can now sign in with your new password.'),
    ).toBeVisible();

    // The new password works, the old one does not.
    await new SignInPage(page).signIn({ email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new AppShell(page).heading('Projects')).toBeVisible();
    expect(await loginStatus(user.email, user.password)).toBe(401);

    // The same link a second time fails with an error and keeps the form usable.
    await page.goto(link);
    await expect(form.heading('Reset Password')).toBeVisible();
    await form.fill('yet another password');
    await submit.click();
    await expect(form.error).toHaveText(USED_LINK);
    await expect(page).toHaveURL(link);
    await expect(form.newPassword).toBeEnabled();
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
      const signIn = new SignInPage(other);
      await signIn.open();
      await signIn.signIn(user);
      await expect(other).toHaveURL(/\/dashboard$/);

      const link = await requestResetLink(page, user);
      const form = new PasswordPage(page);
      await page.goto(link);
      await form.fill('completely new 123');
      await form.submitButton().click();
      await expect(form.status).toBeVisible();

      await other.reload();
      await expect(other).toHaveURL(/\/login$/);
    } finally {
      await elsewhere.close();
    }
  });

  test('asking for a link for an unknown email answers the same', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();
    const dialog = await signIn.forgotPassword();
    await dialog.sendButton.click();
    await expect(dialog.root.getByText('Email is required')).toBeVisible();
    await dialog.email.fill(`nobody-${Date.now()}@example.com`);
    await dialog.sendButton.click();
    await expect(dialog.status).toHaveText(SENT);
  });

  test('/reset-password without a token explains and disables the form', async ({ page }) => {
    const form = new PasswordPage(page);
    await page.goto('/reset-password');
    await expect(form.heading('Reset Password')).toBeVisible();
    await expect(form.error).toHaveText(MISSING_TOKEN);
    await expect(form.newPassword).toBeDisabled();
    await expect(form.confirmPassword).toBeDisabled();
    await expect(form.submitButton()).toBeDisabled();

    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(new SignInPage(page).heading).toBeVisible();
  });

  test('/set-password is titled "Set Your Password"', async ({ page }) => {
    const form = new PasswordPage(page);
    await page.goto('/set-password?token=not-a-real-token');
    await expect(form.heading('Set Your Password')).toBeVisible();
    await expect(page.getByText(MISSING_TOKEN)).toHaveCount(0);
    await form.fill('a good password');
    await form.submitButton('Set Password').click();
    await expect(form.error).toHaveText(USED_LINK);

    await page.goto('/set-password');
    await expect(form.heading('Set Your Password')).toBeVisible();
    await expect(form.error).toHaveText(MISSING_TOKEN);
    await expect(form.submitButton('Set Password')).toBeDisabled();
  });
});
