import { SuperAdminPage } from '../pages/admin.ts';
import { SignInPage } from '../pages/auth.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { expectNoViolations } from '../support/axe.ts';
import { freshPage, signedInPage, signInViaApi } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';
import { totpCode } from '../support/totp.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

test('a super admin resets the two-factor sign-in of a locked-out person, who then signs in with the password alone', async ({
  page,
  browser,
}) => {
  // Two browsers and three password sign-ins (argon2).
  test.setTimeout(90_000);
  const person = await freshPage(browser);
  try {
    const user = await signedInPage(person.page, { label: 'locked-out' });
    const started = await person.page.request.post('/api/users/me/two-factor/totp');
    const { secret } = ((await started.json()) as { data: { secret: string } }).data;
    const confirmed = await person.page.request.post('/api/users/me/two-factor/totp/confirm', {
      data: { code: totpCode(secret) },
    });
    expect(confirmed.status()).toBe(200);

    await signInViaApi(page.request, SUPER_ADMIN);
    const admin = new SuperAdminPage(page);
    await admin.openAsSuperAdmin();
    const accounts = page.getByTestId('admin-users');
    await accounts.getByLabel('Search by name or email').fill(user.email);
    await accounts.getByLabel('Search by name or email').press('Enter');
    const row = accounts.getByRole('row').filter({ hasText: user.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('On', { exact: true })).toBeVisible();

    // On a phone the accounts are cards: nothing scrolls sideways, and the reset is still at hand.
    await page.setViewportSize(PHONE);
    const card = accounts.locator('tbody tr').filter({ hasText: user.email });
    const reset = card.getByRole('button', { name: /^Reset two-factor sign-in of / });
    await reset.scrollIntoViewIfNeeded();
    await expect(reset).toBeInViewport({ ratio: 1 });
    // (strings: the e2e tsconfig has no DOM types)
    const tableBox = `document.querySelector('[data-testid="admin-users"] table').parentElement`;
    expect(await page.evaluate(`${tableBox}.scrollWidth - ${tableBox}.clientWidth`)).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    await shoot(page, 'admin-accounts-phone');
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: /^Reset two-factor sign-in of / }).click();
    const dialog = page.getByRole('dialog', { name: /^Reset two-factor sign-in of .+\?$/ });
    await expect(dialog).toContainText('signed out everywhere');
    await expect(dialog).toContainText('Check who is asking first');
    await shoot(page, 'two-factor-reset-dialog');
    await expectNoViolations(page, "the super admin's two-factor reset dialog");
    await page.setViewportSize(PHONE);
    await shoot(page, 'two-factor-reset-dialog-phone');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await expect(
      page.getByText(/^Two-factor sign-in of .+ was reset; they were signed out everywhere\.$/),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Off', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reset two-factor sign-in of / })).toHaveCount(0);

    // The person's browser was signed out; the password alone signs in again.
    expect((await person.page.request.get('/api/auth/me')).status()).toBe(401);
    const signIn = new SignInPage(person.page);
    await signIn.open();
    await signIn.signIn(user);
    await expect(person.page).toHaveURL(/\/dashboard$/);
    const me = await person.page.request.get('/api/auth/me');
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);
  } finally {
    await person.context.close();
  }
});
