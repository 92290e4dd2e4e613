import { expect, test } from '../support/test.ts';

test.describe('API documentation', () => {
  test('/api/docs shows the operations of the API under the security headers', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Parley API');
    const login = page.locator('.opblock-post').filter({ hasText: '/api/auth/login' });
    await expect(login).toBeVisible();
    await expect(page.locator('.opblock').first()).toBeVisible();
    await login.locator('.opblock-summary').click();
    await expect(login.getByRole('button', { name: 'Try it out' })).toBeVisible();
  });
});
