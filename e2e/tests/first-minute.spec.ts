import { main, registerUser, submitLogin } from '../support/flows.ts';
import { expect, test } from '../support/test.ts';

test.describe('the first minute', () => {
  test('opening / sends an anonymous visitor to sign in, and a signed-in one to the dashboard', async ({
    page,
  }) => {
    const user = await registerUser();

    const first = await page.goto('/');
    expect(first?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);

    await submitLogin(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });
});
