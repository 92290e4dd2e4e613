import { SignInPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import { registerUser } from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('the first minute', () => {
  test('opening / sends an anonymous visitor to sign in, and a signed-in one to the dashboard', async ({
    page,
  }) => {
    const user = await registerUser();
    const shell = new AppShell(page);

    const first = await page.goto('/');
    expect(first?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);

    await new SignInPage(page).signIn(user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading('Projects')).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.heading('Projects')).toBeVisible();
  });
});
