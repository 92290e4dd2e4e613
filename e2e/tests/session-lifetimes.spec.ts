import { SESSION_LIFETIME_DEFAULTS } from '@parley/contracts';
import { SuperAdminPage } from '../pages/admin.ts';
import { choose } from '../pages/shell.ts';
import { SUPER_ADMIN } from '../support/accounts.ts';
import { asSuperAdmin } from '../support/billing.ts';
import { signInViaApi } from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

// The session lifetimes are platform-wide: this file runs in the platform-settings project, after every other test.

test.afterAll(() =>
  asSuperAdmin(async (api) => {
    const response = await api.put('/api/admin/session-lifetimes', { data: SESSION_LIFETIME_DEFAULTS });
    expect(response.status()).toBe(200);
  }),
);

test('the super admin sets the idle timeout and the maximum lifetime of sessions', async ({ page }) => {
  await signInViaApi(page.request, SUPER_ADMIN);
  const admin = new SuperAdminPage(page);
  await admin.openAsSuperAdmin();
  const card = page.getByTestId('session-lifetimes');
  const idle = card.getByRole('spinbutton', { name: 'Idle timeout' });
  const absolute = card.getByRole('spinbutton', { name: 'Maximum lifetime (days)' });
  await expect(idle).toHaveValue('30');
  await expect(absolute).toHaveValue('30');

  // An idle timeout longer than the lifetime is refused before it is sent.
  await absolute.fill('10');
  await expect(card).toContainText('Cannot be longer than the maximum lifetime.');
  await expect(card.getByRole('button', { name: 'Save session lifetimes' })).toBeDisabled();

  await idle.fill('12');
  await choose(page, card.getByRole('combobox', { name: 'Unit' }), 'hours');
  await card.getByRole('button', { name: 'Save session lifetimes' }).click();
  await expect(admin.toast).toHaveText('Session lifetimes saved.');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-session-lifetimes');

  const saved = await page.request.get('/api/admin/session-lifetimes');
  expect((await saved.json()).data).toEqual({ idle_minutes: 12 * 60, absolute_days: 10 });
  // This browser is still signed in.
  await page.reload();
  await expect(idle).toHaveValue('12');
});
