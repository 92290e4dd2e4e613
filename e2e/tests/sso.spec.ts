import { randomBytes } from 'node:crypto';
import { choose } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { addOidcAccount, fakeOidc } from '../support/fake-oidc.ts';
import { createProjectViaApi, freshPage, signInViaApi, uniqueName } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe('Single sign-on', () => {
  test('the super admin sets up an OIDC connection; a person of the domain signs in through it, just in time', async ({
    page,
    browser,
  }) => {
    const domain = `e2e-${randomBytes(4).toString('hex')}.test`;
    const projectName = uniqueName('SSO project');
    await signInViaApi(page.request, SUPER_ADMIN);
    await createProjectViaApi(page.request, { name: projectName });
    const provider = fakeOidc();

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Set up single sign-on' }).click();
    await expect(page).toHaveURL(/\/sso$/);
    await page.getByRole('button', { name: 'New connection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Acme identity provider');
    await dialog.getByLabel('Issuer URL').fill(provider.issuer);
    await dialog.getByLabel('Client ID').fill(provider.clientId);
    await dialog.getByLabel('Client secret').fill(provider.clientSecret);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const card = page.locator('section', { hasText: 'Acme identity provider' }).last();
    await expect(card.getByLabel('Redirect URI (sign-in redirect URL)')).toHaveValue(
      /\/api\/auth\/sso\/oidc\/callback$/,
    );
    await card.getByLabel('Domain', { exact: true }).fill(domain);
    await card.getByRole('button', { name: 'Add domain' }).click();
    const row = card.getByTestId(`sso-domain-${domain}`);
    await expect(row).toContainText('Waiting for DNS');
    await expect(row).toContainText('parley-verification=');
    await row.getByRole('button', { name: 'Mark verified' }).click();
    await expect(row).toContainText('Verified');

    await card.getByLabel('Group', { exact: true }).fill('engineers');
    await choose(page, card.getByLabel('Project', { exact: true }), projectName);
    await choose(page, card.getByLabel('Role', { exact: true }), 'Admin');
    await card.getByRole('button', { name: 'Add mapping' }).click();
    await expect(card.getByRole('row', { name: /engineers/ })).toContainText(projectName);
    await shoot(page, 'sso-settings');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'sso-settings-mobile');

    const email = `ada@${domain}`;
    await addOidcAccount({ sub: `e2e-${domain}`, email, name: 'Ada Lovelace', groups: ['engineers'] });
    const { context, page: person } = await freshPage(browser);
    try {
      await person.goto('/login');
      await person.getByLabel('Email').fill(email);
      await person.getByRole('button', { name: 'Sign in with SSO' }).click();
      await expect(person).toHaveURL(/\/dashboard$/);
      await expect(person.getByText(projectName)).toBeVisible();
      const me = (await (await person.request.get('/api/auth/me')).json()).data;
      expect(me).toMatchObject({ email, name: 'Ada Lovelace', has_password: false });
    } finally {
      await context.close();
    }
  });

  test('an email whose domain does not use SSO is told so on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(`someone@${randomBytes(4).toString('hex')}.example`);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await expect(page.getByText("Your email's domain does not use single sign-on.")).toBeVisible();
  });
});
