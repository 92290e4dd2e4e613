import { SignInPage } from '../pages/auth.ts';
import { AppShell } from '../pages/shell.ts';
import { expectNoViolations } from '../support/axe.ts';
import { signedInPage } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

test.describe('passkeys', () => {
  test('a passkey added on Security turns two-factor sign-in on, finishes a password sign-in, and removing it turns it off', async ({
    page,
  }) => {
    // Two password sign-ins (argon2), two ceremonies and eight full-page screenshots.
    test.setTimeout(120_000);
    // Chromium's virtual authenticator (DevTools protocol) stands in for the fingerprint reader: a platform
    // passkey that keeps its credentials and answers every prompt as a verified user. The page's address is
    // http://localhost (a secure context), and PUBLIC_URL's host is the relying party the server names.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    const user = await signedInPage(page, { path: '/profile/security' });
    const twoFactor = page.getByTestId('two-factor');
    const passkeys = page.getByTestId('passkeys');
    await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();

    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    // Suggested from the browser and system (headless Chromium on Linux here).
    await expect(dialog.getByLabel('Name')).toHaveValue('Chrome on Linux');
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
    await expect(codes.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await codes.getByRole('button', { name: 'I have saved them' }).click();
    await expect(codes).toBeHidden();
    const row = passkeys.getByTestId('passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Work laptop');
    await expect(row).toContainText('Not used yet');
    await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('Unused recovery codes: 10');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await shoot(page, 'passkeys-security');
    await expectNoViolations(page, '/profile/security with a passkey');
    await page.setViewportSize(PHONE);
    await shoot(page, 'passkeys-security-phone');
    await page.setViewportSize(DESKTOP);

    // Signed out, the password alone is not enough: the second step offers the passkey first.
    await new AppShell(page).signOut();
    const signIn = new SignInPage(page);
    await signIn.signIn(user);
    await expect(page).toHaveURL(/\/login\/two-factor$/);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await expect(usePasskey).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
    await expect(page.getByLabel('Code', { exact: true })).toHaveCount(0);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await shoot(page, 'passkeys-sign-in');
    await expectNoViolations(page, '/login/two-factor with a passkey');
    await page.setViewportSize(PHONE);
    await shoot(page, 'passkeys-sign-in-phone');
    await page.setViewportSize(DESKTOP);
    await usePasskey.click();
    // Signed in, back on the page the sign-out left.
    await expect(page).toHaveURL(/\/profile\/security$/);
    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);

    // The passkey was used; removing the account's only second factor warns, then turns it off.
    await expect(row).toContainText('Last used');
    await row.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' });
    await expect(confirm).toContainText('It is your last second factor');
    await shoot(page, 'passkeys-remove-last');
    await confirm.getByRole('button', { name: 'Remove and turn off' }).click();
    await expect(page.getByText('Passkey removed. Two-factor sign-in is off.')).toBeVisible();
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
    const status = await page.request.get('/api/users/me/two-factor');
    expect(((await status.json()) as { data: { enabled: boolean } }).data.enabled).toBe(false);
  });
});
